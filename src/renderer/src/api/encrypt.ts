/**
 * Passwords never leave the browser in clear: they are RSA-encrypted (PKCS#1 v1.5, base64) with the
 * server's public key (GET /publicKey). Loaded on demand with the first password sent, so jsencrypt
 * stays out of the shell's bundle.
 */
import { JSEncrypt } from 'jsencrypt'
import { AUTH } from '@shared/api/auth'
import { call } from './client'

export function encryptWithKey(publicKey: string, plain: string): string {
  const rsa = new JSEncrypt()
  rsa.setPublicKey(publicKey)
  const cipher = rsa.encrypt(plain)
  if (!cipher) throw new Error('密码加密失败，请刷新页面后重试')
  return cipher
}

/** Fetch the current key and encrypt every value with it (one request for password + confirmation). */
export async function encryptPasswords(...plain: string[]): Promise<string[]> {
  const key = (await call(AUTH.publicKey, {}, { skipAuth: true }))?.publicKey
  if (!key) throw new Error('服务器未提供加密公钥，请稍后再试')
  return plain.map((value) => encryptWithKey(key, value))
}
