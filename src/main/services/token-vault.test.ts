import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ safeStorage: {}, app: { getPath: () => '/nonexistent-user-data' } }))
vi.mock('electron-store', () => ({ default: class {} }))

import {
  chooseVaultKind,
  createTokenVault,
  DeferredTokenVault,
  MemoryTokenVault,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  KeychainTokenVault,
  keychainAnswers,
  type KeytarLike,
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
    const vault = await createTokenVault({
      keytar: null,
      platform: 'linux',
      crypto,
      openStore: () => store,
    })
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
      keytar: null,
      platform: 'linux',
      crypto: fakeSafeStorage({ backend: 'basic_text' }),
      openStore,
    })
    expect(vault.kind).toBe('memory')
    expect(openStore).not.toHaveBeenCalled()
  })

  it('encryption unavailable → memory', async () => {
    const crypto = fakeSafeStorage({ available: false })
    const vault = await createTokenVault({
      keytar: null,
      platform: 'win32',
      crypto,
      openStore: memoryStore,
    })
    expect(vault.kind).toBe('memory')
    await vault.set('t')
    await expect(vault.get()).resolves.toBe('t')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
  })

  it('a secret service that never answers → memory after the timeout', async () => {
    const vault = await createTokenVault({
      keytar: null,
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

/** an in-memory keychain with the keytar API; `down` makes it behave like a missing Secret Service */
function fakeKeytar(opts: { down?: boolean; hang?: boolean; readsNullWhenDown?: boolean } = {}) {
  const entries = new Map<string, string>()
  const key = (s: string, a: string) => `${s}/${a}`
  const keytar = {
    entries,
    getPassword: vi.fn(async (s: string, a: string) => {
      if (opts.hang) return new Promise<string | null>(() => {})
      if (opts.down && !opts.readsNullWhenDown) throw new Error('platform storage unavailable')
      return opts.down ? null : (entries.get(key(s, a)) ?? null)
    }),
    setPassword: vi.fn(async (s: string, a: string, p: string) => {
      if (opts.down) throw new Error("Couldn't access platform storage: AccessDenied")
      entries.set(key(s, a), p)
    }),
    deletePassword: vi.fn(async (s: string, a: string) => {
      if (opts.down) return false
      return entries.delete(key(s, a))
    }),
  }
  return keytar as typeof keytar & KeytarLike
}

describe('OS keychain first', () => {
  it('chooses the keychain when a round trip answers, and leaves no probe behind', async () => {
    const keytar = fakeKeytar()
    const openStore = vi.fn(memoryStore)
    const crypto = fakeSafeStorage()
    const vault = await createTokenVault({ platform: 'linux', keytar, crypto, openStore })
    expect(vault.kind).toBe('keychain')
    expect(vault.persistent).toBe(true)
    expect(keytar.setPassword).toHaveBeenCalledWith(KEYCHAIN_SERVICE, 'probe', expect.any(String))
    expect([...keytar.entries.keys()]).toEqual([])
    expect(openStore).not.toHaveBeenCalled()
    expect(crypto.isAsyncEncryptionAvailable).not.toHaveBeenCalled()

    await vault.set('secret-token')
    expect(keytar.entries.get(`${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}`)).toBe('secret-token')
    await expect(vault.get()).resolves.toBe('secret-token')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
  })

  it('a keychain that already holds the token answers without a probe', async () => {
    const keytar = fakeKeytar()
    keytar.entries.set(`${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}`, 'kept')
    expect(await keychainAnswers(keytar, 100)).toBe(true)
    expect(keytar.setPassword).not.toHaveBeenCalled()
  })

  it('no Secret Service (reads answer null, writes fail) → safeStorage', async () => {
    const vault = await createTokenVault({
      platform: 'linux',
      keytar: fakeKeytar({ down: true, readsNullWhenDown: true }),
      crypto: fakeSafeStorage(),
      openStore: memoryStore,
    })
    expect(vault.kind).toBe('safe-storage')
  })

  it('a keychain that never answers → the next option after the timeout', async () => {
    const vault = await createTokenVault({
      platform: 'darwin',
      keytar: fakeKeytar({ hang: true }),
      crypto: fakeSafeStorage({ available: false }),
      openStore: memoryStore,
      timeoutMs: 10,
    })
    expect(vault.kind).toBe('memory')
    expect(vault.persistent).toBe(false)
  })

  it('no keychain and basic_text → memory only', async () => {
    const vault = await createTokenVault({
      platform: 'linux',
      keytar: fakeKeytar({ down: true }),
      crypto: fakeSafeStorage({ backend: 'basic_text' }),
      openStore: memoryStore,
    })
    expect(vault.kind).toBe('memory')
  })

  it('clear() also removes a ciphertext an earlier run left with safeStorage', async () => {
    const removeCiphertextFile = vi.fn(async () => {})
    const vault = await createTokenVault({ keytar: fakeKeytar(), removeCiphertextFile })
    await vault.set('t')
    await vault.clear()
    expect(removeCiphertextFile).toHaveBeenCalledTimes(1)
    const memory = await createTokenVault({
      keytar: null,
      crypto: fakeSafeStorage({ available: false }),
      removeCiphertextFile,
    })
    await memory.clear()
    expect(removeCiphertextFile).toHaveBeenCalledTimes(2)
  })

  it('the keychain vault maps an empty entry to null', async () => {
    const keytar = fakeKeytar()
    const vault = new KeychainTokenVault(keytar, 'svc', 'acc')
    keytar.entries.set('svc/acc', '')
    await expect(vault.get()).resolves.toBeNull()
  })

  it('chooseVaultKind puts an answering keychain first', () => {
    expect(chooseVaultKind({ platform: 'linux', encryptionAvailable: false, keychainAnswers: true })).toBe(
      'keychain',
    )
  })
})

describe('DeferredTokenVault', () => {
  it('waits for the vault and reports a token kept in memory only', async () => {
    let resolve!: (v: MemoryTokenVault) => void
    const onVolatileSet = vi.fn()
    const vault = new DeferredTokenVault(new Promise((r) => (resolve = r)), onVolatileSet)
    const got = vault.get()
    resolve(new MemoryTokenVault())
    await expect(got).resolves.toBeNull()
    await vault.set('t')
    expect(onVolatileSet).toHaveBeenCalledTimes(1)
    await expect(vault.get()).resolves.toBe('t')
    await vault.clear()
    await expect(vault.get()).resolves.toBeNull()
    expect(vault.kind).toBe('memory')
  })

  it('a persistent vault raises no notice; a failed factory falls back to memory', async () => {
    const onVolatileSet = vi.fn()
    const keychain = new KeychainTokenVault(fakeKeytar())
    const vault = new DeferredTokenVault(Promise.resolve(keychain), onVolatileSet)
    await vault.set('t')
    expect(onVolatileSet).not.toHaveBeenCalled()
    expect(vault.kind).toBe('keychain')
    const broken = new DeferredTokenVault(Promise.reject(new Error('boom')))
    await expect(broken.get()).resolves.toBeNull()
    expect(broken.kind).toBe('memory')
  })
})
