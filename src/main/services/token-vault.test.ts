import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ safeStorage: {} }))
vi.mock('electron-store', () => ({ default: class {} }))

import {
  chooseVaultKind,
  createTokenVault,
  MemoryTokenVault,
  SafeStorageTokenVault,
  type CiphertextStore,
  type SafeStorageLike,
} from './token-vault'

/** a reversible stand-in for the OS encryption: base64 of the reversed text, prefixed */
function fakeSafeStorage(opts: { available?: boolean; backend?: string; hang?: boolean } = {}) {
  return {
    isAsyncEncryptionAvailable: vi.fn(() =>
      opts.hang ? new Promise<boolean>(() => {}) : Promise.resolve(opts.available ?? true),
    ),
    getSelectedStorageBackend: vi.fn(() => opts.backend ?? 'gnome_libsecret'),
    encryptStringAsync: vi.fn(async (text: string) => Buffer.from('enc:' + [...text].reverse().join(''))),
    decryptStringAsync: vi.fn(async (buf: Buffer) => {
      const s = buf.toString()
      if (!s.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return { result: [...s.slice(4)].reverse().join(''), shouldReEncrypt: false }
    }),
  } as unknown as SafeStorageLike
}

function memoryStore(): CiphertextStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  }
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('chooseVaultKind', () => {
  it('uses safeStorage only when the OS protects the key', () => {
    expect(chooseVaultKind({ platform: 'darwin', encryptionAvailable: true })).toBe('safe-storage')
    expect(chooseVaultKind({ platform: 'win32', encryptionAvailable: true })).toBe('safe-storage')
    expect(
      chooseVaultKind({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'gnome_libsecret' }),
    ).toBe('safe-storage')
    expect(chooseVaultKind({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'kwallet6' })).toBe(
      'safe-storage',
    )
    expect(
      chooseVaultKind({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'basic_text' }),
    ).toBe('memory')
    expect(chooseVaultKind({ platform: 'darwin', encryptionAvailable: false })).toBe('memory')
  })
})

describe('createTokenVault', () => {
  it('safeStorage available → encrypted store (base64 ciphertext, never the token)', async () => {
    const store = memoryStore()
    const crypto = fakeSafeStorage()
    const vault = await createTokenVault({ platform: 'linux', crypto, openStore: () => store })
    expect(vault).toBeInstanceOf(SafeStorageTokenVault)
    await vault.set('secret-token')
    const stored = store.data.get('token') ?? ''
    expect(stored).not.toContain('secret-token')
    expect(Buffer.from(stored, 'base64').toString()).toBe('enc:nekot-terces')
    await expect(vault.get()).resolves.toBe('secret-token')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
    expect(store.data.has('token')).toBe(false)
  })

  it('Linux basic_text backend → memory (its key is a hard-coded password)', async () => {
    const openStore = vi.fn(memoryStore)
    const vault = await createTokenVault({
      platform: 'linux',
      crypto: fakeSafeStorage({ backend: 'basic_text' }),
      openStore,
    })
    expect(vault).toBeInstanceOf(MemoryTokenVault)
    expect(openStore).not.toHaveBeenCalled()
  })

  it('encryption unavailable → memory', async () => {
    const crypto = fakeSafeStorage({ available: false })
    const vault = await createTokenVault({ platform: 'win32', crypto, openStore: memoryStore })
    expect(vault.kind).toBe('memory')
    await vault.set('t')
    await expect(vault.get()).resolves.toBe('t')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
  })

  it('a secret service that never answers → memory after the timeout', async () => {
    const vault = await createTokenVault({
      platform: 'linux',
      crypto: fakeSafeStorage({ hang: true }),
      openStore: memoryStore,
      timeoutMs: 10,
    })
    expect(vault.kind).toBe('memory')
  })

  it('a ciphertext that no longer decrypts is cleared, not thrown', async () => {
    const store = memoryStore()
    store.data.set('token', Buffer.from('garbage').toString('base64'))
    const vault = new SafeStorageTokenVault(store, fakeSafeStorage())
    await expect(vault.get()).resolves.toBeNull()
    expect(store.data.has('token')).toBe(false)
  })

  it('re-encrypts when safeStorage asks for it (key rotation)', async () => {
    const store = memoryStore()
    const crypto = fakeSafeStorage()
    const vault = new SafeStorageTokenVault(store, crypto)
    await vault.set('abc')
    vi.mocked(crypto.decryptStringAsync).mockResolvedValueOnce({ result: 'abc', shouldReEncrypt: true })
    await expect(vault.get()).resolves.toBe('abc')
    expect(crypto.encryptStringAsync).toHaveBeenCalledTimes(2)
  })
})
