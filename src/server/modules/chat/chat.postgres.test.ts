/**
 * Pre-sale chat on PostgreSQL (runs when TEST_DATABASE_URL is set, like db/postgres.test.ts): one
 * conversation per listing and buyer (the unique index and its conflict clause), the list with its
 * unread subquery and ordering, read markers, and the staff read of a disputed order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, startTestAppOn, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { funded, get, paidOrder, post } from '../trade/test-helpers'

const adminUrl = process.env['TEST_DATABASE_URL']

describe.skipIf(!adminUrl)('pre-sale chat on PostgreSQL', () => {
  let t: TestApp
  let drop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ t, drop } = await startTestAppOn('postgres', 'chat', { tradeSweepMs: 0, paySimulators: true }))
  })

  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('keeps one conversation, counts unread per side and lets staff read it only in a dispute', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'pcs')
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 20_000 }))
    const buyer = await funded(t.app, 'pcb', 20_000)
    const opened = await post(t.app, '/api/chat/conversation', buyer.token, { goodsId })
    expect(opened).toMatchObject({ code: 200, data: { goodsId, role: 'buyer', unread: 0 } })
    const id = opened.data.conversationId as number
    expect((await post(t.app, '/api/chat/conversation', buyer.token, { goodsId })).data.conversationId).toBe(
      id,
    )

    expect(
      (await post(t.app, '/api/chat/message', buyer.token, { conversationId: id, content: '还在吗' })).code,
    ).toBe(200)
    expect((await get(t.app, '/api/chat/unread', seller.token)).data).toBe(1)
    const list = await get(t.app, '/api/chat/conversations?role=seller', seller.token)
    expect(list).toMatchObject({ total: 1, rows: [{ conversationId: id, unread: 1, lastMessage: '还在吗' }] })
    const read = await get(t.app, `/api/chat/messages/${id}`, seller.token)
    expect(read).toMatchObject({ total: 1, rows: [{ senderRole: 'buyer', content: '还在吗' }] })
    expect((await get(t.app, '/api/chat/unread', seller.token)).data).toBe(0)

    const staff = await tokenOf(t.app, ...DEMO.kefu)
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    expect((await get(t.app, `/api/chat/dispute/${orderNo}`, staff)).code).toBe(403)
    await post(t.app, '/api/trade/order/dispute', buyer.token, { orderNo, reason: '描述不符' })
    const seen = await get(t.app, `/api/chat/dispute/${orderNo}`, staff)
    expect(seen).toMatchObject({ code: 200, data: { conversation: { conversationId: id } } })
    expect(seen.data.messages).toHaveLength(1)
    const logged = await t.app.db
      .selectFrom('op_logs')
      .select('action')
      .where('target', '=', orderNo)
      .where('action', '=', 'dispute-chat-read')
      .execute()
    expect(logged).toHaveLength(1)
  })
})
