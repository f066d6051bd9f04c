import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebMessage } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'

describe('in-site messages', () => {
  let t: TestApp
  let buyer: string
  let seller: string
  beforeAll(async () => {
    t = await startTestApp()
    buyer = await tokenOf(t.app, ...DEMO.buyer)
    seller = await tokenOf(t.app, ...DEMO.seller)
  })
  afterAll(() => t.close())

  const unread = async (token: string) =>
    (await call(t.app, 'GET', '/api/user/message/getNoReadWebMessageCount', { token })).data
  const page = async (token: string, body: object = {}) =>
    call(t.app, 'POST', '/api/user/message/webMessagePage', { token, body })

  it('needs login', async () => {
    for (const url of [
      '/api/user/message/getNoReadWebMessageCount',
      '/api/user/message/getIkkGroupMessage',
    ]) {
      expect(await call(t.app, 'GET', url)).toMatchObject({ code: 401, msg: MSG.UNAUTHORIZED })
    }
    expect(await call(t.app, 'POST', '/api/user/message/webMessagePage', { body: {} })).toMatchObject({
      code: 401,
    })
  })

  it('counts unread messages and reports guaranteed-order messages', async () => {
    expect(await unread(buyer)).toBe(3)
    expect(await unread(seller)).toBe(2)
    const group = (token: string) => call(t.app, 'GET', '/api/user/message/getIkkGroupMessage', { token })
    expect(await group(seller)).toEqual({ code: 200, msg: '操作成功', data: { hasNewWarrantMessage: true } })
    expect((await group(buyer)).data).toEqual({ hasNewWarrantMessage: false })
  })

  it('pages the caller’s own messages, newest first, with filters', async () => {
    const all = await page(buyer, { pageNum: 1, pageSize: 10 })
    expect(all).toMatchObject({ code: 200, total: 4 })
    expect(all.rows[0]).toEqual({
      messageId: expect.any(Number),
      title: '卖家已交付，请确认收货',
      content: expect.stringContaining('YX202405180001'),
      messageType: 'ORDER',
      isRead: false,
      createdAt: expect.any(Number),
    })
    expect((await page(buyer, { messageType: 'ORDER' })).total).toBe(2)
    expect((await page(buyer, { isRead: true })).total).toBe(1)
    expect((await page(buyer, { pageSize: 3, pageNum: 2 })).rows).toHaveLength(1)
    expect(await page(buyer, { messageType: 'SPAM' })).toMatchObject({ code: 400, msg: '消息类型取值不正确' })
  })

  it('touches only the caller’s own messages', async () => {
    const sellerIds = (await page(seller)).rows.map((m: WebMessage) => m.messageId)
    const read = await call(t.app, 'POST', '/api/user/message/webMessageBatchRead', {
      token: buyer,
      body: { ids: sellerIds },
    })
    expect(read).toMatchObject({ code: 200, data: 0 })
    const removed = await call(t.app, 'POST', '/api/user/message/webMessageBatchRemove', {
      token: buyer,
      body: { ids: sellerIds },
    })
    expect(removed).toMatchObject({ code: 200, data: 0 })
    expect(await unread(seller)).toBe(2)
    expect((await page(seller)).total).toBe(2)
    expect((await page(buyer)).rows.map((m: WebMessage) => m.messageId)).not.toContain(sellerIds[0])
  })

  it('marks read and removes in batches', async () => {
    const unreadIds = (await page(buyer, { isRead: false })).rows.map((m: WebMessage) => m.messageId)
    const read = await call(t.app, 'POST', '/api/user/message/webMessageBatchRead', {
      token: buyer,
      body: { ids: unreadIds.slice(0, 2) },
    })
    expect(read.data).toBe(2)
    expect(await unread(buyer)).toBe(1)

    const removed = await call(t.app, 'POST', '/api/user/message/webMessageBatchRemove', {
      token: buyer,
      body: { ids: [unreadIds[2]] },
    })
    expect(removed.data).toBe(1)
    expect(await unread(buyer)).toBe(0)
    expect((await page(buyer)).total).toBe(3)
  })

  it('names the field of a bad ids body', async () => {
    const post = (body: unknown) =>
      call(t.app, 'POST', '/api/user/message/webMessageBatchRead', { token: buyer, body })
    expect(await post({})).toMatchObject({ code: 400, msg: '消息编号不能为空' })
    expect(await post({ ids: [] })).toMatchObject({ code: 400, msg: '消息编号至少需要 1 项' })
    expect(await post({ ids: ['x'] })).toMatchObject({ code: 400, msg: '消息编号必须是整数' })
    expect(await post({ ids: [0] })).toMatchObject({ code: 400, msg: '消息编号不能小于 1' })
  })
})
