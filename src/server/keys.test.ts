/**
 * The secrets (keys.ts, docs/operations.md "Secrets"): with shared state (REDIS_URL) none may be made
 * per process — the start stops naming each secret and its variable — and the field keys rotate.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { checkSecrets, keysOf, loadKeyRing, loadOrCreateSecret, SecretError, SECRET_ENV } from './keys'
import { fieldCipher } from './modules/delivery/crypto'

const b64 = () => randomBytes(32).toString('base64')
const dirs: string[] = []
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'market-keys-'))
  dirs.push(dir)
  return dir
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

/** The per-process secrets the issue named, each with its variable. */
const NAMED = [
  ['real-names.key', 'REAL_NAME_KEY'],
  ['sms-codes.key', 'SMS_CODE_KEY'],
  ['wechat-sandbox.key', 'WECHAT_SANDBOX_KEY'],
  ['rsa-private.pem', 'RSA_PRIVATE_KEY'],
  ['pay-pin.key', 'PAY_PIN_KEY'],
  ['delivery-accounts.key', 'FIELD_ENCRYPTION_KEY'],
] as const

describe('secrets with shared state', () => {
  it('has a variable for every secret', () => {
    for (const [file, variable] of NAMED) expect(SECRET_ENV[file]).toBe(variable)
  })

  it('refuses to start when a secret would be made per process, naming each and its variable', async () => {
    const dataDir = await tempDir()
    const start = buildApp({ dataDir, redisUrl: 'redis://127.0.0.1:1/0', paySimulators: true })
    const err = await start.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(SecretError)
    const message = (err as Error).message
    for (const [file, variable] of NAMED) {
      expect(message).toContain(file)
      expect(message).toContain(variable)
    }
    expect(message).toContain('PAY_SIMULATORS_DIR')
    expect(message).toContain('KEYS_DIR')
    // it stopped before anything was made
    expect(existsSync(join(dataDir, 'keys'))).toBe(false)
    expect(existsSync(join(dataDir, 'market.db'))).toBe(false)
  })

  it('takes the variables, a provisioned KEYS_DIR, or files already there', async () => {
    const dataDir = await tempDir()
    const files = NAMED.map(([f]) => f)
    // all as variables
    const given = Object.fromEntries(files.map((f) => [f, b64()]))
    expect(() => checkSecrets(keysOf(dataDir, { given }, true), files)).not.toThrow()
    // one missing: only that one is named
    const { ['sms-codes.key']: _, ...fewer } = given
    expect(() => checkSecrets(keysOf(dataDir, { given: fewer }, true), files)).toThrow(
      /sms-codes\.key（环境变量 SMS_CODE_KEY）。/,
    )
    // an operator's shared directory: made there once, exclusively, for every process
    const shared = join(dataDir, 'shared-keys')
    const provisioned = keysOf(dataDir, { dir: shared }, true)
    expect(() => checkSecrets(provisioned, files)).not.toThrow()
    expect(loadOrCreateSecret(provisioned, 'sms-codes.key')).toEqual(
      loadOrCreateSecret(keysOf(join(dataDir, 'other'), { dir: shared }, true), 'sms-codes.key'),
    )
    // files already in DATA_DIR/keys (a data directory restored with its keys) are read, not made
    mkdirSync(join(dataDir, 'keys'))
    for (const f of files) writeFileSync(join(dataDir, 'keys', f), b64())
    expect(() => checkSecrets(keysOf(dataDir, {}, true), files)).not.toThrow()
    // without shared state a secret is made where it is missing, as before
    const alone = await tempDir()
    expect(() => checkSecrets(keysOf(alone), files)).not.toThrow()
    expect(loadOrCreateSecret(keysOf(alone), 'sms-codes.key')).toHaveLength(32)
  })

  it('refuses a secret made later per process too, not only at the start', async () => {
    const dataDir = await tempDir()
    expect(() => loadOrCreateSecret(keysOf(dataDir, {}, true), 'real-names.key')).toThrow(
      /real-names\.key（环境变量 REAL_NAME_KEY）/,
    )
    expect(existsSync(join(dataDir, 'keys', 'real-names.key'))).toBe(false)
  })
})

describe('rotation of the field keys (real names, delivery credentials)', () => {
  it('opens values sealed with an earlier key and seals new ones with the current key', () => {
    const [k1, k2] = [randomBytes(32), randomBytes(32)]
    const before = fieldCipher(k1).encrypt('陈静', 'realname:7:name')
    const after = fieldCipher([k2, k1])
    expect(after.decrypt(before, 'realname:7:name')).toBe('陈静')
    const sealed = after.encrypt('陈静', 'realname:7:name')
    // the new value names the new key and no longer opens with the old one alone
    expect(fieldCipher(k2).decrypt(sealed, 'realname:7:name')).toBe('陈静')
    expect(() => fieldCipher(k1).decrypt(sealed, 'realname:7:name')).toThrow(/not in the key ring/)
    // the context still binds the value
    expect(() => after.decrypt(before, 'realname:8:name')).toThrow()
  })

  it('opens values from before the key ids with any key of the ring', () => {
    const [k1, k2] = [randomBytes(32), randomBytes(32)]
    const current = fieldCipher(k1).encrypt('x', 'c')
    const [, , iv, tag, data] = current.split('.')
    const v1 = ['v1', iv, tag, data].join('.')
    expect(fieldCipher([k2, k1]).decrypt(v1, 'c')).toBe('x')
    expect(() => fieldCipher([k2]).decrypt(v1, 'c')).toThrow()
  })

  it('reads the earlier keys from the *_OLD variables and checks their length', async () => {
    const dataDir = await tempDir()
    const [now, old] = [b64(), b64()]
    const ring = loadKeyRing(
      keysOf(dataDir, { given: { 'real-names.key': now }, old: { 'real-names.key': [old] } }),
      'real-names.key',
    )
    expect(ring.map((k) => k.toString('base64'))).toEqual([now, old])
    expect(() =>
      loadKeyRing(keysOf(dataDir, { old: { 'real-names.key': ['c2hvcnQ='] } }), 'real-names.key'),
    ).toThrow(/REAL_NAME_KEYS_OLD/)
  })
})
