/** Server settings from the environment (architecture.md, "Configuration"). */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadAiConfig, type AiConfig } from './modules/ai/config'
import { officialConfigFromEnv, type OfficialConfig } from './modules/wechat/provider'

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
  paySandbox: boolean
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
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
type LogLevel = (typeof LOG_LEVELS)[number]

function logLevel(value: string | undefined): LogLevel {
  const v = value?.trim().toLowerCase()
  if (!v) return 'info'
  if ((LOG_LEVELS as readonly string[]).includes(v)) return v as LogLevel
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`)
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  const v = value.trim().toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(v)) return true
  if (['0', 'false', 'no', 'off'].includes(v)) return false
  throw new Error(`${name} must be true/false or 1/0, got "${value}"`)
}

function port(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`PORT must be an integer 0-65535, got "${value}"`)
  return n
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

/** A duration in ms from the environment: unset → undefined (the default), else a non-negative integer. */
function msOf(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const n = Number(value.trim())
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of ms, got "${value}"`)
  return n
}

function trustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim()
  if (!v || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false
  if (['1', 'true', 'yes', 'on'].includes(v.toLowerCase())) return true
  return /^\d+$/.test(v) ? Number(v) : v
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: port(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    seedDemo: flag('SEED_DEMO', env.SEED_DEMO, true),
    captchaEnabled: flag('CAPTCHA_ENABLED', env.CAPTCHA_ENABLED, true),
    paySandbox: flag('PAY_SANDBOX', env.PAY_SANDBOX, flag('SEED_DEMO', env.SEED_DEMO, true)),
    wechatSandbox: flag('WECHAT_SANDBOX', env.WECHAT_SANDBOX, flag('SEED_DEMO', env.SEED_DEMO, true)),
    wechatOfficial: officialConfigFromEnv(env),
    smsSandbox: flag('SMS_SANDBOX', env.SMS_SANDBOX, flag('SEED_DEMO', env.SEED_DEMO, true)),
    realNameSandbox: flag('REALNAME_SANDBOX', env.REALNAME_SANDBOX, flag('SEED_DEMO', env.SEED_DEMO, true)),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webRoot: env.WEB_ROOT?.trim() ? resolve(env.WEB_ROOT) : defaultWebRoot(),
    ai: loadAiConfig(env, flag('SEED_DEMO', env.SEED_DEMO, true)),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'yx:',
    uploadDir: env.UPLOAD_DIR?.trim() ? resolve(env.UPLOAD_DIR) : undefined,
    shutdownDelayMs: Number(env.SHUTDOWN_DELAY_MS?.trim() || 0) || 0,
    tradeSweepMs: env.TRADE_SWEEP_MS?.trim() ? Number(env.TRADE_SWEEP_MS) : undefined,
    savedSearchSweepMs: msOf('SAVED_SEARCH_SWEEP_MS', env.SAVED_SEARCH_SWEEP_MS),
    savedSearchWindowMs: msOf('SAVED_SEARCH_WINDOW_MS', env.SAVED_SEARCH_WINDOW_MS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    ssrEntry: env.SSR_ENTRY?.trim()
      ? resolve(env.SSR_ENTRY)
      : resolve(env.WEB_ROOT?.trim() ? resolve(env.WEB_ROOT) : defaultWebRoot(), '../ssr/entry-server.js'),
    siteOrigin: env.SITE_ORIGIN?.trim().replace(/\/+$/, '') || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
  }
}
