/**
 * The RSA 2048 key pair the login and register forms encrypt passwords with (jsencrypt: PKCS#1 v1.5,
 * base64). From RSA_PRIVATE_KEY (PEM, or base64 of the PEM) when set, else generated once into KEYS_DIR
 * (default DATA_DIR/keys; directory 0700, files 0600): every process must share it (docs/scaling.md).
 * Node 20 refuses PKCS#1 v1.5 in privateDecrypt, so the raw RSA step runs natively (RSA_NO_PADDING)
 * and the v1.5 padding is checked here; node-forge did both in JavaScript on the main thread (about
 * 40 ms a password, which capped logins and payments at ~25 a second per process).
 *
 * The raw RSA step (~0.45 ms of CPU, a fifth of a paid order's server time) runs on worker threads:
 * every payment and login decrypts one password, and the event loop is free for other requests
 * meanwhile (docs/scaling.md, "Payments at database speed").
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { refuseIfPerProcess, writeOnce, type Keys } from '../../keys'

/** the key pair's file in KEYS_DIR (RSA_PRIVATE_KEY instead: keys.ts) */
const PRIVATE_FILE = 'rsa-private.pem'

export interface PasswordCipher {
  publicKeyPem: string
  /** The plain text, or null when the value is not a ciphertext of our key. */
  decrypt(base64: string): Promise<string | null>
  /** Ends the worker threads (the app's onClose); a later decrypt starts them again. */
  close(): Promise<void>
}

/**
 * A worker's whole program: raw RSA with the private key it was given, one message at a time. Plain
 * CommonJS evaluated from this string, so it runs the same from the bundle, tsx and Vitest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { constants, createPrivateKey, privateDecrypt } = require('node:crypto')
const key = createPrivateKey(workerData.pem)
parentPort.on('message', ({ id, block }) => {
  let em = null
  try {
    em = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, block)
  } catch {}
  parentPort.postMessage({ id, em })
})
`

/** One worker thread and the calls it holds. */
function rsaWorker(pem: string, onGone: () => void) {
  const pending = new Map<number, { resolve: (em: Buffer | null) => void; reject: (err: Error) => void }>()
  let lastId = 0
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pem } })
  // an idle worker does not keep the process alive (a server's listening socket does)
  worker.unref()
  worker.on('message', ({ id, em }: { id: number; em: Uint8Array | null }) => {
    const call = pending.get(id)
    pending.delete(id)
    call?.resolve(em ? Buffer.from(em.buffer, em.byteOffset, em.byteLength) : null)
  })
  const fail = (err: Error) => {
    onGone()
    // the calls it held fail (an error answer, never counted as a wrong password)
    for (const call of pending.values()) call.reject(err)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the RSA worker stopped (exit code ${code})`)))
  return {
    run(block: Buffer): Promise<Buffer | null> {
      const id = ++lastId
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        // a copy of just these bytes: a small Buffer is a view into Node's shared pool, and posting
        // the view would copy the whole pool to the worker
        worker.postMessage({ id, block: new Uint8Array(block) })
      })
    },
    terminate: () => worker.terminate(),
  }
}

/**
 * Threads for the raw RSA step, started on first use: one less than the cores (the event loop has
 * one), at least one, at most four. Calls go round-robin and wait in their worker's queue.
 */
function rsaWorkers(pem: string) {
  const size = Math.max(1, Math.min(4, availableParallelism() - 1))
  let workers: Array<ReturnType<typeof rsaWorker>> = []
  let next = 0
  return {
    run(block: Buffer): Promise<Buffer | null> {
      if (workers.length < size) {
        const worker = rsaWorker(pem, () => (workers = workers.filter((w) => w !== worker)))
        workers.push(worker)
      }
      return workers[next++ % workers.length].run(block)
    },
    async close() {
      const ending = workers
      workers = []
      await Promise.all(ending.map((w) => w.terminate()))
    },
  }
}

export function loadOrCreateKeyPair(keys: Keys): PasswordCipher {
  const fromEnv = keys.given[PRIVATE_FILE]
  let pem: string
  if (fromEnv) {
    pem = fromEnv.startsWith('-----') ? fromEnv : Buffer.from(fromEnv, 'base64').toString('utf8')
  } else {
    const dir = keys.dir
    const privatePath = join(dir, PRIVATE_FILE)
    if (!existsSync(privatePath)) {
      refuseIfPerProcess(keys, PRIVATE_FILE)
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      })
      // exclusive: processes starting together on one directory all keep the first key written
      writeOnce(privatePath, pair.privateKey)
    }
    pem = readFileSync(privatePath, 'utf8')
  }
  // parsed here too: a bad key fails the start, not the first login
  const privateKey = createPrivateKey(pem)
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  const workers = rsaWorkers(pem)
  return {
    publicKeyPem,
    async decrypt(base64) {
      const given = Buffer.from(base64, 'base64')
      if (given.length === 0 || given.length > size) return null
      // jsencrypt drops leading zero bytes of the ciphertext: put them back
      const c = given.length === size ? given : Buffer.concat([Buffer.alloc(size - given.length), given])
      const em = await workers.run(c)
      // EM = 0x00 ‖ 0x02 ‖ PS (at least 8 non-zero bytes) ‖ 0x00 ‖ M
      if (!em || em.length !== size || em[0] !== 0x00 || em[1] !== 0x02) return null
      const end = em.indexOf(0x00, 2)
      if (end < 10) return null
      try {
        return utf8.decode(em.subarray(end + 1))
      } catch {
        return null
      }
    },
    close: () => workers.close(),
  }
}
