/**
 * A login password staff reset (console 用户管理) must be changed: getInfo says so, every other change
 * answers 403 until the user has chosen a new password (reads stay open, but not delivered account
 * credentials), and the change clears it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MUST_CHANGE_PASSWORD } from '../../plugins/auth'
import { DEMO, call, encryptPassword, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { newUser } from '../goods/test-helpers'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ tradeSweepMs: 0 })
})
afterAll(() => t?.close())

describe('a password staff reset', () => {
  it('must be changed before anything else changes; the change clears the flag', async () => {
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const u = await newUser(t.app, 'mcp', { verified: false })
    const reset = await call(t.app, 'POST', '/api/console/user/resetPwd', {
      token: admin,
      body: { userId: u.userId },
    })
    expect(reset.code).toBe(200)
    const temp = reset.data.tempPassword as string
    const token = await tokenOf(t.app, u.username, temp)
    expect((await call(t.app, 'GET', '/api/getInfo', { token })).mustChangePassword).toBe(true)

    // reads work (the app can show the change page); changes are refused
    expect((await call(t.app, 'GET', '/api/user/message/getNoReadWebMessageCount', { token })).code).toBe(200)
    const feedback = { feedbackType: 'BUG', content: '这是一条正常长度的反馈' }
    expect(await call(t.app, 'POST', '/api/platform/feedback/add', { token, body: feedback })).toMatchObject({
      code: 403,
      msg: MUST_CHANGE_PASSWORD,
      reason: 'PASSWORD_CHANGE_REQUIRED',
    })
    // nor are delivered account credentials shown
    expect(await call(t.app, 'GET', '/api/trade/order/credentials/NO123', { token })).toMatchObject({
      code: 403,
      msg: MUST_CHANGE_PASSWORD,
      reason: 'PASSWORD_CHANGE_REQUIRED',
    })

    const change = await call(t.app, 'POST', '/api/user/loginPass', {
      token,
      body: {
        oldPassword: await encryptPassword(t.app, temp),
        newPassword: await encryptPassword(t.app, 'N3w!password'),
      },
    })
    expect(change.code).toBe(200)
    const info = await call(t.app, 'GET', '/api/getInfo', { token })
    expect(info.code).toBe(200)
    expect(info.mustChangePassword).toBeUndefined()
    const row = await t.app.db
      .selectFrom('users')
      .select('must_change_password')
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow()
    expect(Number(row.must_change_password)).toBe(0)
    expect((await call(t.app, 'POST', '/api/platform/feedback/add', { token, body: feedback })).code).toBe(
      200,
    )
    // the credentials route answers as for anyone again (no such order of the user)
    expect((await call(t.app, 'GET', '/api/trade/order/credentials/NO123', { token })).code).toBe(404)
  })
})
