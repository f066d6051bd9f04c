import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs'

/** Two real server processes on fresh databases: captcha off (most flows) and captcha on. */
export const E2E_PORT = 18980
export const E2E_CAPTCHA_PORT = 18981
const executablePath = findChromium() ?? undefined

export default defineConfig({
  testDir: 'e2e/web',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${E2E_PORT}/api/goods/game/getGames`,
      env: { PORT: String(E2E_PORT), CAPTCHA_ENABLED: 'false' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${E2E_CAPTCHA_PORT}/api/goods/game/getGames`,
      env: { PORT: String(E2E_CAPTCHA_PORT), CAPTCHA_ENABLED: 'true' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})
