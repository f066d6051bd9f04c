import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, loginAs, startTestApp, tokenOf, type TestApp } from '../../test-utils'

describe('oplog: operation log, denied attempts, login log, console settings', () => {
  let t: TestApp
  let admin: string
  let buyer: string
  beforeAll(async () => {
    t = await startTestApp()
    admin = await tokenOf(t.app, ...DEMO.admin)
    buyer = await tokenOf(t.app, ...DEMO.buyer)
  })
  afterAll(() => t.close())

  it('answers 403 to a buyer on a console endpoint and logs the refused attempt', async () => {
    expect(
      await call(t.app, 'GET', '/api/console/oplog/list', { token: buyer, ip: '10.9.9.9' }),
    ).toMatchObject({
      code: 403,
    })
    const logs = await call(t.app, 'GET', '/api/console/oplog/list?status=DENIED', { token: admin })
    expect(logs.code).toBe(200)
    expect(logs.rows[0]).toMatchObject({
      userName: 'buyer',
      module: 'monitor',
      action: 'denied',
      target: 'GET /api/console/oplog/list',
      status: 'DENIED',
      detail: 'monitor:oplog:list',
      ip: '10.9.9.9',
    })
  })

  it('logs every login attempt, failed or not', async () => {
    await loginAs(t.app, 'seller', 'Wrong@123', { ip: '10.8.8.8' })
    const res = await call(t.app, 'GET', '/api/console/loginlog/list?userName=seller', { token: admin })
    expect(res.rows[0]).toMatchObject({ userName: 'seller', status: '1', ip: '10.8.8.8' })
    const ok = await call(t.app, 'GET', '/api/console/loginlog/list?userName=admin&status=0', {
      token: admin,
    })
    expect(ok.total).toBeGreaterThan(0)
  })

  it('keeps console settings per staff member and validates them', async () => {
    const operator = await tokenOf(t.app, ...DEMO.operator)
    expect((await call(t.app, 'GET', '/api/console/settings', { token: operator })).data).toMatchObject({
      theme: '#1890ff',
      sideTheme: 'theme-dark',
    })
    const body = {
      theme: '#722ed1',
      sideTheme: 'theme-light',
      tagsView: false,
      fixedHeader: true,
      sidebarLogo: true,
    }
    expect(await call(t.app, 'POST', '/api/console/settings', { token: operator, body })).toMatchObject({
      code: 200,
    })
    expect((await call(t.app, 'GET', '/api/console/settings', { token: operator })).data).toEqual(body)
    expect((await call(t.app, 'GET', '/api/console/settings', { token: admin })).data.theme).toBe('#1890ff')
    const bad = await call(t.app, 'POST', '/api/console/settings', {
      token: operator,
      body: { ...body, theme: 'red' },
    })
    expect(bad.code).toBe(400)
    expect(bad.msg).toContain('主题颜色')
    expect(await call(t.app, 'GET', '/api/console/settings', { token: buyer })).toMatchObject({ code: 403 })
  })
})
