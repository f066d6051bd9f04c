import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { freshPhone, lastCode } from '../account/test-helpers'
import { keysOf, loadOrCreateSecret } from '../../keys'
import { aliyunSignedQuery, sandboxSmsProvider } from './provider'
import { smsRepo } from './repo'
import { SMS_RULES, chinaDayStart, smsService } from './service'

const MINUTE = 60_000

describe('one-time SMS codes', () => {
  let t: TestApp
  let offset = 0
  const ip = '10.77.0.1'
  const send = (phone: string, from = ip) =>
    call(t.app, 'POST', '/api/sms/register', { ip: from, body: { phone } })
  // the service on the app's database and key, as the routes use it
  const service = () =>
    smsService({
      db: t.app.db,
      provider: sandboxSmsProvider(
        (phone, content) => smsRepo(t.app.db).addInbox(phone, content, Date.now() + offset),
        () => undefined,
      ),
      secret: loadOrCreateSecret(keysOf(t.dataDir), 'sms-codes.key'),
      now: () => Date.now() + offset,
    })

  beforeAll(async () => {
    t = await startTestApp({ now: () => Date.now() + offset })
  })
  afterAll(() => t.close())

  it('stores only a hash, lands in the sandbox inbox page, and waits 60 seconds before another', async () => {
    const phone = freshPhone()
    expect(await send(phone)).toMatchObject({ code: 200, data: { resendIn: 60 } })
    const code = await lastCode(t.app, phone)
    const rows = await t.app.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    const page = await t.app.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` })
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain(code)

    expect(await send(phone)).toMatchObject({
      code: 429,
      msg: expect.stringMatching(/^验证码发送过于频繁，请 \d+ 秒后再试$/),
    })
    offset += SMS_RULES.resendMs
    expect((await send(phone)).code).toBe(200)
    // the newer code replaces the older one
    expect(await lastCode(t.app, phone)).toMatch(/^\d{6}$/)
  })

  it('is single use, works for 5 minutes only and for its own purpose', async () => {
    const sms = service()
    const phone = freshPhone()
    await sms.send(phone, 'RESET_LOGIN', '10.77.0.2')
    const code = await lastCode(t.app, phone)
    await expect(sms.verify(phone, 'PHONE_NEW', code)).rejects.toThrow('验证码已失效，请重新获取')
    await sms.verify(phone, 'RESET_LOGIN', code)
    await expect(sms.verify(phone, 'RESET_LOGIN', code)).rejects.toThrow('验证码已失效，请重新获取')

    const phone2 = freshPhone()
    await sms.send(phone2, 'RESET_LOGIN', '10.77.0.3')
    const code2 = await lastCode(t.app, phone2)
    offset += SMS_RULES.ttlMs
    await expect(sms.verify(phone2, 'RESET_LOGIN', code2)).rejects.toThrow('验证码已失效，请重新获取')
  })

  it('voids the code at the fifth wrong answer', async () => {
    const sms = service()
    const phone = freshPhone()
    await sms.send(phone, 'RESET_LOGIN', '10.77.0.4')
    const code = await lastCode(t.app, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 5; i++)
      answers.push(
        await sms.verify(phone, 'RESET_LOGIN', wrong).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      )
    expect(answers).toEqual([
      ...[4, 3, 2, 1].map((n) => `验证码错误，还可尝试 ${n} 次`),
      '验证码错误次数过多，请重新获取',
    ])
    // even the right code no longer works
    await expect(sms.verify(phone, 'RESET_LOGIN', code)).rejects.toThrow('验证码已失效，请重新获取')
  })

  it('caps codes per number and per IP a day', async () => {
    // one in the morning of the next China day: the calls below stay inside one day
    offset = chinaDayStart(Date.now() + offset) + 25 * 60 * MINUTE - Date.now()
    const phone = freshPhone()
    for (let i = 0; i < SMS_RULES.perPhoneDaily; i++) {
      expect((await send(phone, `10.78.${i}.1`)).code).toBe(200)
      offset += SMS_RULES.resendMs
    }
    expect(await send(phone, '10.78.99.1')).toMatchObject({
      code: 429,
      msg: '该号码今日获取验证码次数已达上限，请明天再试',
    })
    const from = '10.79.0.1'
    let refused = 0
    for (let i = 0; i < SMS_RULES.perIpDaily + 1; i++) {
      // the route's per-minute limit is not what this tests: each call a minute apart
      offset += SMS_RULES.resendMs
      const res = await send(freshPhone(), from)
      if (res.code === 429) {
        refused++
        expect(res.msg).toBe('今日获取验证码次数已达上限，请明天再试')
      }
    }
    expect(refused).toBe(1)
  })

  it('signs an Aliyun call the documented way (signature version 1.0)', () => {
    // the worked example of Aliyun's signature documentation (SendSms, fixed nonce and time)
    const query = aliyunSignedQuery(
      {
        AccessKeyId: 'testId',
        Action: 'SendSms',
        Format: 'XML',
        OutId: '123',
        PhoneNumbers: '15300000001',
        RegionId: 'cn-hangzhou',
        SignName: '阿里云短信测试专用',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
        SignatureVersion: '1.0',
        TemplateCode: 'SMS_71390007',
        TemplateParam: '{"customer":"test"}',
        Timestamp: '2017-07-12T02:42:19Z',
        Version: '2017-05-25',
      },
      'testSecret',
    )
    expect(query.startsWith('Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&')).toBe(true)
  })
})
