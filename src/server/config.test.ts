import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENV_SCHEMA, loadConfig } from './config'

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
      paySimulators: false,
      paySimulatorsDir: undefined,
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
      env: {
        keys: { dir: undefined, given: {}, old: {} },
        aliyunSms: null,
        realName: null,
        alipay: null,
        wechatpay: null,
        sqlProfile: undefined,
      },
    })
  })

  it('reads what only the environment gives: secrets, provider accounts, the SQL profile', () => {
    expect(
      loadConfig({
        KEYS_DIR: '/srv/keys',
        RSA_PRIVATE_KEY: ' -----BEGIN RSA PRIVATE KEY----- ',
        PAY_PIN_KEY: 'cGlu',
        PAY_PIN_KEYS_OLD: 'b2xk, b2xkZXI=',
        REAL_NAME_KEY: 'cmVhbA==',
        REAL_NAME_KEYS_OLD: 'b2xkcmVhbA==',
        FIELD_ENCRYPTION_KEY: 'ZmllbGQ=',
        FIELD_ENCRYPTION_KEYS_OLD: 'b2xkZmllbGQ=',
        SMS_CODE_KEY: 'c21z',
        WECHAT_SANDBOX_KEY: 'd3g=',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: 'sign',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        REALNAME_API_URL: 'https://id.example.com',
        REALNAME_APPCODE: 'code',
        SQL_PROFILE: '/tmp/profile',
      }).env,
    ).toEqual({
      keys: {
        dir: '/srv/keys',
        given: {
          'rsa-private.pem': '-----BEGIN RSA PRIVATE KEY-----',
          'pay-pin.key': 'cGlu',
          'real-names.key': 'cmVhbA==',
          'delivery-accounts.key': 'ZmllbGQ=',
          'sms-codes.key': 'c21z',
          'wechat-sandbox.key': 'd3g=',
        },
        old: {
          'pay-pin.key': ['b2xk', 'b2xkZXI='],
          'real-names.key': ['b2xkcmVhbA=='],
          'delivery-accounts.key': ['b2xkZmllbGQ='],
        },
      },
      aliyunSms: { accessKeyId: 'id', accessKeySecret: 'secret', signName: 'sign', templateCode: 'SMS_1' },
      realName: { url: 'https://id.example.com', appCode: 'code' },
      alipay: null,
      wechatpay: null,
      sqlProfile: '/tmp/profile',
    })
    // an account half given is no account
    expect(loadConfig({ ALIYUN_SMS_ACCESS_KEY_ID: 'id', REALNAME_APPCODE: 'code' }).env).toMatchObject({
      aliyunSms: null,
      realName: null,
    })
  })

  it('reads Alipay and WeChat Pay, refusing an incomplete configuration by name', () => {
    const alipay = { ALIPAY_APP_ID: '2021001', ALIPAY_PRIVATE_KEY: 'PRIV', ALIPAY_PUBLIC_KEY: 'PUB' }
    expect(loadConfig(alipay).env.alipay).toEqual({
      appId: '2021001',
      privateKey: 'PRIV',
      alipayPublicKey: 'PUB',
    })
    expect(
      loadConfig({ ...alipay, ALIPAY_GATEWAY: 'https://sim.example.com/gateway.do' }).env.alipay,
    ).toMatchObject({
      gateway: 'https://sim.example.com/gateway.do',
    })
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021001', ALIPAY_PUBLIC_KEY: 'PUB' })).toThrow(
      'ALIPAY_PRIVATE_KEY',
    )
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: undefined })).toThrow('ALIPAY_PUBLIC_KEY')
    expect(() => loadConfig({ ...alipay, ALIPAY_APP_CERT: 'CERT' })).toThrow('ALIPAY_APP_CERT')
    const wechat = {
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wx1',
      WECHATPAY_SERIAL: 'SERIAL',
      WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----',
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
      WECHATPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----',
      WECHATPAY_APIV3_KEY: 'k'.repeat(32),
    }
    expect(loadConfig(wechat).env.wechatpay).toMatchObject({ mchId: '1900000001', appId: 'wx1' })
    expect(() => loadConfig({ ...wechat, WECHATPAY_APIV3_KEY: undefined })).toThrow('WECHATPAY_APIV3_KEY')
    // the simulators follow the demo data unless told
    expect(loadConfig({}).paySimulators).toBe(true)
    expect(loadConfig({ SEED_DEMO: '0' }).paySimulators).toBe(false)
  })

  it('reads the WeChat official account, refusing an incomplete one', () => {
    const official = {
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_TOKEN: 't',
      WECHAT_SITE_URL: 'https://m.example.com',
    }
    expect(loadConfig({ ...official, WECHAT_TEMPLATE_IDS: 'ORDER_PAID=abc, ,' }).wechatOfficial).toEqual({
      appId: 'wx1',
      appSecret: 's',
      token: 't',
      siteUrl: 'https://m.example.com',
      templateIds: { ORDER_PAID: 'abc' },
    })
    expect(() => loadConfig({ ...official, WECHAT_TOKEN: '' })).toThrow(/WECHAT_TOKEN/)
    expect(() => loadConfig({ ...official, WECHAT_TEMPLATE_IDS: 'NOPE=1' })).toThrow(/WECHAT_TEMPLATE_IDS/)
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

  it('refuses values it cannot read, naming the variable in Chinese and English', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      '环境变量 PORT 配置错误：应为0–65535 的整数，实际为 "eighty"（PORT: must be an integer 0-65535, got "eighty"）',
    )
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/环境变量 LOG_LEVEL .*one of fatal, error/)
    expect(() => loadConfig({ AI_PROVIDER: 'midjourney' })).toThrow(/AI_PROVIDER/)
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS/)
    expect(() => loadConfig({ TRADE_SWEEP_MS: 'soon' })).toThrow(/TRADE_SWEEP_MS/)
    // blank is unset; flags and choices whatever their case
    expect(loadConfig({ PORT: ' ', SEED_DEMO: 'Off', LOG_LEVEL: 'ERROR' })).toMatchObject({
      port: 8080,
      seedDemo: false,
      logLevel: 'error',
    })
  })

  it('names every variable in the README configuration table', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Scripts'))
    const missing = Object.keys(ENV_SCHEMA.properties).filter((name) => !table.includes(`\`${name}\``))
    expect(missing).toEqual([])
  })
})
