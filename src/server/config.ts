/**
 * Server settings from the environment (README, "Configuration"): the one place of the server that
 * reads `process.env` (ESLint refuses it elsewhere). Every variable is declared once in ENV_SCHEMA
 * (TypeBox) with its type and bounds; `loadConfig` reads them once, validates them, and answers typed
 * settings — a wrong value stops the start with a message naming the variable. Modules take their
 * values as parameters (BuildAppOptions, and `env` for what only the environment gives: secrets,
 * outside providers' accounts, the SQL profile).
 *
 * Long (over 400 lines) because it is the one list of every variable with its parsing: splitting it
 * would put the variables back in several places, which is what it exists to end.
 */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Type, { type Static, type TSchema } from 'typebox'
import Value from 'typebox/value'
import { WECHAT_TEMPLATE_KEYS, type WechatTemplateKey } from '../shared/api/wechat'
import { OLD_KEYS_ENV, SECRET_ENV, type KeySource } from './keys'
import type { MarketIdVerifierConfig } from './modules/account/realname-provider'
import type { AiConfig } from './modules/ai/config'
import type { AlipayConfig } from './modules/pay/alipay'
import { WECHATPAY_ENV, wechatPayConfigFromEnv, type WechatPayConfig } from './modules/pay/wechat'
import type { AliyunSmsConfig } from './modules/sms/provider'
import type { OfficialConfig } from './modules/wechat/provider'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
type LogLevel = (typeof LOG_LEVELS)[number]
const AI_PROVIDERS = ['sandbox', 'openai', 'sdwebui', 'off'] as const

// Builders of the variables' schemas: `title` says in Chinese and `description` in English what a
// value must be (the start-up error quotes both).
const int = (minimum: number, maximum = Number.MAX_SAFE_INTEGER) =>
  Type.Optional(
    Type.Integer({
      minimum,
      maximum,
      title: maximum < Number.MAX_SAFE_INTEGER ? `${minimum}–${maximum} 的整数` : `不小于 ${minimum} 的整数`,
      description:
        maximum < Number.MAX_SAFE_INTEGER ? `an integer ${minimum}-${maximum}` : `an integer ≥ ${minimum}`,
    }),
  )
const ms = () =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      title: '毫秒数（不小于 0 的整数）',
      description: 'a whole number of ms',
    }),
  )
const flag = () =>
  Type.Optional(Type.Boolean({ title: 'true/false 或 1/0', description: 'true/false or 1/0' }))
/** one of the values, whatever its case */
const choice = <const V extends readonly string[]>(values: V) =>
  Type.Optional(
    Type.Unsafe<V[number]>({
      type: 'string',
      enum: [...values],
      title: `${values.join('、')} 之一`,
      description: `one of ${values.join(', ')}`,
    }),
  )
const text = () => Type.Optional(Type.String({ title: '文本', description: 'text' }))

/** Every variable the server reads; unset or blank: its default (README). */
export const ENV_SCHEMA = Type.Object({
  PORT: int(0, 65535),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  SEED_DEMO: flag(),
  CAPTCHA_ENABLED: flag(),
  SMS_SANDBOX: flag(),
  REALNAME_SANDBOX: flag(),
  WECHAT_SANDBOX: flag(),
  ALIYUN_SMS_ACCESS_KEY_ID: text(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text(),
  ALIYUN_SMS_SIGN_NAME: text(),
  ALIYUN_SMS_TEMPLATE_CODE: text(),
  REALNAME_API_URL: text(),
  ALIPAY_APP_ID: text(),
  ALIPAY_PRIVATE_KEY: text(),
  ALIPAY_PUBLIC_KEY: text(),
  ALIPAY_APP_CERT: text(),
  ALIPAY_PUBLIC_CERT: text(),
  ALIPAY_ROOT_CERT: text(),
  ALIPAY_GATEWAY: text(),
  WECHATPAY_MCH_ID: text(),
  WECHATPAY_APP_ID: text(),
  WECHATPAY_SERIAL: text(),
  WECHATPAY_PRIVATE_KEY: text(),
  WECHATPAY_PUBLIC_KEY_ID: text(),
  WECHATPAY_PUBLIC_KEY: text(),
  WECHATPAY_APIV3_KEY: text(),
  WECHATPAY_GATEWAY: text(),
  PAY_SIMULATORS: flag(),
  REALNAME_APPCODE: text(),
  WECHAT_APP_ID: text(),
  WECHAT_APP_SECRET: text(),
  WECHAT_TOKEN: text(),
  WECHAT_SITE_URL: text(),
  WECHAT_TEMPLATE_IDS: text(),
  CORS_ORIGINS: text(),
  WEB_ROOT: text(),
  SSR_ENTRY: text(),
  SITE_ORIGIN: text(),
  AI_PROVIDER: choice(AI_PROVIDERS),
  AI_BASE_URL: text(),
  AI_API_KEY: text(),
  AI_MODEL: text(),
  AI_SANDBOX_LATENCY_MS: int(0),
  AI_CONCURRENCY: int(1),
  AI_JOB_TIMEOUT_MS: int(1000),
  AI_MAX_ATTEMPTS: int(1),
  AI_RETRY_BASE_MS: int(0),
  REDIS_URL: text(),
  REDIS_PREFIX: text(),
  KEYS_DIR: text(),
  REAL_NAME_KEY: text(),
  REAL_NAME_KEYS_OLD: text(),
  FIELD_ENCRYPTION_KEYS_OLD: text(),
  SMS_CODE_KEY: text(),
  WECHAT_SANDBOX_KEY: text(),
  PAY_SIMULATORS_DIR: text(),
  RSA_PRIVATE_KEY: text(),
  FIELD_ENCRYPTION_KEY: text(),
  PAY_PIN_KEY: text(),
  PAY_PIN_KEYS_OLD: text(),
  UPLOAD_DIR: text(),
  TRUST_PROXY: text(),
  SHUTDOWN_DELAY_MS: ms(),
  LOG_LEVEL: choice(LOG_LEVELS),
  TRADE_SWEEP_MS: ms(),
  SAVED_SEARCH_SWEEP_MS: ms(),
  SAVED_SEARCH_WINDOW_MS: ms(),
  SQL_PROFILE: text(),
  METRICS_TOKEN: text(),
})
type Env = Static<typeof ENV_SCHEMA>

/** What only the environment gives (BuildAppOptions.env): no option of its own stands for it. */
export interface ServerEnv {
  /** KEYS_DIR and the secrets given as variables (keys.ts) */
  keys: KeySource
  /** the Aliyun SMS account (ALIYUN_SMS_*), used when the SMS sandbox is off */
  aliyunSms: AliyunSmsConfig | null
  /** the two-factor ID check (REALNAME_API_URL, REALNAME_APPCODE), used when the sandbox is off */
  realName: MarketIdVerifierConfig | null
  /** Alipay (ALIPAY_*): the real provider (or Alipay's own sandbox); null: the simulator in demo installs */
  alipay: AlipayConfig | null
  /** WeChat Pay (WECHATPAY_*): the real provider; null: the simulator in demo installs */
  wechatpay: WechatPayConfig | null
  /** SQL_PROFILE: where the SQLite statements' timings are written (db/index.ts) */
  sqlProfile: string | undefined
}

/** An environment that gives nothing: buildApp's default (tests, benchmarks). */
export const NO_ENV: ServerEnv = {
  keys: {},
  aliyunSms: null,
  realName: null,
  alipay: null,
  wechatpay: null,
  sqlProfile: undefined,
}

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  seedDemo: boolean
  captchaEnabled: boolean
  webRoot: string
  /** the built page renderer (docs/ssr.md), beside the web bundle */
  ssrEntry: string
  siteOrigin: string | undefined
  corsOrigins: string[]
  /** the Alipay and WeChat Pay simulators on this server (/sim/…), for providers not configured */
  paySimulators: boolean
  /** PAY_SIMULATORS_DIR: the simulators' merchant keys and trades (default DATA_DIR/pay-simulators) */
  paySimulatorsDir: string | undefined
  /** AI drawing: provider and worker (modules/ai/config.ts) */
  ai: AiConfig
  wechatSandbox: boolean
  wechatOfficial: OfficialConfig | null
  redisUrl: string | undefined
  redisPrefix: string
  uploadDir: string | undefined
  /** ms between readiness turning 503 and the close on SIGTERM (the balancer's check interval) */
  shutdownDelayMs: number
  /** trading's time-rule sweeper interval in ms (default 30 s; 0: off) */
  tradeSweepMs: number | undefined
  /** saved searches (docs/saved-searches.md): sweeper interval and batching window in ms */
  savedSearchSweepMs: number | undefined
  savedSearchWindowMs: number | undefined
  /** TRUST_PROXY: the balancer's addresses (comma-separated), a hop count, or true */
  trustProxy: boolean | number | string
  /** the sandbox SMS provider (docs/account-security.md); default: as SEED_DEMO */
  smsSandbox: boolean
  /** the sandbox real-name provider; default: as SEED_DEMO */
  realNameSandbox: boolean
  /** LOG_LEVEL: the least level the server logs (info logs every request; warn only problems) */
  logLevel: LogLevel
  /** METRICS_TOKEN: the Bearer token /metrics asks for; unset: loopback clients only (docs/operations.md) */
  metricsToken: string | undefined
  /** what only the environment gives: secrets, outside providers' accounts, the SQL profile */
  env: ServerEnv
}

/** A variable's value the server cannot use: the start stops with this message. */
export class ConfigError extends Error {
  constructor(name: string, zh: string, en: string) {
    super(`环境变量 ${name} 配置错误：${zh}（${name}: ${en}）`)
    this.name = 'ConfigError'
  }
}

const TRUE = new Set(['1', 'true', 'yes', 'on'])
const FALSE = new Set(['0', 'false', 'no', 'off'])

/**
 * A variable's text as its schema's type, so that the schema can check it: integers and flags are
 * converted when they look like one (else the text stays and fails the check), choices are matched
 * whatever their case. Blank is unset.
 */
function typed(schema: TSchema & { type?: string; enum?: unknown }, raw: string): unknown {
  if (schema.type === 'integer') return /^[+-]?\d+$/.test(raw) ? Number(raw) : raw
  if (schema.type === 'boolean') {
    const v = raw.toLowerCase()
    return TRUE.has(v) ? true : FALSE.has(v) ? false : raw
  }
  return schema.enum ? raw.toLowerCase() : raw
}

/** The variables of ENV_SCHEMA in `source`, trimmed, typed and validated. */
function readEnv(source: Readonly<Record<string, string | undefined>>): Env {
  const values: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(ENV_SCHEMA.properties)) {
    const raw = source[name]?.trim()
    if (raw) values[name] = typed(schema, raw)
  }
  const [error] = Value.Errors(ENV_SCHEMA, values)
  if (error) {
    const name = error.instancePath.split('/')[1] ?? ''
    const schema = (
      ENV_SCHEMA.properties as Record<string, TSchema & { title?: string; description?: string }>
    )[name]
    const got = JSON.stringify(source[name])
    throw new ConfigError(
      name,
      `应为${schema?.title ?? ''}，实际为 ${got}`,
      `must be ${schema?.description}, got ${got}`,
    )
  }
  return values as Env
}

/**
 * The web bundle sits next to the built server (dist/server/server.js → dist/web). Run from the sources
 * (src/server/*.ts with tsx), the same default points at the repository's dist/web.
 */
function defaultWebRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const besideBuild = resolve(here, '../web')
  return existsSync(besideBuild) ? besideBuild : resolve(here, '../../dist/web')
}

function trustProxy(value: string | undefined): boolean | number | string {
  if (!value || FALSE.has(value.toLowerCase())) return false
  if (TRUE.has(value.toLowerCase())) return true
  return /^\d+$/.test(value) ? Number(value) : value
}

const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** The real WeChat official account, or null when WECHAT_APP_ID is not set (docs/wechat.md). */
function wechatOfficial(e: Env): OfficialConfig | null {
  if (!e.WECHAT_APP_ID) return null
  const need = (name: 'WECHAT_APP_SECRET' | 'WECHAT_TOKEN' | 'WECHAT_SITE_URL') => {
    const v = e[name]
    if (!v) throw new ConfigError(name, '设置 WECHAT_APP_ID 时必须设置', 'must be set when WECHAT_APP_ID is')
    return v
  }
  const templateIds: Partial<Record<WechatTemplateKey, string>> = {}
  for (const pair of commaList(e.WECHAT_TEMPLATE_IDS)) {
    const [key, id] = pair.split('=').map((s) => s.trim())
    if (!key || !id) continue
    if (!(WECHAT_TEMPLATE_KEYS as readonly string[]).includes(key))
      throw new ConfigError('WECHAT_TEMPLATE_IDS', `未知的模板 ${key}`, `unknown template ${key}`)
    templateIds[key as WechatTemplateKey] = id
  }
  return {
    appId: e.WECHAT_APP_ID,
    appSecret: need('WECHAT_APP_SECRET'),
    token: need('WECHAT_TOKEN'),
    siteUrl: need('WECHAT_SITE_URL'),
    templateIds,
  }
}

/** Alipay's configuration (docs/payments.md): ALIPAY_APP_ID and the private key, and Alipay's public key or the three certificates. */
function alipayConfig(e: Env): AlipayConfig | null {
  if (!e.ALIPAY_APP_ID) return null
  if (!e.ALIPAY_PRIVATE_KEY)
    throw new ConfigError(
      'ALIPAY_PRIVATE_KEY',
      '设置 ALIPAY_APP_ID 时必须设置',
      'must be set when ALIPAY_APP_ID is',
    )
  const certs = [e.ALIPAY_APP_CERT, e.ALIPAY_PUBLIC_CERT, e.ALIPAY_ROOT_CERT]
  if (certs.some(Boolean) && !certs.every(Boolean))
    throw new ConfigError(
      'ALIPAY_APP_CERT',
      '证书模式须同时设置 ALIPAY_APP_CERT、ALIPAY_PUBLIC_CERT、ALIPAY_ROOT_CERT',
      'certificate mode needs ALIPAY_APP_CERT, ALIPAY_PUBLIC_CERT and ALIPAY_ROOT_CERT',
    )
  if (!e.ALIPAY_PUBLIC_KEY && !certs.every(Boolean))
    throw new ConfigError(
      'ALIPAY_PUBLIC_KEY',
      '设置 ALIPAY_APP_ID 时须设置支付宝公钥或三个证书',
      'must be set (or the three certificates) when ALIPAY_APP_ID is',
    )
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: e.ALIPAY_PRIVATE_KEY,
    ...(e.ALIPAY_PUBLIC_KEY ? { alipayPublicKey: e.ALIPAY_PUBLIC_KEY } : {}),
    ...(certs.every(Boolean)
      ? {
          appCert: e.ALIPAY_APP_CERT!,
          alipayPublicCert: e.ALIPAY_PUBLIC_CERT!,
          alipayRootCert: e.ALIPAY_ROOT_CERT!,
        }
      : {}),
    ...(e.ALIPAY_GATEWAY ? { gateway: e.ALIPAY_GATEWAY } : {}),
  }
}

/** WeChat Pay's configuration: all of WECHATPAY_* once WECHATPAY_MCH_ID is set (pay/wechat.ts). */
function wechatpayConfig(e: Env): WechatPayConfig | null {
  if (!e.WECHATPAY_MCH_ID) return null
  const missing = WECHATPAY_ENV.find((name) => !e[name])
  if (missing)
    throw new ConfigError(missing, '设置 WECHATPAY_MCH_ID 时必须设置', 'must be set when WECHATPAY_MCH_ID is')
  const given: Record<string, string | undefined> = { WECHATPAY_GATEWAY: e.WECHATPAY_GATEWAY }
  for (const name of WECHATPAY_ENV) given[name] = e[name]
  return wechatPayConfigFromEnv(given)
}

/** What only the environment gives: the secrets, the SMS and real-name accounts, the SQL profile. */
function serverEnv(e: Env): ServerEnv {
  const given: Record<string, string> = {}
  for (const [file, name] of Object.entries(SECRET_ENV)) {
    const value = e[name as keyof Env]
    if (typeof value === 'string') given[file] = value
  }
  const old: Record<string, string[]> = {}
  for (const [file, name] of Object.entries(OLD_KEYS_ENV)) {
    const list = commaList(e[name as keyof Env] as string | undefined)
    if (list.length) old[file] = list
  }
  const sms = [
    e.ALIYUN_SMS_ACCESS_KEY_ID,
    e.ALIYUN_SMS_ACCESS_KEY_SECRET,
    e.ALIYUN_SMS_SIGN_NAME,
    e.ALIYUN_SMS_TEMPLATE_CODE,
  ] as const
  return {
    keys: { dir: e.KEYS_DIR, given, old },
    aliyunSms: sms.every(Boolean)
      ? { accessKeyId: sms[0]!, accessKeySecret: sms[1]!, signName: sms[2]!, templateCode: sms[3]! }
      : null,
    realName:
      e.REALNAME_API_URL && e.REALNAME_APPCODE
        ? { url: e.REALNAME_API_URL, appCode: e.REALNAME_APPCODE }
        : null,
    alipay: alipayConfig(e),
    wechatpay: wechatpayConfig(e),
    sqlProfile: e.SQL_PROFILE,
  }
}

/** A guessable token would open /metrics to anyone: at least 16 characters. */
function metricsToken(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < 16)
    throw new ConfigError('METRICS_TOKEN', '至少 16 个字符', 'at least 16 characters')
  return value
}

export function loadConfig(source: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const e = readEnv(source)
  const seedDemo = e.SEED_DEMO ?? true
  const webRoot = e.WEB_ROOT ? resolve(e.WEB_ROOT) : defaultWebRoot()
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '127.0.0.1',
    dataDir: resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    seedDemo,
    captchaEnabled: e.CAPTCHA_ENABLED ?? true,
    paySimulators: e.PAY_SIMULATORS ?? seedDemo,
    paySimulatorsDir: e.PAY_SIMULATORS_DIR ? resolve(e.PAY_SIMULATORS_DIR) : undefined,
    wechatSandbox: e.WECHAT_SANDBOX ?? seedDemo,
    wechatOfficial: wechatOfficial(e),
    smsSandbox: e.SMS_SANDBOX ?? seedDemo,
    realNameSandbox: e.REALNAME_SANDBOX ?? seedDemo,
    corsOrigins: commaList(e.CORS_ORIGINS),
    webRoot,
    // AI_PROVIDER: a real provider in production, or the section closed; the sandbox on demo installs
    ai: {
      provider: e.AI_PROVIDER ?? (seedDemo ? 'sandbox' : 'off'),
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      sandboxLatencyMs: e.AI_SANDBOX_LATENCY_MS ?? 1500,
      concurrency: e.AI_CONCURRENCY ?? 2,
      jobTimeoutMs: e.AI_JOB_TIMEOUT_MS ?? 120_000,
      maxAttempts: e.AI_MAX_ATTEMPTS ?? 3,
      retryBaseMs: e.AI_RETRY_BASE_MS ?? 2000,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? 'yx:',
    uploadDir: e.UPLOAD_DIR ? resolve(e.UPLOAD_DIR) : undefined,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? 0,
    tradeSweepMs: e.TRADE_SWEEP_MS,
    savedSearchSweepMs: e.SAVED_SEARCH_SWEEP_MS,
    savedSearchWindowMs: e.SAVED_SEARCH_WINDOW_MS,
    trustProxy: trustProxy(e.TRUST_PROXY),
    ssrEntry: e.SSR_ENTRY ? resolve(e.SSR_ENTRY) : resolve(webRoot, '../ssr/entry-server.js'),
    siteOrigin: e.SITE_ORIGIN?.replace(/\/+$/, '') || undefined,
    logLevel: e.LOG_LEVEL ?? 'info',
    metricsToken: metricsToken(e.METRICS_TOKEN),
    env: serverEnv(e),
  }
}

/**
 * React and antd read NODE_ENV from the process: the page renderer (ssr/renderer.ts) sets production
 * before loading the built renderer, unless the process already says otherwise. Not a setting of ours:
 * the libraries' own switch, kept here with the other reads of the environment.
 */
export function productionUnlessNodeEnvSet(): void {
  process.env.NODE_ENV ??= 'production'
}
