/**
 * The Alipay simulator's signatures, written from Alipay's OpenAPI 2.0 documentation (not from the
 * SDK): RSA2 is SHA256withRSA, base64.
 * - A request is signed over all its parameters but `sign`, empty values left out, sorted by name,
 *   `k=v` joined with `&` (values as sent, not URL-encoded).
 * - A response is `{"<method with _>_response":{…},"sign":"…"}`, signed over the exact JSON text of
 *   the response object.
 * - An asynchronous notification is signed like a request but without `sign` and `sign_type`.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeOnce } from '../../../keys'

export type Params = Record<string, string>

const PRIVATE_FILE = 'alipay-platform-private.pem'
const PUBLIC_FILE = 'alipay-platform-public.pem'

/** The simulator's "Alipay platform" key pair, made once in `dir` (a second process finds the same). */
export function loadOrCreatePlatformKeys(dir: string): { privateKey: string; publicKey: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const privatePath = join(dir, PRIVATE_FILE)
  const publicPath = join(dir, PUBLIC_FILE)
  if (!existsSync(privatePath)) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    // both in one file first, so two processes racing keep one consistent pair
    writeOnce(privatePath, pair.privateKey + pair.publicKey)
  }
  const both = readFileSync(privatePath, 'utf8')
  const at = both.indexOf('-----BEGIN PUBLIC KEY-----')
  const privateKey = both.slice(0, at)
  const publicKey = both.slice(at)
  if (!existsSync(publicPath)) writeOnce(publicPath, publicKey)
  return { privateKey, publicKey }
}

/** A public key as Alipay's console shows it (bare base64) or PEM → PEM. */
export function publicKeyPem(key: string): string {
  if (key.includes('-----BEGIN')) return key
  const body = key.replace(/\s+/g, '')
  return `-----BEGIN PUBLIC KEY-----\n${body.replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64')
}

export function rsa2Verify(content: string, sign: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64')
  } catch {
    return false
  }
}

/** The signed string of a request (`leaveOut` also drops sign_type for notifications). */
export function signContent(params: Params, leaveOut: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

export const NOTIFY_LEAVE_OUT = ['sign', 'sign_type'] as const

/** The body of a signed gateway answer. */
export function signedResponse(key: string, data: object, privateKey: string): string {
  const json = JSON.stringify(data)
  return `{"${key}":${json},"sign":"${rsa2Sign(json, privateKey)}"}`
}
