import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      seedDemo: true,
      captchaEnabled: true,
    })
    expect(config.webRoot).toMatch(/dist[/\\]web$/)
  })

  it('reads the environment', () => {
    expect(
      loadConfig({
        PORT: '18081',
        HOST: '0.0.0.0',
        DATA_DIR: '/tmp/market',
        DATABASE_URL: 'postgres://u@h/db',
        SEED_DEMO: '0',
        CAPTCHA_ENABLED: 'false',
        WEB_ROOT: '/srv/web',
        CORS_ORIGINS: 'http://localhost:5173, https://admin.example.com',
      }),
    ).toEqual({
      port: 18081,
      host: '0.0.0.0',
      dataDir: '/tmp/market',
      databaseUrl: 'postgres://u@h/db',
      seedDemo: false,
      captchaEnabled: false,
      webRoot: '/srv/web',
      corsOrigins: ['http://localhost:5173', 'https://admin.example.com'],
      paySandbox: false,
      ssrEntry: '/srv/ssr/entry-server.js',
      siteOrigin: undefined,
    })
  })

  it('refuses values it cannot read', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
  })
})
