/** Server settings from the environment (architecture.md, "Configuration"). */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: port(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    seedDemo: flag('SEED_DEMO', env.SEED_DEMO, true),
    captchaEnabled: flag('CAPTCHA_ENABLED', env.CAPTCHA_ENABLED, true),
    paySandbox: flag('PAY_SANDBOX', env.PAY_SANDBOX, flag('SEED_DEMO', env.SEED_DEMO, true)),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webRoot: env.WEB_ROOT?.trim() ? resolve(env.WEB_ROOT) : defaultWebRoot(),
    ssrEntry: env.SSR_ENTRY?.trim()
      ? resolve(env.SSR_ENTRY)
      : resolve(env.WEB_ROOT?.trim() ? resolve(env.WEB_ROOT) : defaultWebRoot(), '../ssr/entry-server.js'),
    siteOrigin: env.SITE_ORIGIN?.trim().replace(/\/+$/, '') || undefined,
  }
}
