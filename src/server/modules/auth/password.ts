/** Password hashing with Node's scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash base64). */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** The cost every deployment hashes with (auth.test.ts holds it to this). */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 }
/**
 * Test-only seam: under Vitest (the runner sets VITEST; no deployment does) new hashes cost N = 1024,
 * since the server tests register, seed and log in thousands of times and scrypt at 16384 was seconds
 * of their CPU. A stored hash names its own parameters, so verifying is the same code either way.
 */
const PARAMS = process.env.VITEST ? { ...SCRYPT_PARAMS, N: 1024 } : SCRYPT_PARAMS
const KEY_LENGTH = 64

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** `params`: the cost, the deployment's unless a test asks for another */
export async function hashPassword(
  password: string,
  params: ScryptOptions & typeof SCRYPT_PARAMS = PARAMS,
): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, params, KEY_LENGTH)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: +n, r: +r, p: +p }, expected.length)
  return timingSafeEqual(actual, expected)
}
