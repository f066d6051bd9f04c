/**
 * Where the session token lives in the desktop shell. It never reaches renderer-readable storage
 * (architecture.md): the renderer gets an in-memory copy through 'token:get'.
 *
 * Chosen once, in createTokenVault() (the only place a vault is chosen), in this order:
 * 1. KeychainTokenVault: the OS keychain through keytar's API (@napi-rs/keyring/keytar.js —
 *    Keychain on macOS, Credential Manager on Windows, Secret Service on Linux), service
 *    'youxi-market', account 'session-token'. Chosen when a round trip through it answers.
 * 2. SafeStorageTokenVault: where no keychain answers (a Linux desktop without Secret Service),
 *    Electron safeStorage (async API) encrypts the token; the ciphertext is kept as base64 in its
 *    own electron-store file ('token-vault.json', separate from the settings so a settings reset
 *    never logs the user out and vice versa).
 * 3. MemoryTokenVault: when the OS cannot protect the key either (no safeStorage, or Linux's
 *    'basic_text' backend whose key is a hard-coded password) the token is kept for this run only;
 *    the user logs in again after a restart (index.ts tells them once). Plain text on disk is never
 *    an option.
 *
 * Logout and a 521/522 answer call clear(), which deletes the token wherever it may be — the
 * chosen place and the others (a token left behind by an earlier run that used another backend).
 */
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { app, safeStorage } from 'electron'
import Store from 'electron-store'

export const KEYCHAIN_SERVICE = 'youxi-market'
export const KEYCHAIN_ACCOUNT = 'session-token'
/** written and removed once at start when the keychain holds no token yet, to see that it answers */
const KEYCHAIN_PROBE_ACCOUNT = 'probe'

export interface TokenVault {
  /** how the token is kept, for logs and diagnostics */
  readonly kind: 'keychain' | 'safe-storage' | 'memory'
  /** false when the token is lost at the end of this run */
  readonly persistent: boolean
  get(): Promise<string | null>
  set(token: string): Promise<void>
  clear(): Promise<void>
}

/** The keytar API (@napi-rs/keyring/keytar.js is its drop-in). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export class KeychainTokenVault implements TokenVault {
  readonly kind = 'keychain' as const
  readonly persistent = true
  constructor(
    private readonly keytar: KeytarLike,
    private readonly service = KEYCHAIN_SERVICE,
    private readonly account = KEYCHAIN_ACCOUNT,
  ) {}
  async get(): Promise<string | null> {
    return (await this.keytar.getPassword(this.service, this.account)) || null
  }
  async set(token: string): Promise<void> {
    await this.keytar.setPassword(this.service, this.account, token)
  }
  async clear(): Promise<void> {
    await this.keytar.deletePassword(this.service, this.account)
  }
}

export class MemoryTokenVault implements TokenVault {
  readonly kind = 'memory' as const
  readonly persistent = false
  #token: string | null = null
  async get(): Promise<string | null> {
    return this.#token
  }
  async set(token: string): Promise<void> {
    this.#token = token
  }
  async clear(): Promise<void> {
    this.#token = null
  }
}

/** The part of electron-store the vault uses. */
export interface CiphertextStore {
  get(key: 'token'): string | undefined
  set(key: 'token', value: string): void
  delete(key: 'token'): void
}

/** The safeStorage calls the vault uses (the asynchronous API: the sync one is deprecated in Electron 45). */
export type SafeStorageLike = Pick<
  typeof safeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>

export class SafeStorageTokenVault implements TokenVault {
  readonly kind = 'safe-storage' as const
  readonly persistent = true
  constructor(
    private readonly store: CiphertextStore,
    private readonly crypto: SafeStorageLike,
  ) {}

  async get(): Promise<string | null> {
    const stored = this.store.get('token')
    if (!stored) return null
    try {
      const { result, shouldReEncrypt } = await this.crypto.decryptStringAsync(Buffer.from(stored, 'base64'))
      if (shouldReEncrypt) await this.set(result)
      return result
    } catch (error) {
      // the OS key changed or the file was tampered with: the token is gone, the user logs in again
      console.warn('[token-vault] stored token cannot be decrypted; cleared', error)
      this.store.delete('token')
      return null
    }
  }

  async set(token: string): Promise<void> {
    const ciphertext = await this.crypto.encryptStringAsync(token)
    this.store.set('token', ciphertext.toString('base64'))
  }

  async clear(): Promise<void> {
    this.store.delete('token')
  }
}

export interface VaultEnvironment {
  platform: NodeJS.Platform
  encryptionAvailable: boolean
  /** safeStorage.getSelectedStorageBackend() on Linux; undefined elsewhere */
  linuxBackend?: string
}

/** The pure decision of createTokenVault(): keychain first, safeStorage only when the OS really protects the key. */
export function chooseVaultKind(env: VaultEnvironment & { keychainAnswers?: boolean }): TokenVault['kind'] {
  if (env.keychainAnswers) return 'keychain'
  if (!env.encryptionAvailable) return 'memory'
  if (env.platform === 'linux' && (env.linuxBackend === 'basic_text' || env.linuxBackend === 'unknown'))
    return 'memory'
  return 'safe-storage'
}

export interface TokenVaultDeps {
  platform?: NodeJS.Platform
  /**
   * the keytar API; default: @napi-rs/keyring/keytar.js, loaded lazily (a missing native module
   * is a keychain that does not answer). null: do not try the keychain.
   */
  keytar?: KeytarLike | null
  crypto?: SafeStorageLike
  /** the ciphertext store; created lazily (electron-store 'token-vault') only when safeStorage is chosen */
  openStore?: () => CiphertextStore
  /** removes the safeStorage ciphertext file, wherever the vault is (clear() everywhere) */
  removeCiphertextFile?: () => Promise<void>
  /** how long to wait for the OS secret service before settling for the next option */
  timeoutMs?: number
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function encryptionAvailable(crypto: SafeStorageLike, timeoutMs: number): Promise<boolean> {
  return withTimeout(
    crypto.isAsyncEncryptionAvailable().catch(() => false),
    timeoutMs,
    false,
  )
}

/**
 * Whether the keychain really answers: a stored token says so at once; otherwise a probe entry is
 * written, read back and deleted (on Linux without Secret Service a read just answers null).
 */
export async function keychainAnswers(keytar: KeytarLike, timeoutMs: number): Promise<boolean> {
  const probe = async () => {
    if (await keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)) return true
    const value = `probe-${Date.now()}`
    await keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT, value)
    const back = await keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT)
    await keytar.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT).catch(() => false)
    return back === value
  }
  return withTimeout(
    probe().catch((error: unknown) => {
      console.info('[token-vault] no OS keychain:', error instanceof Error ? error.message : error)
      return false
    }),
    timeoutMs,
    false,
  )
}

/** @napi-rs/keyring's keytar API, or null when its native module cannot load here. */
export async function loadKeytar(): Promise<KeytarLike | null> {
  try {
    const mod = (await import('@napi-rs/keyring/keytar.js')) as unknown as KeytarLike & {
      default?: KeytarLike
    }
    return mod.default ?? mod
  } catch (error) {
    console.info('[token-vault] keychain module unavailable:', error instanceof Error ? error.message : error)
    return null
  }
}

function openCiphertextStore(): CiphertextStore {
  return new Store<{ token?: string }>({
    name: 'token-vault',
    schema: { token: { type: 'string', contentEncoding: 'base64' } },
    clearInvalidConfig: true,
  }) as CiphertextStore
}

async function removeDefaultCiphertextFile(): Promise<void> {
  const file = join(app.getPath('userData'), 'token-vault.json')
  if (existsSync(file)) await rm(file, { force: true })
}

/** clear() of the chosen vault plus the other places an earlier run may have left a token. */
class ClearEverywhere implements TokenVault {
  constructor(
    private readonly primary: TokenVault,
    private readonly others: Array<() => Promise<unknown>>,
  ) {}
  get kind() {
    return this.primary.kind
  }
  get persistent() {
    return this.primary.persistent
  }
  get = () => this.primary.get()
  set = (token: string) => this.primary.set(token)
  async clear(): Promise<void> {
    await this.primary.clear()
    for (const other of this.others) {
      await other().catch((error: unknown) => console.warn('[token-vault] cleanup failed', error))
    }
  }
}

/**
 * THE factory of the token vault (call after `ready`: safeStorage needs it).
 * Keychain → safeStorage → memory; see the header comment.
 */
export async function createTokenVault(deps: TokenVaultDeps = {}): Promise<TokenVault> {
  const platform = deps.platform ?? process.platform
  const timeoutMs = deps.timeoutMs ?? 10_000
  const removeCiphertext = deps.removeCiphertextFile ?? removeDefaultCiphertextFile
  const keytar = deps.keytar === undefined ? await loadKeytar() : deps.keytar
  const keychainOk = keytar ? await keychainAnswers(keytar, timeoutMs) : false

  if (keytar && keychainOk) {
    // a token an earlier run kept with safeStorage is not carried over: removed at the next clear()
    return new ClearEverywhere(new KeychainTokenVault(keytar), [removeCiphertext])
  }

  const crypto = deps.crypto ?? safeStorage
  const available = await encryptionAvailable(crypto, timeoutMs)
  const kind = chooseVaultKind({
    platform,
    encryptionAvailable: available,
    linuxBackend: platform === 'linux' && available ? crypto.getSelectedStorageBackend() : undefined,
  })
  if (kind === 'safe-storage') {
    return new SafeStorageTokenVault((deps.openStore ?? openCiphertextStore)(), crypto)
  }
  console.warn(
    '[token-vault] OS-protected encryption unavailable: the token is kept in memory for this run only',
  )
  return new ClearEverywhere(new MemoryTokenVault(), [removeCiphertext])
}

/**
 * The vault as IPC sees it while createTokenVault() is still deciding (the window opens at once;
 * a Secret Service may take seconds to answer): every call waits for the real vault.
 * `onVolatileSet` runs after a token was stored in a vault that forgets it at exit.
 */
export class DeferredTokenVault implements TokenVault {
  #vault: TokenVault | null = null
  private readonly pending: Promise<TokenVault>
  constructor(
    pending: Promise<TokenVault>,
    private readonly onVolatileSet?: () => void,
  ) {
    this.pending = pending
      .catch((error: unknown) => {
        console.warn('[token-vault] no vault could be created; memory only', error)
        return new MemoryTokenVault() as TokenVault
      })
      .then((vault) => (this.#vault = vault))
  }
  get kind(): TokenVault['kind'] {
    return this.#vault?.kind ?? 'memory'
  }
  get persistent(): boolean {
    return this.#vault?.persistent ?? false
  }
  ready(): Promise<TokenVault> {
    return this.pending
  }
  async get(): Promise<string | null> {
    return (await this.pending).get()
  }
  async set(token: string): Promise<void> {
    const vault = await this.pending
    await vault.set(token)
    if (!vault.persistent) this.onVolatileSet?.()
  }
  async clear(): Promise<void> {
    await (await this.pending).clear()
  }
}
