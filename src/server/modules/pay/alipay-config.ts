/**
 * The Alipay adapter's configuration (docs/payments.md, "Alipay") and the SDK configuration made of
 * it: keys normalised, public-key or certificate mode checked. The adapter itself is pay/alipay.ts.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import type { AlipaySdkConfig } from 'alipay-sdk'

/** Alipay's production OpenAPI gateway; its sandbox is https://openapi-sandbox.dl.alipaydev.com/gateway.do */
export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/**
 * How we reach Alipay (from the environment; config.ts reads it). Public-key mode needs
 * `alipayPublicKey`; certificate mode (required by Alipay for transfers, i.e. payouts) needs the
 * three certificates instead. Keys and certificates are PEM text (a key may also be the bare base64
 * Alipay's key tool writes).
 */
export interface AlipayConfig {
  /** ALIPAY_APP_ID: the application's id at Alipay (notifications name it as app_id) */
  appId: string
  /** ALIPAY_PRIVATE_KEY: the application's RSA private key, PKCS8 (`BEGIN PRIVATE KEY`) or PKCS1 (`BEGIN RSA PRIVATE KEY`) */
  privateKey: string
  /** ALIPAY_PUBLIC_KEY: Alipay's public key (not the application's) — public-key mode */
  alipayPublicKey?: string
  /** ALIPAY_APP_CERT: the application's public-key certificate (appCertPublicKey_….crt) — certificate mode */
  appCert?: string
  /** ALIPAY_PUBLIC_CERT: Alipay's public-key certificate (alipayCertPublicKey_RSA2.crt) — certificate mode */
  alipayPublicCert?: string
  /** ALIPAY_ROOT_CERT: Alipay's root certificate (alipayRootCert.crt) — certificate mode */
  alipayRootCert?: string
  /** ALIPAY_GATEWAY: the OpenAPI gateway, default ALIPAY_PRODUCTION_GATEWAY */
  gateway?: string
  /** ms to wait for one gateway answer (and a bill download), default 10 s */
  timeoutMs?: number
}

/** Any RSA private key PEM (PKCS8 or PKCS1) or bare base64 DER → one KeyObject; the key itself never goes into a message. */
function privateKeyOf(key: string): KeyObject {
  const text = key.trim()
  try {
    if (text.includes('-----BEGIN')) return createPrivateKey(text)
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64')
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' })
    }
  } catch {
    throw new Error('ALIPAY_PRIVATE_KEY 不是有效的 RSA 私钥（PKCS8 或 PKCS1 PEM）')
  }
}

function publicKeyOf(key: string): string {
  const text = key.trim()
  try {
    const object = text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' })
    return object.export({ type: 'spki', format: 'pem' }).toString()
  } catch {
    throw new Error('ALIPAY_PUBLIC_KEY 不是有效的 RSA 公钥')
  }
}

/** The SDK's configuration: every private key as PKCS8 PEM (the SDK wants its type told); certificates when given. */
export function alipaySdkConfig(config: AlipayConfig): AlipaySdkConfig {
  const certs = [config.appCert, config.alipayPublicCert, config.alipayRootCert]
  const certMode = certs.some(Boolean)
  if (certMode && !certs.every(Boolean))
    throw new Error('证书模式需要 ALIPAY_APP_CERT、ALIPAY_PUBLIC_CERT 和 ALIPAY_ROOT_CERT 三个证书')
  if (!certMode && !config.alipayPublicKey)
    throw new Error('需要 ALIPAY_PUBLIC_KEY（公钥模式）或三个证书（证书模式）以验证支付宝的签名')
  const sdk: AlipaySdkConfig = {
    appId: config.appId,
    privateKey: privateKeyOf(config.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    signType: 'RSA2',
    gateway: config.gateway || ALIPAY_PRODUCTION_GATEWAY,
    timeout: config.timeoutMs ?? 10_000,
    // Alipay's own field names (snake_case), as its documentation spells them
    camelcase: false,
  }
  if (certMode) {
    sdk.appCertContent = config.appCert
    sdk.alipayPublicCertContent = config.alipayPublicCert
    sdk.alipayRootCertContent = config.alipayRootCert
  } else {
    sdk.alipayPublicKey = publicKeyOf(config.alipayPublicKey!)
  }
  return sdk
}
