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
      logLevel: 'info',
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
        REDIS_URL: 'redis://127.0.0.1:6379/0',
        UPLOAD_DIR: '/srv/uploads',
        SHUTDOWN_DELAY_MS: '5000',
        LOG_LEVEL: 'Warn',
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
      ai: expect.objectContaining({ provider: 'off' }),
      wechatSandbox: false,
      wechatOfficial: null,
      redisUrl: 'redis://127.0.0.1:6379/0',
      redisPrefix: 'yx:',
      uploadDir: '/srv/uploads',
      shutdownDelayMs: 5000,
      tradeSweepMs: undefined,
      savedSearchSweepMs: undefined,
      savedSearchWindowMs: undefined,
      trustProxy: false,
      smsSandbox: false,
      realNameSandbox: false,
      ssrEntry: '/srv/ssr/entry-server.js',
      siteOrigin: undefined,
      logLevel: 'warn',
    })
  })

  it('reads the AI drawing settings: sandbox on demo installs, a real provider when named', () => {
    expect(loadConfig({}).ai).toMatchObject({ provider: 'sandbox', concurrency: 2, jobTimeoutMs: 120_000 })
    expect(
      loadConfig({
        SEED_DEMO: '0',
        AI_PROVIDER: 'openai',
        AI_BASE_URL: 'https://images.example.com',
        AI_API_KEY: 'k',
        AI_MODEL: 'm',
        AI_CONCURRENCY: '4',
      }).ai,
    ).toMatchObject({
      provider: 'openai',
      baseUrl: 'https://images.example.com',
      apiKey: 'k',
      model: 'm',
      concurrency: 4,
    })
    expect(() => loadConfig({ AI_CONCURRENCY: 'x' })).toThrow(/AI_CONCURRENCY/)
  })

  it('refuses values it cannot read', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })
})
