/**
 * The RSA 2048 key pair the login and register forms encrypt passwords with (jsencrypt: PKCS#1 v1.5,
 * base64). Generated once per DATA_DIR and kept in DATA_DIR/keys (directory 0700, files 0600).
 * Decryption uses node-forge because Node 20 refuses PKCS#1 v1.5 in privateDecrypt.
 */
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import forge from 'node-forge'

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
  const privateKey = forge.pki.privateKeyFromPem(readFileSync(privatePath, 'utf8'))
  return {
    publicKeyPem: readFileSync(publicPath, 'utf8'),
    decrypt(base64) {
      try {
        return forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5'))
      } catch {
        return null
      }
    },
  }
}
