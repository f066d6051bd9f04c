/**
 * The RSA 2048 key pair the login and register forms encrypt passwords with (jsencrypt: PKCS#1 v1.5,
 * base64). From RSA_PRIVATE_KEY (PEM, or base64 of the PEM) when set, else generated once into KEYS_DIR
 * (default DATA_DIR/keys; directory 0700, files 0600): every process must share it (docs/scaling.md).
 * Node 20 refuses PKCS#1 v1.5 in privateDecrypt, so the raw RSA step runs natively (RSA_NO_PADDING,
 * about 0.3 ms) and the v1.5 padding is checked here; node-forge did both in JavaScript on the main
 * thread (about 40 ms a password, which capped logins and payments at ~25 a second per process).
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
} from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { keysDir, writeOnce } from '../../keys'

export interface PasswordCipher {
  publicKeyPem: string
  /** The plain text, or null when the value is not a ciphertext of our key. */
  decrypt(base64: string): string | null
}

export function loadOrCreateKeyPair(dataDir: string): PasswordCipher {
  const fromEnv = process.env.RSA_PRIVATE_KEY?.trim()
  let pem: string
  if (fromEnv) {
    pem = fromEnv.startsWith('-----') ? fromEnv : Buffer.from(fromEnv, 'base64').toString('utf8')
  } else {
    const dir = keysDir(dataDir)
    const privatePath = join(dir, 'rsa-private.pem')
    if (!existsSync(privatePath)) {
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
  const privateKey = createPrivateKey(pem)
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  return {
    publicKeyPem,
    decrypt(base64) {
      try {
        const given = Buffer.from(base64, 'base64')
        if (given.length === 0 || given.length > size) return null
        // jsencrypt drops leading zero bytes of the ciphertext: put them back
        const c = given.length === size ? given : Buffer.concat([Buffer.alloc(size - given.length), given])
        const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, c)
        // EM = 0x00 ‖ 0x02 ‖ PS (at least 8 non-zero bytes) ‖ 0x00 ‖ M
        if (em.length !== size || em[0] !== 0x00 || em[1] !== 0x02) return null
        const end = em.indexOf(0x00, 2)
        if (end < 10) return null
        return utf8.decode(em.subarray(end + 1))
      } catch {
        return null
      }
    },
  }
}
