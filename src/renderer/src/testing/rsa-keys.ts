/**
 * A throwaway RSA key pair for the pages that encrypt a password before sending it: the public key
 * the fake server hands out (AUTH.publicKey) and `decrypt` to read back what the page sent. Made
 * natively (fast); forge reads the private key, as the pages' own encryption is forge's.
 */
import { generateKeyPairSync } from 'node:crypto'
import forge from 'node-forge'

export interface TestKeyPair {
  publicKey: string
  /** the plain text of a base64 RSAES-PKCS1-V1_5 cipher made with publicKey */
  decrypt: (cipher: string) => string
}

export function testKeyPair(): TestKeyPair {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey)
  return {
    publicKey: pair.publicKey,
    decrypt: (cipher) => privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5'),
  }
}
