/**
 * Issue 32: two app instances on one PostgreSQL database and one Redis, each with its own data
 * directory and the same secrets from the environment (keys.ts, docs/operations.md "Secrets"): an SMS
 * code sent through one is taken by the other, and the payment password is reset through one for a
 * real name stored through the other. Before every secret had a variable, each instance made its own
 * `sms-codes.key` and `real-names.key` in its data directory: 验证码错误 and an answer 500.
 * Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_ENV } from '../config'
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch'
import { SECRET_ENV } from '../keys'
import { freshPhone, lastCode } from '../modules/account/test-helpers'
import { newUser } from '../modules/goods/test-helpers'
import { call, encryptPassword, startTestApp, type TestApp } from '../test-utils'

const adminUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!adminUrl || !redisUrl)('two instances with the secrets from the environment', () => {
  const dbName = `market_secrets_${randomBytes(6).toString('hex')}`
  const prefix = `yxtest:${randomBytes(6).toString('hex')}:`
  let a: TestApp
  let b: TestApp
  // one clock for both, moved past the minute between two codes to one phone
  let offset = 0

  beforeAll(async () => {
    const databaseUrl = await createScratchDatabase(adminUrl!, dbName)
    const given: Record<string, string> = {}
    for (const file of Object.keys(SECRET_ENV)) given[file] = randomBytes(32).toString('base64')
    given['rsa-private.pem'] = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    }).privateKey
    const opts = {
      databaseUrl,
      redisUrl,
      redisPrefix: prefix,
      // no demo data (quick); the SMS and real-name sandboxes on
      seedDemo: false,
      smsSandbox: true,
      realNameSandbox: true,
      tradeSweepMs: 0,
      now: () => Date.now() + offset,
      env: { ...NO_ENV, keys: { given } },
    }
    // the first migrates the new database; the second finds it ready
    a = await startTestApp(opts)
    b = await startTestApp(opts)
  }, 60_000)

  afterAll(async () => {
    await a?.close()
    await b?.close()
    await dropScratchDatabase(adminUrl!, dbName)
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  it('takes an SMS code sent through one on the other, and resets the PIN for a real name stored by the other', async () => {
    // registered and verified (real name stored, encrypted) through A
    const u = await newUser(a.app, 'sec', { verified: true })
    const post = (t: TestApp, url: string, body: unknown) =>
      call(t.app, 'POST', `/api${url}`, { token: u.token, body })
    const phone = freshPhone()
    expect((await post(a, '/user/sms/send', { purpose: 'PHONE_NEW', phone })).code).toBe(200)
    expect(await post(b, '/user/phone/bind', { phone, smsCode: await lastCode(a.app, phone) })).toMatchObject(
      {
        code: 200,
      },
    )
    // the code through B, the reset through A… and the other way round
    for (const [sender, resetter] of [
      [b, a],
      [a, b],
    ] as const) {
      offset += 2 * 60_000
      expect((await post(sender, '/user/sms/send', { purpose: 'PAY_RESET' })).code).toBe(200)
      const reset = await post(resetter, '/user/payPass/reset', {
        smsCode: await lastCode(sender.app, phone),
        realName: '陈静',
        idNumber: '320102199508152229',
        payPassword: await encryptPassword(resetter.app, '802731'),
      })
      expect(reset).toMatchObject({ code: 200 })
    }
    expect((await call(b.app, 'GET', '/api/funds/wallet', { token: u.token })).data.hasPayPassword).toBe(true)
    // and the real name stored through A reads on B
    expect((await call(b.app, 'GET', '/api/user/realName', { token: u.token })).data).toMatchObject({
      status: 'VERIFIED',
      name: '陈*',
    })
  }, 30_000)
})
