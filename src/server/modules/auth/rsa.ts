/**
 * The RSA 2048 key pair the login and register forms encrypt passwords with (jsencrypt: PKCS#1 v1.5,
 * base64). Generated once per DATA_DIR and kept in DATA_DIR/keys (directory 0700, files 0600).
 * Node 20 refuses PKCS#1 v1.5 in privateDecrypt, so the raw RSA step runs natively (RSA_NO_PADDING,
 * about 0.3 ms) and the v1.5 padding is checked here; node-forge did both in JavaScript on the main
 * thread (about 40 ms a password, which capped logins and payments at ~25 a second per process).
 */
import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface PasswordCipher {
  publicKeyPem: string
  /** The plain text, or null when the value is not a ciphertext of our key. */
  decrypt(base64: string): string | null
}

export function loadOrCreateKeyPair(dataDir: string): PasswordCipher {
  const dir = join(dataDir, 'keys')
  const privatePath = join(dir, 'rsa-private.pem')
  const publicPath = join(dir, 'rsa-public.pem')
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    })
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 })
    writeFileSync(publicPath, pair.publicKey, { mode: 0o600 })
  }
  const privateKey = createPrivateKey(readFileSync(privatePath, 'utf8'))
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  return {
    publicKeyPem: readFileSync(publicPath, 'utf8'),
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
