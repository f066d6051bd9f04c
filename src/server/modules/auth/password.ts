/** Password hashing with Node's scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash base64). */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** The cost every deployment hashes with (auth.test.ts holds it to this). */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 }
let params = SCRYPT_PARAMS
/**
 * Test-only seam: the server tests' setup (src/server/test-setup.ts, scripts/test-template.ts) makes
 * new hashes cost N = 1024, since the tests register, seed and log in thousands of times and scrypt at
 * 16384 was seconds of their CPU. A stored hash names its own parameters, so verifying is the same
 * code either way. No deployment calls it.
 */
export function lowerScryptCostForTests(): void {
  params = { ...SCRYPT_PARAMS, N: 1024 }
}
const KEY_LENGTH = 64

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** `cost`: the deployment's unless a test asks for another */
export async function hashPassword(
  password: string,
  cost: ScryptOptions & typeof SCRYPT_PARAMS = params,
): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, cost, KEY_LENGTH)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: +n, r: +r, p: +p }, expected.length)
  return timingSafeEqual(actual, expected)
}
