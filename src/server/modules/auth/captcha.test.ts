import svgCaptcha from 'svg-captcha'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CAPTCHA_TTL_MS } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { DEMO, call, loginAs, startTestApp, type TestApp } from '../../test-utils'

describe('captcha (enabled)', () => {
  let t: TestApp
  let time = Date.now()

  beforeAll(async () => {
    t = await startTestApp({ captchaEnabled: true, now: () => time })
  })
  afterAll(() => t.close())

  /** A captcha whose answer the test knows. */
  async function knownCaptcha(answer: string): Promise<string> {
    const spy = vi.spyOn(svgCaptcha, 'createMathExpr').mockReturnValueOnce({ text: answer, data: '<svg/>' })
    const res = await call(t.app, 'GET', '/api/captchaImage')
    spy.mockRestore()
    return res.uuid
  }

  it('answers captchaEnabled, uuid and an SVG data URL at the top level; stores only a hash', async () => {
    const res = await call(t.app, 'GET', '/api/captchaImage')
    expect(res).toMatchObject({ code: 200, captchaEnabled: true })
    expect(res.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.img).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(res.img.split(',')[1], 'base64').toString()).toContain('<svg')
    const row = await t.app.db
      .selectFrom('captchas')
      .selectAll()
      .where('uuid', '=', res.uuid)
      .executeTakeFirstOrThrow()
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.expires_at).toBe(time + CAPTCHA_TTL_MS)
  })

  it('mirrors the setting in sys.account.captchaEnabled', async () => {
    expect(await call(t.app, 'GET', '/api/system/config/configKey/sys.account.captchaEnabled')).toMatchObject(
      { data: 'true' },
    )
  })

  it('requires the captcha to log in', async () => {
    expect(await loginAs(t.app, ...DEMO.buyer)).toMatchObject({ code: 400, msg: '验证码不能为空' })
    expect(await loginAs(t.app, ...DEMO.buyer, { code: '7', uuid: 'unknown' })).toMatchObject({
      code: 400,
      msg: MSG.CAPTCHA_EXPIRED,
    })
  })

  it('refuses a wrong answer, and the captcha is then used up', async () => {
    const uuid = await knownCaptcha('12')
    expect(await loginAs(t.app, ...DEMO.buyer, { code: '13', uuid })).toMatchObject({
      code: 400,
      msg: MSG.CAPTCHA_WRONG,
    })
    expect(await loginAs(t.app, ...DEMO.buyer, { code: '12', uuid })).toMatchObject({
      code: 400,
      msg: MSG.CAPTCHA_EXPIRED,
    })
  })

  it('accepts the right answer once only', async () => {
    const uuid = await knownCaptcha('9')
    expect((await loginAs(t.app, ...DEMO.buyer, { code: ' 9 ', uuid })).code).toBe(200)
    expect(await loginAs(t.app, ...DEMO.buyer, { code: '9', uuid })).toMatchObject({
      code: 400,
      msg: MSG.CAPTCHA_EXPIRED,
    })
  })

  it('expires after two minutes', async () => {
    const uuid = await knownCaptcha('5')
    time += CAPTCHA_TTL_MS
    expect(await loginAs(t.app, ...DEMO.buyer, { code: '5', uuid })).toMatchObject({
      code: 400,
      msg: MSG.CAPTCHA_EXPIRED,
    })
  })

  it('limits captcha images per IP (30 per minute)', async () => {
    const ip = '198.51.100.7'
    for (let i = 0; i < 30; i++)
      expect((await call(t.app, 'GET', '/api/captchaImage', { ip })).code).toBe(200)
    expect(await call(t.app, 'GET', '/api/captchaImage', { ip })).toMatchObject({
      code: 429,
      msg: MSG.TOO_MANY_REQUESTS,
    })
  })
})

describe('captcha (disabled)', () => {
  it('answers captchaEnabled false and logs in without a code', async () => {
    const t = await startTestApp({ captchaEnabled: false })
    try {
      expect(await call(t.app, 'GET', '/api/captchaImage')).toMatchObject({
        code: 200,
        captchaEnabled: false,
      })
      expect(
        await call(t.app, 'GET', '/api/system/config/configKey/sys.account.captchaEnabled'),
      ).toMatchObject({ data: 'false' })
      expect((await loginAs(t.app, ...DEMO.buyer)).code).toBe(200)
    } finally {
      await t.close()
    }
  })
})
