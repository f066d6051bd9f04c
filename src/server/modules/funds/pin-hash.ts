/**
 * The payment PIN at rest (docs/scaling.md, "Payment PIN"): HMAC-SHA-256 keyed by a secret kept
 * outside the database (PAY_PIN_KEY, or KEYS_DIR/pay-pin.key), with a random salt per value, stored as
 * `hmac$<key id>$<salt>$<mac>` (base64). A 6-digit PIN has a million values, so a slow hash does not
 * stop an offline guess; the key does (a stolen database alone checks nothing), and the lockout stops
 * online guesses. Verifying costs microseconds instead of scrypt's tens of milliseconds a payment.
 *
 * Older values (scrypt, from before) still verify, and `verify` asks for a re-hash on success so they
 * move to the keyed hash on the next payment. Rotation: the new key goes to PAY_PIN_KEY / the file, the
 * old ones to PAY_PIN_KEYS_OLD (comma-separated base64); values under an old key verify and are
 * re-hashed on success.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { keyId, loadKeyRing, type Keys } from '../../keys'
import { verifyPassword } from '../auth/password'

const KEY_FILE = 'pay-pin.key'
const SCHEME = 'hmac'

export interface PinHasher {
  hash(pin: string): string
  /** whether the PIN matches; `rehash` when the stored value should be replaced by `hash(pin)` */
  verify(pin: string, stored: string): Promise<{ right: boolean; rehash: boolean }>
}

/** The current key (PAY_PIN_KEY or its file), then the old ones (PAY_PIN_KEYS_OLD). */
export function loadPinKeys(keys: Keys): Buffer[] {
  return loadKeyRing(keys, KEY_FILE)
}

/** `keys[0]` hashes; every key verifies. */
export function pinHasher(keys: readonly Buffer[]): PinHasher {
  const byId = new Map(keys.map((k) => [keyId(k), k]))
  const current = keyId(keys[0])
  const mac = (key: Buffer, salt: Buffer, pin: string) =>
    createHmac('sha256', key).update(salt).update(pin, 'utf8').digest()
  return {
    hash(pin) {
      const salt = randomBytes(16)
      return [SCHEME, current, salt.toString('base64'), mac(keys[0], salt, pin).toString('base64')].join('$')
    },
    async verify(pin, stored) {
      if (stored.startsWith('scrypt$')) {
        const right = await verifyPassword(pin, stored)
        return { right, rehash: right }
      }
      const [scheme, id, salt, expected] = stored.split('$')
      const key = byId.get(id ?? '')
      if (scheme !== SCHEME || !key || !salt || !expected) return { right: false, rehash: false }
      const want = Buffer.from(expected, 'base64')
      const got = mac(key, Buffer.from(salt, 'base64'), pin)
      const right = want.length === got.length && timingSafeEqual(want, got)
      return { right, rehash: right && id !== current }
    },
  }
}
