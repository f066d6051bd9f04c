/**
 * Encryption at rest of delivery credentials (and, with a key of their own, real names): AES-256-GCM,
 * a random 12-byte IV per value, the 16-byte tag stored with it, and the listing and field as
 * additional data (a value copied onto another listing or field does not decrypt). The 32-byte key is
 * FIELD_ENCRYPTION_KEY or made once in KEYS_DIR (default DATA_DIR/keys; directory 0700, file 0600),
 * and never logged (keys.ts).
 *
 * Rotation (docs/operations.md, "Secrets"): the cipher holds a key ring, the current key first and the
 * earlier ones after it (FIELD_ENCRYPTION_KEYS_OLD, REAL_NAME_KEYS_OLD). A value is stored as
 * `v2.<key id>.<iv>.<tag>.<data>` with the public id of the key that sealed it (keys.ts, keyId), so it
 * opens with that key; values from before the key ids (`v1.<iv>.<tag>.<data>`) are tried with each key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { keyId, loadKeyRing, loadOrCreateSecret, type Keys } from '../../keys'

const KEY_FILE = 'delivery-accounts.key'
const VERSION = 'v2'

export interface FieldCipher {
  encrypt(plain: string, context: string): string
  decrypt(sealed: string, context: string): string
}

export const loadOrCreateKey = (keys: Keys): Buffer => loadOrCreateSecret(keys, KEY_FILE)

/** The delivery credentials' key ring: FIELD_ENCRYPTION_KEY (or its file), then FIELD_ENCRYPTION_KEYS_OLD. */
export const deliveryKeyRing = (keys: Keys): Buffer[] => loadKeyRing(keys, KEY_FILE)

function open(key: Buffer, iv: string, tag: string, data: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}

/** `keys[0]` seals; every key opens what it sealed. */
export function fieldCipher(keys: Buffer | readonly Buffer[]): FieldCipher {
  const ring = Buffer.isBuffer(keys) ? [keys] : [...keys]
  const current = ring[0]!
  const currentId = keyId(current)
  const byId = new Map(ring.map((k) => [keyId(k), k]))
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [
        VERSION,
        currentId,
        iv.toString('base64'),
        tag.toString('base64'),
        data.toString('base64'),
      ].join('.')
    },
    decrypt(sealed, context) {
      const parts = sealed.split('.')
      if (parts[0] === VERSION && parts.length === 5) {
        const [, id, iv, tag, data] = parts as [string, string, string, string, string]
        const key = byId.get(id)
        if (!key) throw new Error(`sealed with key ${id}, which is not in the key ring`)
        return open(key, iv, tag, data, context)
      }
      const [version, iv, tag, data] = parts
      if (version !== 'v1' || !iv || !tag || data === undefined || parts.length !== 4)
        throw new Error('unknown ciphertext format')
      // from before the key ids: the key that sealed it is one of the ring (GCM's tag tells which)
      let failure: unknown
      for (const key of ring) {
        try {
          return open(key, iv, tag, data, context)
        } catch (err) {
          failure = err
        }
      }
      throw failure
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
