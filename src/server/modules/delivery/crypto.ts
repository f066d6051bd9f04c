/**
 * Encryption at rest of delivery credentials: AES-256-GCM, a random 12-byte IV per value, the
 * 16-byte tag stored with it, and the listing and field as additional data (a value copied onto
 * another listing or field does not decrypt). The 32-byte key is FIELD_ENCRYPTION_KEY or made once in
 * KEYS_DIR (default DATA_DIR/keys; directory 0700, file 0600), and never logged (keys.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { loadOrCreateSecret, type Keys } from '../../keys'

const KEY_FILE = 'delivery-accounts.key'
const VERSION = 'v1'

export interface FieldCipher {
  encrypt(plain: string, context: string): string
  decrypt(sealed: string, context: string): string
}

export const loadOrCreateKey = (keys: Keys): Buffer => loadOrCreateSecret(keys, KEY_FILE)

export function fieldCipher(key: Buffer): FieldCipher {
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join('.')
    },
    decrypt(sealed, context) {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || data === undefined)
        throw new Error('unknown ciphertext format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      decipher.setAAD(Buffer.from(context, 'utf8'))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
    },
  }
}

/** What the seller sees: secret fields fully hidden, others as first 2 + **** + last 2 (short: all hidden). */
export function mask(value: string, secret: boolean): string {
  if (value === '') return ''
  const chars = [...value]
  if (secret || chars.length < 6) return '******'
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`
}
