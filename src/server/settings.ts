/**
 * The app's settings: what buildApp is given (server.ts passes the configuration read from the
 * environment, config.ts; tests pass what they need) and the defaults every module reads the same
 * way (`resolveSettings`), so "sandbox on when demo data is seeded" is decided once.
 */
import { join } from 'node:path'
import { NO_ENV, type ServerEnv } from './config'
import { keysOf, type Keys, type PerProcess } from './keys'
import type { AiConfig } from './modules/ai/config'
import type { PayProvider } from './modules/pay/provider'
import type { IdVerifier } from './modules/account/realname-provider'
import type { OfficialConfig, WechatProvider } from './modules/wechat/provider'

export interface BuildAppOptions {
  dataDir: string
  databaseUrl?: string
  seedDemo?: boolean
  captchaEnabled?: boolean
  /** the built web bundle (dist/web); null or missing: pages answer 503 */
  webRoot?: string | null
  /** origins besides the desktop app's that may call the API cross-origin */
  corsOrigins?: readonly string[]
  /** the sandbox SMS provider (codes in /api/sandbox/sms and the log); default: on when demo data is seeded */
  smsSandbox?: boolean
  /** the sandbox real-name provider (a list of passing and failing identities); default: on when demo data is seeded */
  realNameSandbox?: boolean
  /** a real-name provider to use instead (tests count what reaches it) */
  idVerifier?: IdVerifier
  /** Fastify's logger: off, or its level (tests may give a stream to read the lines) */
  logger?: boolean | { level: string; stream?: { write(line: string): void } }
  /** clock in epoch ms (tests move it to expire captchas, tokens and lockouts) */
  now?: () => number
  /** ms an identical goods search answer is reused (default 3000; 0: off, e.g. to measure the database) */
  goodsSearchCacheMs?: number
  /** ms a listing's row is kept as JSON for the lists (default 30 s, 0 when goodsSearchCacheMs is 0) */
  goodsBriefCacheMs?: number
  /** the built page renderer (dist/ssr/entry-server.js); missing: pages are the client-only app */
  ssrEntry?: string | null
  /** scheme and host of the public site for canonical URLs and sitemaps (default: the request's) */
  siteOrigin?: string
  /** ms a rendered public page is reused (default 60 s; 0: off) */
  pageCacheMs?: number
  /** heartbeat interval of the live event stream (default 25 s; tests shorten it) */
  streamHeartbeatMs?: number
  /** trading's time-rule sweeper interval (default 30 s; 0: off — tests call app.trade.sweep()) */
  tradeSweepMs?: number
  /** 在线客服: the automatic assignment's sweep interval (default 5 s; 0: off — it still runs on enqueue) */
  csAssignMs?: number
  /** saved searches: sweeper interval (default 30 s; 0: off — tests call app.savedSearches.sweep()) */
  savedSearchSweepMs?: number
  /** saved searches: the batching window, at most one alert per search in it (default 10 min) */
  savedSearchWindowMs?: number
  /**
   * AI drawing (modules/ai/config.ts): provider and worker settings; default: the sandbox provider
   * when demo data is seeded (quick in tests: 20 ms a picture), off otherwise
   */
  ai?: Partial<AiConfig>
  /** the built-in WeChat official-account sandbox (phone page, inbox); default: on when demo data is seeded */
  wechatSandbox?: boolean
  /** the real WeChat official account (WECHAT_APP_ID …); wins over the sandbox */
  wechatOfficial?: OfficialConfig | null
  /** tests: a provider standing in for WeChat (e.g. one that fails) */
  wechatProvider?: WechatProvider
  /** how often the WeChat outbox is drained (default 5 s; 0: only right after an event — tests call app.wechat.drain()) */
  wechatOutboxMs?: number
  /** Redis for the state several processes share (docs/scaling.md); none: this process's memory */
  redisUrl?: string
  /** prefix of every Redis key and channel (default `yx:`) */
  redisPrefix?: string
  /** uploaded files (default DATA_DIR/uploads; several processes share one directory) */
  uploadDir?: string
  /** proxies whose X-Forwarded-For names the client (Fastify trustProxy: true, a hop count or addresses) */
  trustProxy?: boolean | number | string
  /** the payment providers (pay/provider.ts): real adapters, pointed at the providers or their simulators */
  payProviders?: readonly PayProvider[]
  /**
   * the Alipay and WeChat Pay simulators mounted on this server (/sim/alipay, /sim/wechatpay) for the
   * providers not configured (demo installs: PAY_SIMULATORS, default on with demo data); default off
   */
  paySimulators?: boolean
  /**
   * the simulators' directory (merchant keys, trades; default DATA_DIR/pay-simulators): with shared
   * state (redisUrl) one directory every process mounts, given explicitly (docs/operations.md, "Secrets")
   */
  paySimulatorsDir?: string
  /** how often waiting payment attempts are chased (default 60 s; 0: off — tests call app.services.pay.chase()) */
  payChaseMs?: number
  /** how often the daily reconciliation looks for yesterday's bills (default hourly; 0: off — tests call it) */
  payReconcileMs?: number
  /** /metrics asks for `Authorization: Bearer <metricsToken>`; none: only loopback clients (docs/operations.md) */
  metricsToken?: string
  /** what only the environment gives (config.ts): secrets, outside providers' accounts, the SQL profile; default none */
  env?: ServerEnv
}

/** The options with the defaults decided once (modules read these, never the raw options). */
export interface AppSettings extends BuildAppOptions {
  now: () => number
  captchaEnabled: boolean
  /** demo data is seeded into a new database */
  demo: boolean
  /** the providers' sandboxes: by default SMS, real-name, the saved-search sweep (payments: paySimulators) */
  sandbox: boolean
  uploadDir: string
  env: ServerEnv
  /** where every secret comes from: its variable, else a file in KEYS_DIR or DATA_DIR/keys (keys.ts) */
  keys: Keys
}

export function resolveSettings(opts: BuildAppOptions): AppSettings {
  const demo = opts.seedDemo ?? true
  const env = opts.env ?? NO_ENV
  return {
    ...opts,
    now: opts.now ?? Date.now,
    captchaEnabled: opts.captchaEnabled ?? true,
    demo,
    sandbox: demo,
    uploadDir: opts.uploadDir ?? join(opts.dataDir, 'uploads'),
    env,
    keys: keysOf(opts.dataDir, env.keys, Boolean(opts.redisUrl)),
  }
}

/**
 * Every secret file the configuration uses, and what else it would keep per process: checked at the
 * start (keys.ts, checkSecrets) so that shared state with a secret made per process stops there.
 */
export function secretsInUse(s: AppSettings): { files: string[]; more: PerProcess[] } {
  const files = ['rsa-private.pem', 'delivery-accounts.key', 'pay-pin.key', 'real-names.key', 'sms-codes.key']
  if (!s.wechatOfficial && (s.wechatSandbox ?? s.demo)) files.push('wechat-sandbox.key')
  const simulated = !s.payProviders && s.paySimulators && (!s.env.alipay || !s.env.wechatpay)
  const more: PerProcess[] =
    simulated && !s.paySimulatorsDir
      ? [
          {
            what: 'pay-simulators/',
            variable: 'PAY_SIMULATORS_DIR',
            note: {
              zh: '支付模拟器的商户密钥与交易，或设 PAY_SIMULATORS=0',
              en: "the payment simulators' keys and trades, or PAY_SIMULATORS=0",
            },
          },
        ]
      : []
  return { files, more }
}
