/**
 * Where the session token lives in the desktop shell. It never reaches renderer-readable storage
 * (architecture.md): the renderer gets an in-memory copy through 'token:get'.
 *
 * Foundation implementations:
 * - SafeStorageTokenVault: Electron safeStorage (OS-protected key: Keychain on macOS, DPAPI on
 *   Windows, libsecret/kwallet on Linux) encrypts the token; the ciphertext is kept as base64
 *   in its own electron-store file ('token-vault.json', separate from the settings so a settings
 *   reset never logs the user out and vice versa).
 * - MemoryTokenVault: when the OS cannot protect the key (no safeStorage, or Linux's
 *   'basic_text' backend whose key is a hard-coded password) the token is kept for this run only;
 *   the user logs in again after a restart. Plain text on disk is never an option.
 *
 * SEAM for the desktop issue: the OS keychain through the keytar API (@napi-rs/keyring) becomes
 * the first choice in `createTokenVault()` below — the only place a vault is chosen. Nothing else
 * changes: IPC handlers only see the TokenVault interface.
 */
import { safeStorage } from 'electron'
import Store from 'electron-store'

export interface TokenVault {
  /** how the token is kept, for logs and diagnostics */
  readonly kind: 'safe-storage' | 'memory'
  get(): Promise<string | null>
  set(token: string): Promise<void>
  clear(): Promise<void>
}

export class MemoryTokenVault implements TokenVault {
  readonly kind = 'memory' as const
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

/** The pure decision of createTokenVault(): safeStorage only when the OS really protects the key. */
export function chooseVaultKind(env: VaultEnvironment): TokenVault['kind'] {
  if (!env.encryptionAvailable) return 'memory'
  if (env.platform === 'linux' && (env.linuxBackend === 'basic_text' || env.linuxBackend === 'unknown'))
    return 'memory'
  return 'safe-storage'
}

export interface TokenVaultDeps {
  platform?: NodeJS.Platform
  crypto?: SafeStorageLike
  /** the ciphertext store; created lazily (electron-store 'token-vault') only when safeStorage is chosen */
  openStore?: () => CiphertextStore
  /** how long to wait for the OS secret service before settling for memory */
  timeoutMs?: number
}

async function encryptionAvailable(crypto: SafeStorageLike, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([crypto.isAsyncEncryptionAvailable().catch(() => false), timeout])
  } finally {
    clearTimeout(timer)
  }
}

function openCiphertextStore(): CiphertextStore {
  return new Store<{ token?: string }>({
    name: 'token-vault',
    schema: { token: { type: 'string', contentEncoding: 'base64' } },
    clearInvalidConfig: true,
  }) as CiphertextStore
}

/**
 * THE factory of the token vault (call after `ready`: safeStorage needs it).
 * Desktop issue: try the OS keychain (@napi-rs/keyring, keytar API) first, here.
 */
export async function createTokenVault(deps: TokenVaultDeps = {}): Promise<TokenVault> {
  const platform = deps.platform ?? process.platform
  const crypto = deps.crypto ?? safeStorage
  const available = await encryptionAvailable(crypto, deps.timeoutMs ?? 10_000)
  const kind = chooseVaultKind({
    platform,
    encryptionAvailable: available,
    linuxBackend: platform === 'linux' && available ? crypto.getSelectedStorageBackend() : undefined,
  })
  if (kind === 'safe-storage')
    return new SafeStorageTokenVault((deps.openStore ?? openCiphertextStore)(), crypto)
  console.warn(
    '[token-vault] OS-protected encryption unavailable: the token is kept in memory for this run only',
  )
  return new MemoryTokenVault()
}
