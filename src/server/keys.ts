/**
 * Secrets every server process must share (docs/scaling.md, "Keys"): the RSA login key pair, the
 * credential-encryption key and the payment-PIN key.
 *
 * Where a secret comes from, first match wins:
 * 1. its environment variable (base64 of the bytes; the RSA key as PEM text or base64 of the PEM),
 *    e.g. filled from a secret manager — the same value for every process;
 * 2. a file in KEYS_DIR (default DATA_DIR/keys; directory 0700, files 0600) — point every process at
 *    one provisioned directory;
 * 3. made on first use into that file with an exclusive write, so processes starting together on a
 *    shared directory end up with the same secret.
 * Never logged.
 */
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The environment variable that overrides each secret file. */
export const SECRET_ENV: Readonly<Record<string, string>> = {
  'delivery-accounts.key': 'FIELD_ENCRYPTION_KEY',
  'pay-pin.key': 'PAY_PIN_KEY',
  'rsa-private.pem': 'RSA_PRIVATE_KEY',
}

/** Where the secrets come from as configured (config.ts reads the variables, once). */
export interface KeySource {
  /** KEYS_DIR: the directory of the secret files (default DATA_DIR/keys) */
  dir?: string
  /** secrets given as environment variables (SECRET_ENV), by their file's name */
  given?: Readonly<Record<string, string>>
  /** PAY_PIN_KEYS_OLD: earlier payment-PIN keys (base64) during a rotation (funds/pin-hash.ts) */
  oldPinKeys?: readonly string[]
}

/** The secrets of one data directory: where their files are and which the environment gave. */
export interface Keys {
  dir: string
  given: Readonly<Record<string, string>>
  oldPinKeys: readonly string[]
}

/** The keys of `dataDir` (files in DATA_DIR/keys unless KEYS_DIR says otherwise); tests pass no source. */
export function keysOf(dataDir: string, source: KeySource = {}): Keys {
  return {
    dir: source.dir || join(dataDir, 'keys'),
    given: source.given ?? {},
    oldPinKeys: source.oldPinKeys ?? [],
  }
}

/** Writes `content` to `path` only if no file is there yet (atomically: other processes see all or nothing). */
export function writeOnce(path: string, content: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temp, content, { mode: 0o600 })
  try {
    linkSync(temp, path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    rmSync(temp, { force: true })
  }
  try {
    chmodSync(path, 0o600)
  } catch {
    // not ours to fix (e.g. a read-only mount); reading still works
  }
}

export function loadOrCreateSecret(keys: Keys, fileName: string, bytes = 32): Buffer {
  const envName = SECRET_ENV[fileName]
  const fromEnv = keys.given[fileName]
  if (fromEnv) {
    const secret = Buffer.from(fromEnv, 'base64')
    if (secret.length !== bytes) throw new Error(`${envName} must be ${bytes} bytes in base64`)
    return secret
  }
  const dir = keys.dir
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = join(dir, fileName)
  writeOnce(path, randomBytes(bytes).toString('base64'))
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
  if (secret.length !== bytes) throw new Error(`${path} is not a ${bytes}-byte secret`)
  return secret
}

/** A short, public name of a key (its hash prefix): stored beside values made with it, for rotation. */
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8)
