import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs'

// E2E_PORT_BASE moves all three ports (several checkouts may run their end-to-end tests at once)
const PORT_BASE = Number(process.env.E2E_PORT_BASE || 18980)
export const E2E_PORT = PORT_BASE
export const E2E_CAPTCHA_PORT = PORT_BASE + 1
/** the desktop renderer build (out/renderer) served over http for the desktop-mode test */
export const E2E_DESKTOP_RENDERER_PORT = PORT_BASE + 2
export const E2E_API_ORIGIN = `http://127.0.0.1:${E2E_PORT}`
export const E2E_DESKTOP_RENDERER_ORIGIN = `http://127.0.0.1:${E2E_DESKTOP_RENDERER_PORT}`
const executablePath = findChromium() ?? undefined

/** Two real server processes on fresh databases: captcha off (most flows) and captcha on. */
const E2E_SERVERS = [
  {
    name: 'api',
    script: 'scripts/e2e-server.mjs',
    url: `${E2E_API_ORIGIN}/api/goods/game/getGames`,
    // the desktop renderer of the desktop-mode test calls this server cross-origin
    env: { PORT: String(E2E_PORT), CAPTCHA_ENABLED: 'false', CORS_ORIGINS: E2E_DESKTOP_RENDERER_ORIGIN },
  },
  {
    name: 'api (captcha on)',
    script: 'scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_CAPTCHA_PORT}/api/goods/game/getGames`,
    env: { PORT: String(E2E_CAPTCHA_PORT), CAPTCHA_ENABLED: 'true' },
  },
  {
    name: 'desktop renderer',
    script: 'scripts/desktop-renderer-server.mjs',
    url: `${E2E_DESKTOP_RENDERER_ORIGIN}/`,
    env: { PORT: String(E2E_DESKTOP_RENDERER_PORT), MARKET_API_ORIGIN: E2E_API_ORIGIN },
  },
]

export default defineConfig({
  // a test takes 5–25 s on a quiet 2-core machine; the margin is for a busy one (a slow run is not a failure).
  // Tests log in through the API (loginAs, e2e/support/ui.ts), not the form: on a machine at load
  // 26–28, trade + order-detail + roles took 300 s instead of 319 s side by side (order-detail
  // 32 → 22 s, the two first trade tests 32 → 24 s and 57 → 41 s; roles 46 → 52 s is noise)
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // two workers, tried on agency + protection + roles + ssr + console (2 cores, load 6–8): 66.0 → 60.8 s,
  // every test ~1.5× slower: Chromium is ~85 % of the suite's CPU and already keeps a core busy. Many
  // specs also share the demo buyer and seller (unread counts, the seller's cheapest listing).
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // after every spec: the money invariant of the servers' databases (npm run check:invariant)
  globalTeardown: './e2e/support/invariant-teardown.ts',
  use: {
    baseURL: E2E_API_ORIGIN,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // recording a trace costs ~40 % of the suite's time on 2 cores: on when asked (E2E_TRACE=1)
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    // the browser against the real server (web bundle), and the desktop renderer with a fake shell
    { name: 'web', testDir: 'e2e/web' },
    // the Electron app itself (_electron); skipped with a message where Electron's binary is absent
    { name: 'desktop', testDir: 'e2e/desktop', timeout: 90_000 },
  ],
  // the servers above, started side by side (scripts/e2e-servers.mjs: Playwright starts the entries of
  // a webServer array one after the other and polls each once a second); time to the first test, two
  // pairs of full runs on a shared machine: 18.1 → 12.7 s and 13.8 → 19.2 s (noise: CPU-bound there)
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    env: { E2E_SERVERS: JSON.stringify(E2E_SERVERS) },
    wait: { stdout: /e2e servers ready/ },
    // SIGTERM, not the default SIGKILL: each server then removes its temporary database
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    reuseExistingServer: false,
    // the desktop renderer server builds out/ first when it is stale
    timeout: 240_000,
  },
})
