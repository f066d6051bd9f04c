/**
 * The WeChat Pay adapter's configuration (docs/payments.md, "WeChat Pay") and where it comes from: the
 * WECHATPAY_* environment variables. The adapter itself is pay/wechat.ts.
 */

/** The adapter's configuration; each field comes from the environment variable named beside it. */
export interface WechatPayConfig {
  /** WECHATPAY_MCH_ID: the merchant number (商户号) */
  mchId: string
  /** WECHATPAY_APP_ID: the AppID bound to the merchant (公众号 or 网站应用); payments name it */
  appId: string
  /** WECHATPAY_SERIAL: the serial number of the merchant API certificate (商户API证书序列号) */
  serial: string
  /** WECHATPAY_PRIVATE_KEY: the merchant API private key, PEM (apiclient_key.pem) */
  privateKey: string
  /** WECHATPAY_PUBLIC_KEY_ID: the id of the WeChat Pay public key (PUB_KEY_ID_…) */
  publicKeyId: string
  /** WECHATPAY_PUBLIC_KEY: the WeChat Pay public key, PEM (商户平台 → 账户中心 → API安全) */
  publicKey: string
  /** WECHATPAY_APIV3_KEY: the APIv3 key, 32 characters, decrypts notifications */
  apiV3Key: string
  /** WECHATPAY_GATEWAY: the API's address; default https://api.mch.weixin.qq.com (or the simulator's) */
  gateway?: string
  /** per request; default 10 s */
  timeoutMs?: number
  /** the clock notifications' timestamps are checked against (tests) */
  now?: () => number
}

export const WECHATPAY_GATEWAY = 'https://api.mch.weixin.qq.com'

/** The environment variables, in WechatPayConfig's order. */
export const WECHATPAY_ENV = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PUBLIC_KEY_ID',
  'WECHATPAY_PUBLIC_KEY',
  'WECHATPAY_APIV3_KEY',
] as const

/** A key given as PEM text or as base64 of the PEM (as RSA_PRIVATE_KEY, src/server/keys.ts) */
const pem = (value: string) =>
  value.trimStart().startsWith('-----') ? value : Buffer.from(value, 'base64').toString('utf8')

/**
 * The configuration from the environment: null when WECHATPAY_MCH_ID is not set (WeChat Pay off or
 * simulated); throws naming the missing variables (never their values) when it is set but incomplete.
 * The two keys may be PEM text or base64 of the PEM.
 */
export function wechatPayConfigFromEnv(env: Record<string, string | undefined>): WechatPayConfig | null {
  if (!env.WECHATPAY_MCH_ID) return null
  const missing = WECHATPAY_ENV.filter((name) => !env[name])
  if (missing.length) throw new Error(`WeChat Pay configuration incomplete: ${missing.join(', ')} not set`)
  return {
    mchId: env.WECHATPAY_MCH_ID,
    appId: env.WECHATPAY_APP_ID!,
    serial: env.WECHATPAY_SERIAL!,
    privateKey: pem(env.WECHATPAY_PRIVATE_KEY!),
    publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID!,
    publicKey: pem(env.WECHATPAY_PUBLIC_KEY!),
    apiV3Key: env.WECHATPAY_APIV3_KEY!,
    gateway: env.WECHATPAY_GATEWAY || WECHATPAY_GATEWAY,
  }
}
