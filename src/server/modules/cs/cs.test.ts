import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { csService } from './service'

describe('leave a message for customer service', () => {
  let t: TestApp
  let buyer: string
  beforeAll(async () => {
    t = await startTestApp()
    buyer = await tokenOf(t.app, ...DEMO.buyer)
  })
  afterAll(() => t.close())

  const leave = (body: unknown, token: string | null = buyer) =>
    call(t.app, 'POST', '/api/platform/cs/leaveMessage', { token: token ?? undefined, body })

  it('needs login', async () => {
    expect(await leave({ category: 'ORDER', content: '订单一直未发货' }, null)).toMatchObject({ code: 401 })
  })

  it('stores the message of the caller', async () => {
    const res = await leave({
      category: 'ORDER',
      content: '  订单 YX1 一直未发货，请帮忙看看  ',
      contact: 'QQ 12345',
      client: 'desktop',
    })
    expect(res).toEqual({
      code: 200,
      msg: '留言成功，客服上线后会尽快处理',
      data: { messageId: expect.any(Number) },
    })
    const me = (await call(t.app, 'GET', '/api/getInfo', { token: buyer })).user.userId as number
    const row = (await csService(t.app.db, Date.now).listOwn(me)).find((r) => r.id === res.data.messageId)
    expect(row).toMatchObject({
      category: 'ORDER',
      content: '订单 YX1 一直未发货，请帮忙看看',
      contact: 'QQ 12345',
      client: 'desktop',
      status: 'NEW',
    })
  })

  it('validates the form with Chinese messages', async () => {
    expect(await leave({ category: 'SPAM', content: '订单一直未发货' })).toMatchObject({
      code: 400,
      msg: '问题类型取值不正确',
    })
    expect(await leave({ category: 'ORDER' })).toMatchObject({ code: 400, msg: '留言内容不能为空' })
    expect(await leave({ category: 'ORDER', content: '短' })).toMatchObject({
      code: 400,
      msg: '留言内容长度不能少于 5 个字符',
    })
    expect(await leave({ category: 'ORDER', content: 'x'.repeat(501) })).toMatchObject({
      code: 400,
      msg: '留言内容长度不能超过 500 个字符',
    })
    expect(await leave({ category: 'ORDER', content: '订单一直未发货', extra: 1 })).toMatchObject({
      code: 400,
      msg: '不支持的参数：extra',
    })
    expect(await leave({ category: 'ORDER', content: '      ' })).toMatchObject({ code: 400 })
  })
})
