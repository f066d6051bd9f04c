/**
 * The keychain path of the token vault against a REAL Secret Service / Keychain / Credential
 * Manager, through the real @napi-rs/keyring/keytar.js (no fake).
 *
 * Linux CI runs it inside a private D-Bus session with an unlocked gnome-keyring:
 *   npm run test:keychain      (= bash scripts/with-keyring.sh npx vitest run <this file>)
 * Without an answering keychain the tests skip with a message — unless KEYCHAIN_TEST_REQUIRED=1
 * (set by scripts/with-keyring.sh), where a silent keychain is a failure.
 *
 * Entries go to a test-only service name and are deleted afterwards.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// the vault module imports electron (safeStorage) and electron-store; neither is used on this path
vi.mock('electron', () => ({ safeStorage: {}, app: { getPath: () => '/nonexistent-user-data' } }))
vi.mock('electron-store', () => ({ default: class {} }))

import {
  createTokenVault,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  KeychainTokenVault,
  keychainAnswers,
  loadKeytar,
  type KeytarLike,
} from './token-vault'

const TEST_SERVICE = `${KEYCHAIN_SERVICE}-integration-test`
const required = process.env['KEYCHAIN_TEST_REQUIRED'] === '1'

let keytar: KeytarLike | null = null
let answers = false

beforeAll(async () => {
  keytar = await loadKeytar()
  answers = keytar ? await keychainAnswers(keytar, 15_000) : false
  if (!answers) {
    const why = keytar
      ? 'no OS keychain answers (on Linux: no Secret Service on the session D-Bus)'
      : 'the @napi-rs/keyring native module does not load on this platform'
    const message = `[keychain.integration] ${why}. Run it with a keyring: npm run test:keychain (scripts/with-keyring.sh).`
    if (required) throw new Error(message)
    console.warn(`${message} Skipping.`)
  }
}, 30_000)

afterAll(async () => {
  if (keytar && answers) await keytar.deletePassword(TEST_SERVICE, KEYCHAIN_ACCOUNT).catch(() => false)
})

describe('token vault on the real OS keychain', () => {
  it('sets, gets and deletes a token through the vault’s keychain backend', async (ctx) => {
    if (!answers || !keytar) return ctx.skip()
    const vault = new KeychainTokenVault(keytar, TEST_SERVICE, KEYCHAIN_ACCOUNT)
    await expect(vault.get()).resolves.toBeNull()
    await vault.set('integration-token-密钥-1')
    await expect(vault.get()).resolves.toBe('integration-token-密钥-1')
    // the entry really is in the keychain, not in the vault object
    await expect(keytar.getPassword(TEST_SERVICE, KEYCHAIN_ACCOUNT)).resolves.toBe('integration-token-密钥-1')
    await expect(new KeychainTokenVault(keytar, TEST_SERVICE, KEYCHAIN_ACCOUNT).get()).resolves.toBe(
      'integration-token-密钥-1',
    )
    await vault.set('integration-token-2')
    await expect(vault.get()).resolves.toBe('integration-token-2')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
    await expect(keytar.getPassword(TEST_SERVICE, KEYCHAIN_ACCOUNT)).resolves.toBeNull()
  })

  it('the factory chooses the keychain first when it answers, and leaves no probe entry', async (ctx) => {
    if (!answers || !keytar) return ctx.skip()
    const removeCiphertextFile = vi.fn(async () => {})
    const vault = await createTokenVault({ removeCiphertextFile, timeoutMs: 15_000 })
    expect(vault.kind).toBe('keychain')
    await expect(keytar.getPassword(KEYCHAIN_SERVICE, 'probe')).resolves.toBeNull()
    // the real service/account of the app: keep whatever a developer had there
    const before = await keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)
    try {
      await vault.set('factory-token')
      await expect(keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)).resolves.toBe('factory-token')
      await vault.clear()
      await expect(vault.get()).resolves.toBeNull()
      expect(removeCiphertextFile).toHaveBeenCalled()
    } finally {
      if (before) await keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, before)
    }
  })
})
