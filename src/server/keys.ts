/**
 * Secrets every server process must share (docs/scaling.md, "Keys"; docs/operations.md, "Secrets"):
 * the RSA login key pair, the credential-encryption key, the payment-PIN key, the real-name key, the
 * SMS-code key, and the WeChat sandbox's token.
 *
 * Where a secret comes from, first match wins:
 * 1. its environment variable (base64 of the bytes; the RSA key as PEM text or base64 of the PEM),
 *    e.g. filled from a secret manager — the same value for every process;
 * 2. a file in KEYS_DIR (default DATA_DIR/keys; directory 0700, files 0600) — point every process at
 *    one provisioned directory;
 * 3. made on first use into that file with an exclusive write, so processes starting together on a
 *    shared directory end up with the same secret.
 * Never logged.
 *
 * With shared state (REDIS_URL: several processes) step 3 is refused unless KEYS_DIR was given, an
 * operator-provisioned directory every process mounts: a secret made in each process's own DATA_DIR
 * would differ between them (an SMS code sent through one refused by the other). `checkSecrets` runs
 * at the start for every secret the configuration uses and names each missing one with its variable.
 */
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The environment variable that overrides each secret file. */
export const SECRET_ENV: Readonly<Record<string, string>> = {
  'delivery-accounts.key': 'FIELD_ENCRYPTION_KEY',
  'pay-pin.key': 'PAY_PIN_KEY',
  'rsa-private.pem': 'RSA_PRIVATE_KEY',
  'real-names.key': 'REAL_NAME_KEY',
  'sms-codes.key': 'SMS_CODE_KEY',
  'wechat-sandbox.key': 'WECHAT_SANDBOX_KEY',
}

/** The variable of each rotatable secret's earlier keys (comma-separated base64), by its file's name. */
export const OLD_KEYS_ENV: Readonly<Record<string, string>> = {
  'pay-pin.key': 'PAY_PIN_KEYS_OLD',
  'real-names.key': 'REAL_NAME_KEYS_OLD',
  'delivery-accounts.key': 'FIELD_ENCRYPTION_KEYS_OLD',
}

/** Where the secrets come from as configured (config.ts reads the variables, once). */
export interface KeySource {
  /** KEYS_DIR: the directory of the secret files (default DATA_DIR/keys) */
  dir?: string
  /** secrets given as environment variables (SECRET_ENV), by their file's name */
  given?: Readonly<Record<string, string>>
  /** earlier keys (base64) during a rotation (OLD_KEYS_ENV: PAY_PIN_KEYS_OLD …), by the secret's file */
  old?: Readonly<Record<string, readonly string[]>>
}

/** The secrets of one data directory: where their files are and which the environment gave. */
export interface Keys {
  dir: string
  given: Readonly<Record<string, string>>
  old: Readonly<Record<string, readonly string[]>>
  /** KEYS_DIR was given: a directory the operator provisioned for every process */
  provisioned: boolean
  /** the state is shared with other processes (REDIS_URL): no secret may be made per process */
  shared: boolean
}

/**
 * The keys of `dataDir` (files in DATA_DIR/keys unless KEYS_DIR says otherwise); tests pass no source.
 * `shared`: other processes share this one's state (REDIS_URL), so secrets must not be made here.
 */
export function keysOf(dataDir: string, source: KeySource = {}, shared = false): Keys {
  return {
    dir: source.dir || join(dataDir, 'keys'),
    given: source.given ?? {},
    old: source.old ?? {},
    provisioned: Boolean(source.dir),
    shared,
  }
}

/** A start refused because of the secrets: the message names each secret and its variable. */
export class SecretError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SecretError'
  }
}

/** Something per process that shared state cannot have: a secret file's name, or a description, and its variable. */
export interface PerProcess {
  what: string
  variable: string
  /** a note in Chinese and in English (e.g. another way out) */
  note?: { zh: string; en: string }
}

export function perProcessError(items: readonly PerProcess[]): SecretError {
  const zh = items
    .map((i) => `${i.what}（环境变量 ${i.variable}${i.note ? `；${i.note.zh}` : ''}）`)
    .join('、')
  const en = items.map((i) => `${i.what} (${i.variable}${i.note ? `; ${i.note.en}` : ''})`).join(', ')
  return new SecretError(
    `已设置 REDIS_URL（多个进程共享状态），但以下密钥会在本进程各自生成、与其他进程不同：${zh}。` +
      '请为每个进程设置相同的环境变量，或用 KEYS_DIR 指向各进程共用的已准备好的密钥目录（docs/operations.md「Secrets」）。' +
      `（REDIS_URL is set, but these would be generated per process: ${en}; give every process the same ` +
      'variables, or point KEYS_DIR at one provisioned directory.）',
  )
}

/** With shared state and no provisioned KEYS_DIR, refuses to make `fileName` in this process's own directory. */
function mayMake(keys: Keys, fileName: string): void {
  if (keys.shared && !keys.provisioned && !existsSync(join(keys.dir, fileName)))
    throw perProcessError([{ what: fileName, variable: SECRET_ENV[fileName] ?? '?' }])
}

/**
 * At the start, before anything is built: with shared state and no provisioned KEYS_DIR, every secret
 * in `files` must be given as its variable or be there already (e.g. a data directory restored with
 * its keys). `more` lists other per-process things of the configuration (the payment simulators).
 */
export function checkSecrets(keys: Keys, files: readonly string[], more: readonly PerProcess[] = []): void {
  if (!keys.shared) return
  const missing: PerProcess[] = keys.provisioned
    ? []
    : files
        .filter((f) => !keys.given[f] && !existsSync(join(keys.dir, f)))
        .map((f) => ({ what: f, variable: SECRET_ENV[f] ?? '?' }))
  if (missing.length + more.length > 0) throw perProcessError([...missing, ...more])
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
  mayMake(keys, fileName)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = join(dir, fileName)
  writeOnce(path, randomBytes(bytes).toString('base64'))
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
  if (secret.length !== bytes) throw new Error(`${path} is not a ${bytes}-byte secret`)
  return secret
}

/** Refuses, with shared state, to generate `fileName` in a directory of this process (rsa.ts). */
export const refuseIfPerProcess = mayMake

/**
 * A rotatable secret's key ring: the current key (its variable or file) first, then the earlier ones
 * (OLD_KEYS_ENV) — values made with any of them still verify or decrypt; new ones use the first.
 */
export function loadKeyRing(keys: Keys, fileName: string, bytes = 32): Buffer[] {
  const old = (keys.old[fileName] ?? []).map((k) => {
    const key = Buffer.from(k, 'base64')
    if (key.length !== bytes)
      throw new SecretError(
        `${OLD_KEYS_ENV[fileName]}: 每个旧密钥须为 ${bytes} 字节的 base64（each old key must be ${bytes} bytes in base64）`,
      )
    return key
  })
  return [loadOrCreateSecret(keys, fileName, bytes), ...old]
}

/** A short, public name of a key (its hash prefix): stored beside values made with it, for rotation. */
export const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8)
