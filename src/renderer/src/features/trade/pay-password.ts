/**
 * The payment password leaves the browser RSA-encrypted with the same public key as the login
 * password. Only the chunks that import this file load jsencrypt.
 */
import { encryptPasswords } from '@renderer/features/auth/encrypt'

export async function encryptPayPassword(plain: string): Promise<string> {
  const [cipher] = await encryptPasswords(plain)
  return cipher as string
}

export { encryptPasswords }
