/**
 * Passwords never leave the browser in clear: they are RSA-encrypted (PKCS#1 v1.5, base64) with the
 * public key of GET /publicKey (spec §7). Only the login and register chunks load jsencrypt.
 */
import { JSEncrypt } from 'jsencrypt'
import { getPublicKey } from '@renderer/api/auth'

export function encryptWithKey(publicKey: string, plain: string): string {
  const rsa = new JSEncrypt()
  rsa.setPublicKey(publicKey)
  const cipher = rsa.encrypt(plain)
  if (!cipher) throw new Error('密码加密失败，请刷新页面后重试')
  return cipher
}

/** Fetch the current key and encrypt every value with it (one request for password + confirmation). */
export async function encryptPasswords(...plain: string[]): Promise<string[]> {
  const key = await getPublicKey()
  return plain.map((value) => encryptWithKey(key, value))
}
