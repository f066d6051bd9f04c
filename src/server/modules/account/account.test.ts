import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, encryptPassword, loginAs, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, withScreenshot } from '../goods/test-helpers'
import { sandboxIdVerifier } from './realname-provider'
import { freshPhone, lastCode } from './test-helpers'
import { WRITEOFF_COOLING_MS } from './writeoff'

const MINUTE = 60_000

describe('account and identity', () => {
  let t: TestApp
  let offset = 0
  const verifier = sandboxIdVerifier()
  const post = (url: string, token: string | undefined, body?: unknown) =>
    call(t.app, 'POST', `/api${url}`, { token, body })
  const get = (url: string, token: string) => call(t.app, 'GET', `/api${url}`, { token })
  /** a newly registered user with a bound phone (no ticket needed for a first phone) */
  async function userWithPhone(prefix: string, verified = false) {
    const u = await newUser(t.app, prefix, { verified })
    const phone = freshPhone()
    expect((await post('/user/sms/send', u.token, { purpose: 'PHONE_NEW', phone })).code).toBe(200)
    expect(
      await post('/user/phone/bind', u.token, { phone, smsCode: await lastCode(t.app, phone) }),
    ).toMatchObject({ code: 200 })
    offset += MINUTE
    return { ...u, phone }
  }
  const logs = (userId: number) =>
    t.app.db.selectFrom('security_logs').select(['action', 'detail']).where('user_id', '=', userId).execute()
  const messages = (userId: number) =>
    t.app.db.selectFrom('web_messages').select('title').where('user_id', '=', userId).execute()

  beforeAll(async () => {
    t = await startTestApp({ now: () => Date.now() + offset, idVerifier: verifier, tradeSweepMs: 0 })
  })
  afterAll(() => t.close())

  describe('login password', () => {
    it('checks the old one and the strength, then ends every other session of the user', async () => {
      const u = await newUser(t.app, 'pw', { verified: false })
      const older = await tokenOf(t.app, u.username, 'Passw0rd!x')
      const change = async (oldPw: string, newPw: string) =>
        post('/user/loginPass', u.token, {
          oldPassword: await encryptPassword(t.app, oldPw),
          newPassword: await encryptPassword(t.app, newPw),
        })
      expect(await change('Wrong!pass1', 'N3w!password')).toMatchObject({ code: 400, msg: '登录密码不正确' })
      expect((await change('Passw0rd!x', 'password')).msg).toMatch(/^密码须至少包含/)
      expect((await change('Passw0rd!x', 'Passw0rd!x')).msg).toBe('新密码不能与原密码相同')
      expect(await change('Passw0rd!x', 'N3w!password')).toMatchObject({ code: 200, msg: '登录密码已修改' })
      expect((await get('/getInfo', older)).code).toBe(401)
      expect((await get('/getInfo', u.token)).code).toBe(200)
      expect((await loginAs(t.app, u.username, 'N3w!password')).code).toBe(200)
      expect(await logs(u.userId)).toEqual([expect.objectContaining({ action: 'LOGIN_PASSWORD' })])
      expect((await messages(u.userId)).map((m) => m.title)).toContain('账号安全提醒：修改登录密码')
    })

    it('resets a forgotten one by a code to the bound phone; every session ends', async () => {
      const u = await userWithPhone('fg')
      // the same answer for a name that does not exist
      expect((await post('/password/forget/send', undefined, { username: 'nobody_here' })).code).toBe(200)
      expect((await post('/password/forget/send', undefined, { username: u.username })).code).toBe(200)
      const code = await lastCode(t.app, u.phone)
      const reset = async (smsCode: string, password: string) =>
        post('/password/forget/reset', undefined, {
          username: u.username,
          smsCode,
          password: await encryptPassword(t.app, password),
        })
      expect((await reset(code === '000000' ? '111111' : '000000', 'Reset!pass9')).msg).toMatch(/^验证码错误/)
      expect(await reset(code, 'Reset!pass9')).toMatchObject({ code: 200 })
      expect((await get('/getInfo', u.token)).code).toBe(401)
      expect((await loginAs(t.app, u.username, 'Reset!pass9')).code).toBe(200)
      expect((await reset(code, 'Again!pass9')).msg).toBe('验证码已失效，请重新获取')
    })
  })

  describe('phone', () => {
    it("rebinds with the old phone's code and then the new one's; the ticket works once", async () => {
      const u = await userWithPhone('ph')
      const other = await userWithPhone('ph2')
      expect((await post('/user/sms/send', u.token, { purpose: 'PHONE_OLD' })).code).toBe(200)
      const step1 = await post('/user/phone/verifyOld', u.token, { smsCode: await lastCode(t.app, u.phone) })
      expect(step1.code).toBe(200)
      // a number bound to someone else is refused
      expect((await post('/user/sms/send', u.token, { purpose: 'PHONE_NEW', phone: other.phone })).msg).toBe(
        '该手机号已绑定其他账号',
      )
      const next = freshPhone()
      await post('/user/sms/send', u.token, { purpose: 'PHONE_NEW', phone: next })
      const code = await lastCode(t.app, next)
      expect((await post('/user/phone/bind', u.token, { phone: next, smsCode: code })).msg).toBe(
        '身份验证已过期，请重新验证原手机',
      )
      expect(
        await post('/user/phone/bind', u.token, { ticket: step1.data.ticket, phone: next, smsCode: code }),
      ).toMatchObject({ code: 200 })
      expect((await get('/getInfo', u.token)).user.phone).toBe(next)
      expect(
        (
          await post('/user/phone/bind', u.token, {
            ticket: step1.data.ticket,
            phone: freshPhone(),
            smsCode: code,
          })
        ).msg,
      ).toBe('身份验证已过期，请重新验证原手机')
      expect((await logs(u.userId)).map((l) => l.action)).toContain('PHONE')
    })

    it('takes the real-name check instead when the old phone is lost', async () => {
      const u = await userWithPhone('pl')
      expect(
        (await post('/user/phone/verifyOld', u.token, { realName: '陈静', idNumber: '320102199508152229' }))
          .msg,
      ).toBe('该操作前请先完成实名认证')
      await post('/user/realName', u.token, { realName: '陈静', idNumber: '320102199508152229' })
      expect(
        (await post('/user/phone/verifyOld', u.token, { realName: '王五', idNumber: '440304200001017892' }))
          .msg,
      ).toBe('实名信息与您认证的不一致')
      expect(
        (await post('/user/phone/verifyOld', u.token, { realName: '陈静', idNumber: '320102199508152229' }))
          .code,
      ).toBe(200)
    })
  })

  describe('real name', () => {
    it('checks the number locally first: a bad checksum never reaches the provider', async () => {
      const u = await newUser(t.app, 'rn', { verified: false })
      const before = verifier.asked.length
      for (const [idNumber, msg] of [
        ['320102199508152228', '身份证号校验位不正确，请核对'],
        ['990102199508152229', '身份证号的地区码不正确'],
        ['320102199513152229', '身份证号的出生日期不正确'],
      ])
        expect(await post('/user/realName', u.token, { realName: '陈静', idNumber })).toMatchObject({
          code: 400,
          msg,
        })
      expect(
        (await post('/user/realName', u.token, { realName: '陈静', idNumber: '32010219950815222' })).msg,
      ).toBe('身份证号格式不正确')
      expect(verifier.asked.length).toBe(before)

      expect(
        (await post('/user/realName', u.token, { realName: '刘伟', idNumber: '510107198802281112' })).msg,
      ).toBe('姓名与身份证号不一致，请核对后重试')
      const ok = await post('/user/realName', u.token, { realName: '陈静', idNumber: '320102199508152229' })
      expect(ok).toMatchObject({
        code: 200,
        data: { status: 'VERIFIED', name: '陈*', idNumber: '3201**********2229', adult: true },
      })
      // stored encrypted
      const row = await t.app.db
        .selectFrom('real_names')
        .selectAll()
        .where('user_id', '=', u.userId)
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(row)).not.toContain('320102199508152229')
      expect(JSON.stringify(row)).not.toContain('陈静')
      // one identity per account: a change goes through staff
      expect(
        (await post('/user/realName', u.token, { realName: '王五', idNumber: '440304200001017892' })).msg,
      ).toMatch(/人工审核/)
      expect((await logs(u.userId)).map((l) => l.action)).toContain('REAL_NAME')
    })

    it('gates withdrawals and listings going on sale; a minor may not trade (each refusal with its reason)', async () => {
      const u = await newUser(t.app, 'gt', { verified: false })
      const withdraw = async (token: string, payeeName = '陈静') =>
        post('/funds/withdraw/create', token, {
          amount: 10_000,
          accountKind: 'ALIPAY',
          payeeName,
          account: 'gate@example.com',
          payPassword: await encryptPassword(t.app, '802731'),
        })
      expect(await withdraw(u.token)).toEqual({
        code: 400,
        msg: '提现前请先完成实名认证',
        reason: 'REAL_NAME_REQUIRED',
      })
      const king = await gameNamed(t.app, '王者荣耀')
      const listing = await withScreenshot(t.app, u.token, kingAccount(king))
      expect(await post('/goods/seller/publish', u.token, listing)).toEqual({
        code: 400,
        msg: '发布商品前请先完成实名认证',
        reason: 'REAL_NAME_REQUIRED',
      })

      await post('/user/realName', u.token, { realName: '陈静', idNumber: '320102199508152229' })
      expect((await withdraw(u.token)).msg).not.toBe('提现前请先完成实名认证')
      expect((await post('/goods/seller/publish', u.token, listing)).code).toBe(200)

      // the demo seller is verified (as 李四) and withdraws from the proceeds of sales (the demo buyer's
      // balance is all unspent top-ups: it goes back to 支付宝 only, docs/trading-rules.md)
      expect((await withdraw(await tokenOf(t.app, ...DEMO.seller), '李四')).code).toBe(200)

      const minor = await newUser(t.app, 'mn', { verified: false })
      expect(
        (await post('/user/realName', minor.token, { realName: '赵小明', idNumber: '110108201205053214' }))
          .data,
      ).toMatchObject({
        status: 'VERIFIED',
        adult: false,
      })
      expect(await withdraw(minor.token)).toEqual({
        code: 400,
        msg: '根据平台规则，未满 18 周岁的用户不能进行交易',
        reason: 'UNDER_AGE',
      })
    })

    it('goes to staff when the provider cannot answer; only staff with the permission decide', async () => {
      const u = await newUser(t.app, 'mr', { verified: false })
      expect(
        (await post('/user/realName', u.token, { realName: '孙七', idNumber: '440304200001017892' })).msg,
      ).toMatch(/提交人工审核/)
      const asked = await post('/user/realName/review', u.token, {
        realName: '孙七',
        idNumber: '440304200001017892',
        reason: '无法通过自动核验',
      })
      expect(asked.data.pendingReview).not.toBeNull()
      expect((await get('/system/realName/reviews?status=PENDING', u.token)).code).toBe(403)
      const admin = await tokenOf(t.app, ...DEMO.admin)
      const list = await get('/system/realName/reviews?status=PENDING', admin)
      const review = list.rows.find((r: { userId: number }) => r.userId === u.userId)
      expect(review).toMatchObject({ name: '孙七', idNumber: '440304200001017892' })
      expect(
        (await post('/system/realName/review', u.token, { reviewId: review.reviewId, approve: true })).code,
      ).toBe(403)
      expect(
        (await post('/system/realName/review', admin, { reviewId: review.reviewId, approve: true })).code,
      ).toBe(200)
      expect((await get('/user/realName', u.token)).data).toMatchObject({ status: 'VERIFIED', name: '孙*' })
      // the decision is in the operation log, written with it
      expect(
        await t.app.db
          .selectFrom('op_logs')
          .select(['action', 'user_name'])
          .where('module', '=', 'user')
          .where('target', '=', String(review.reviewId))
          .execute(),
      ).toEqual([{ action: 'realNameApprove', user_name: 'admin' }])
      expect(
        (
          await post('/system/realName/review', admin, {
            reviewId: review.reviewId,
            approve: false,
            remark: 'x',
          })
        ).msg,
      ).toBe('该申请已处理')
    })
  })

  it('resets the payment password with the phone code and the real name', async () => {
    const u = await userWithPhone('pp', true)
    await post('/user/sms/send', u.token, { purpose: 'PAY_RESET' })
    const body = async (realName: string) => ({
      smsCode: await lastCode(t.app, u.phone),
      realName,
      idNumber: '320102199508152229',
      payPassword: await encryptPassword(t.app, '802731'),
    })
    expect((await post('/user/payPass/reset', u.token, await body('王五'))).msg).toBe(
      '实名信息与您认证的不一致',
    )
    expect(await post('/user/payPass/reset', u.token, await body('陈静'))).toMatchObject({ code: 200 })
    expect((await get('/funds/wallet', u.token)).data.hasPayPassword).toBe(true)
  })

  it('lists the login devices and ends another one', async () => {
    const u = await newUser(t.app, 'dv', { verified: false })
    const second = await tokenOf(t.app, u.username, 'Passw0rd!x')
    const sessions = (await get('/user/sessions', u.token)).data
    expect(sessions).toHaveLength(2)
    const other = sessions.find((s: { current: boolean }) => !s.current)
    expect(await post('/user/sessions/end', u.token, { sessionId: other.sessionId })).toMatchObject({
      code: 200,
    })
    expect((await get('/getInfo', second)).code).toBe(401)
    expect((await post('/user/sessions/end', second, { sessionId: other.sessionId })).code).toBe(401)
    const summary = (await get('/user/security', u.token)).data
    expect(summary).toMatchObject({ level: 1, realName: { status: 'NONE' }, hasPayPassword: false })
  })

  describe('cancellation', () => {
    it('shows the conditions: the demo buyer has money and orders', async () => {
      const status = (await get('/user/writeoff', await tokenOf(t.app, ...DEMO.buyer))).data
      expect(status.allMet).toBe(false)
      expect(status.conditions.find((c: { key: string }) => c.key === 'funds').ok).toBe(false)
    })

    it('a login in the cooling-off cancels it; after it the data is erased and the name never reused', async () => {
      const u = await userWithPhone('wo', true)
      const request = async () => {
        await post('/user/sms/send', u.token, { purpose: 'WRITEOFF' })
        return post('/user/writeoff', u.token, { smsCode: await lastCode(t.app, u.phone) })
      }
      expect((await request()).data.request.status).toBe('PENDING')
      // every session ended
      expect((await get('/getInfo', u.token)).code).toBe(401)
      u.token = await tokenOf(t.app, u.username, 'Passw0rd!x')
      expect((await get('/user/writeoff', u.token)).data.request).toBeNull()
      expect((await logs(u.userId)).map((l) => l.action)).toContain('WRITEOFF_CANCEL')

      offset += MINUTE
      expect((await request()).code).toBe(200)
      offset += WRITEOFF_COOLING_MS + MINUTE
      expect(await t.app.account.sweepWriteoffs()).toBe(1)
      const user = await t.app.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', u.userId)
        .executeTakeFirstOrThrow()
      expect(user).toMatchObject({ nick_name: '已注销用户', phone: '', email: '', status: '2' })
      expect(
        await t.app.db.selectFrom('real_names').selectAll().where('user_id', '=', u.userId).execute(),
      ).toEqual([])
      expect((await loginAs(t.app, u.username, 'Passw0rd!x')).code).toBe(400)
      const again = await post('/register', undefined, {
        username: u.username,
        password: await encryptPassword(t.app, 'Passw0rd!x'),
        confirmPassword: await encryptPassword(t.app, 'Passw0rd!x'),
        agreed: true,
      })
      expect(again.msg).toBe('用户名已被注册')
    })
  })

  it('registers with a phone number and its code; the agreements must be ticked', async () => {
    const phone = freshPhone()
    expect((await post('/sms/register', undefined, { phone })).code).toBe(200)
    const body = async (agreed: boolean) => ({
      username: `reg${Date.now().toString(36)}`,
      password: await encryptPassword(t.app, 'Passw0rd!x'),
      confirmPassword: await encryptPassword(t.app, 'Passw0rd!x'),
      phone,
      smsCode: await lastCode(t.app, phone),
      agreed,
    })
    expect((await post('/register', undefined, await body(false))).msg).toMatch(/^请阅读并勾选同意/)
    const ok = await body(true)
    expect((await post('/register', undefined, ok)).code).toBe(200)
    const token = await tokenOf(t.app, ok.username, 'Passw0rd!x')
    expect((await get('/getInfo', token)).user.phone).toBe(phone)
  })
})
