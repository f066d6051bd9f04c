/** Login by SMS code (docs/account-security.md): codes to bound phones only, used once, limited like login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, encryptPassword, startTestApp, type TestApp } from '../../test-utils'
import { freshPhone, lastCode } from '../account/test-helpers'

let t: TestApp
let offset = 0
beforeAll(async () => {
  t = await startTestApp({ now: () => Date.now() + offset })
})
afterAll(() => t.close())

const sendLogin = (phone: string, ip = '10.88.0.1') =>
  call(t.app, 'POST', '/api/login/sms/send', { ip, body: { phone } })
const loginSms = (phone: string, smsCode: string, ip = '10.88.0.1') =>
  call(t.app, 'POST', '/api/login/sms', { ip, body: { phone, smsCode } })

/** registers a user with a bound phone: the registration answers with a session */
async function userWithPhone(username: string) {
  const phone = freshPhone()
  expect((await call(t.app, 'POST', '/api/sms/register', { ip: '10.88.1.1', body: { phone } })).code).toBe(
    200,
  )
  const smsCode = await lastCode(t.app, phone)
  const password = await encryptPassword(t.app, 'Strong#Pass1')
  const res = await call(t.app, 'POST', '/api/register', {
    body: { username, password, confirmPassword: password, phone, smsCode, agreed: true },
  })
  expect(res).toMatchObject({ code: 200, userInfoDto: { userName: username } })
  return phone
}

describe('login by SMS code', () => {
  it('logs the bound account in once per code; a wrong or used code is refused', async () => {
    const phone = await userWithPhone('sms_login_a')
    offset += 61_000
    expect(await sendLogin(phone)).toMatchObject({ code: 200, data: { resendIn: 60 } })
    const code = await lastCode(t.app, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await loginSms(phone, wrong)).toMatchObject({ code: 400, msg: '验证码错误，还可尝试 4 次' })
    const ok = await loginSms(phone, code)
    expect(ok).toMatchObject({ code: 200, userInfoDto: { userName: 'sms_login_a' } })
    expect(await call(t.app, 'GET', '/api/getInfo', { token: ok.token })).toMatchObject({
      user: { userName: 'sms_login_a' },
    })
    // used once
    expect(await loginSms(phone, code)).toMatchObject({ code: 400, msg: '验证码已失效，请重新获取' })
    // the login log names the way in
    const logs = await t.app.db
      .selectFrom('login_logs')
      .select(['status', 'msg'])
      .where('user_name', '=', 'sms_login_a')
      .execute()
    expect(logs).toContainEqual({ status: '0', msg: '验证码登录成功' })
  })

  it('answers the same for a phone with no account, and sends nothing to it', async () => {
    const phone = freshPhone()
    const res = await sendLogin(phone, '10.88.0.2')
    expect(res).toMatchObject({ code: 200, msg: '如该手机号已绑定账号，验证码已发送' })
    const texts = await t.app.db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute()
    expect(texts).toHaveLength(0)
    expect(await loginSms(phone, '123456', '10.88.0.2')).toMatchObject({
      code: 400,
      msg: '验证码已失效，请重新获取',
    })
  })

  it('is rate limited like the password login', async () => {
    const phone = freshPhone()
    const ip = '10.88.0.3'
    const codes: number[] = []
    for (let i = 0; i < 21; i++) codes.push((await loginSms(phone, '123456', ip)).code)
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true)
    expect(codes[20]).toBe(429)
  })
})
