/**
 * Pre-sale chat (docs/pre-sale-chat.md): one conversation per listing and buyer, never with oneself,
 * the escrow room's safety filter, owners only, read markers and unread counts, the live event, the
 * send limit, and staff reads only from a disputed order, each in the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAT_LIMITS } from '../../../shared/api'
import { DEMO, tokenOf, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  uploadScreenshot,
  type GameFixture,
} from '../goods/test-helpers'
import { funded, get, paidOrder, post, startClockedApp } from '../trade/test-helpers'

let clock = Date.now()
const now = () => clock
let t: TestApp
let king: GameFixture

beforeAll(async () => {
  t = await startClockedApp(now)
  king = await gameNamed(t.app, '王者荣耀')
})
afterAll(() => t?.close())

const open = (token: string, goodsId: number) => post(t.app, '/api/chat/conversation', token, { goodsId })
const send = (token: string, conversationId: number, content: string) =>
  post(t.app, '/api/chat/message', token, { conversationId, content })
const unread = async (token: string) => (await get(t.app, '/api/chat/unread', token)).data as number
const messages = (token: string, id: number, q = '') => get(t.app, `/api/chat/messages/${id}?${q}`, token)
const list = (token: string, q = '') => get(t.app, `/api/chat/conversations?${q}`, token)

async function listing(price = 20_000) {
  const seller = await newUser(t.app, 'chs')
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price }))
  return { seller, goodsId }
}

describe('conversations', () => {
  it('one per listing and buyer; the seller cannot ask about their own listing', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const first = await open(buyer.token, goodsId)
    expect(first).toMatchObject({ code: 200, data: { goodsId, role: 'buyer', unread: 0, lastMessage: null } })
    const again = await open(buyer.token, goodsId)
    expect(again.data.conversationId).toBe(first.data.conversationId)
    const rows = await t.app.db
      .selectFrom('chat_conversations')
      .select('id')
      .where('goods_id', '=', goodsId)
      .execute()
    expect(rows).toHaveLength(1)
    expect(await open(seller.token, goodsId)).toMatchObject({ code: 400, msg: '不能咨询自己的商品' })
    expect((await open(buyer.token, 999_999_999)).code).toBe(404)
    expect(await post(t.app, '/api/chat/conversation', buyer.token, { goodsId: 'x' })).toMatchObject({
      code: 400,
    })
  })

  it('the seller sees a conversation once it has a message; a third user reads nothing', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    expect((await list(seller.token)).total).toBe(0)
    expect((await send(buyer.token, id, '这个号还在吗？')).code).toBe(200)
    const mine = await list(seller.token, 'role=seller')
    expect(mine.rows).toMatchObject([
      { conversationId: id, role: 'seller', unread: 1, lastMessage: '这个号还在吗？' },
    ])
    expect((await list(buyer.token, 'role=seller')).total).toBe(0)
    expect((await list(buyer.token)).rows[0]).toMatchObject({ conversationId: id, role: 'buyer' })

    const stranger = await newUser(t.app, 'chx')
    expect((await get(t.app, `/api/chat/conversation/${id}`, stranger.token)).code).toBe(404)
    expect((await messages(stranger.token, id)).code).toBe(404)
    expect((await send(stranger.token, id, '我也想问')).code).toBe(404)
    expect((await list(stranger.token)).total).toBe(0)
    expect((await get(t.app, `/api/chat/conversation/${id}`)).code).toBe(401)
  })
})

describe('messages', () => {
  it('refuse contact details and passwords with the escrow room’s words, blanks and overlong text', async () => {
    const { goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    expect(await send(buyer.token, id, '加我QQ 12345678 细聊')).toMatchObject({
      code: 400,
      msg: '消息不能包含站外联系方式（QQ号），请在平台内沟通，谨防诈骗',
    })
    expect((await send(buyer.token, id, '打我电话 138 1234 5678')).msg).toContain('手机号')
    expect((await send(buyer.token, id, '看这里 https://example.com/x')).msg).toContain('网址链接')
    expect(await send(buyer.token, id, '密码是 abc12345')).toMatchObject({
      code: 400,
      msg: '消息中疑似包含密码，为保障账号安全，请勿在咨询中发送密码',
    })
    expect((await send(buyer.token, id, '   ')).code).toBe(400)
    expect(await send(buyer.token, id, '问'.repeat(CHAT_LIMITS.content + 1))).toMatchObject({
      code: 400,
      msg: `消息内容长度不能超过 ${CHAT_LIMITS.content} 个字符`,
    })
    expect((await messages(buyer.token, id)).total).toBe(0)
  })

  it('read markers per side give unread counts; reading the latest page clears them', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    const before = { buyer: await unread(buyer.token), seller: await unread(seller.token) }
    expect(before).toEqual({ buyer: 0, seller: 0 })
    await send(buyer.token, id, '还在吗？')
    await send(buyer.token, id, '能便宜点吗')
    expect(await unread(seller.token)).toBe(2)
    expect(await unread(buyer.token)).toBe(0)

    const page = await messages(seller.token, id, 'pageNum=1&pageSize=1')
    expect(page).toMatchObject({ total: 2, rows: [{ senderRole: 'buyer', content: '能便宜点吗' }] })
    expect(await unread(seller.token)).toBe(0)
    expect((await list(seller.token)).rows[0].unread).toBe(0)

    await send(seller.token, id, '在的，最低 180')
    expect(await unread(buyer.token)).toBe(1)
    expect(await unread(seller.token)).toBe(0)
    // an older page does not move the marker
    await messages(buyer.token, id, 'pageNum=2&pageSize=1')
    expect(await unread(buyer.token)).toBe(1)
    const all = await messages(buyer.token, id)
    expect(all.rows.map((m: { content: string }) => m.content)).toEqual([
      '在的，最低 180',
      '能便宜点吗',
      '还在吗？',
    ])
    expect(await unread(buyer.token)).toBe(0)
  })

  it('publish chat-message to the other side only', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    await send(buyer.token, id, '号还在吗')
    const events = (userId: number) =>
      t.app.db
        .selectFrom('live_events')
        .select(['type', 'data'])
        .where('user_id', '=', userId)
        .where('type', '=', 'chat-message')
        .execute()
    const got = await events(seller.userId)
    expect(got).toHaveLength(1)
    expect(JSON.parse(got[0]!.data)).toMatchObject({
      conversationId: id,
      goodsId,
      from: 'buyer',
      preview: '号还在吗',
    })
    expect(await events(buyer.userId)).toHaveLength(0)
    await send(seller.token, id, '在')
    expect(JSON.parse((await events(buyer.userId))[0]!.data)).toMatchObject({ from: 'seller', preview: '在' })
  })

  it('are limited per user and minute', async () => {
    clock += 10 * 60_000
    const { goodsId } = await listing()
    const buyer = await newUser(t.app, 'chb')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    for (let i = 0; i < CHAT_LIMITS.perMinute; i++)
      expect((await send(buyer.token, id, `第${i}问`)).code).toBe(200)
    expect((await send(buyer.token, id, '再问一次')).code).toBe(429)
    clock += 61_000
    expect((await send(buyer.token, id, '再问一次')).code).toBe(200)
  })
})

describe('staff reads', () => {
  it('only from a disputed order between the same buyer and seller, each read logged', async () => {
    const staff = await tokenOf(t.app, ...DEMO.kefu)
    const { seller, goodsId } = await listing(30_000)
    const buyer = await funded(t.app, 'chf', 30_000)
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    await send(buyer.token, id, '保证不找回吗？')
    await send(seller.token, id, '保证，包售后')
    // another buyer's conversation about the same listing stays out of the view
    const other = await newUser(t.app, 'chb')
    const otherId = (await open(other.token, goodsId)).data.conversationId as number
    await send(other.token, otherId, '别人的问题')

    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    const read = () => get(t.app, `/api/chat/dispute/${orderNo}`, staff)
    const logs = () =>
      t.app.db
        .selectFrom('op_logs')
        .select(['action', 'target'])
        .where('action', '=', 'dispute-chat-read')
        .where('target', '=', orderNo)
        .execute()
    expect(await read()).toMatchObject({ code: 403, msg: '只有发生纠纷的订单可以查看售前咨询' })
    expect(await logs()).toHaveLength(0)
    // parties are not staff
    expect((await get(t.app, `/api/chat/dispute/${orderNo}`, buyer.token)).code).toBe(403)

    expect(
      (await post(t.app, '/api/trade/order/dispute', buyer.token, { orderNo, reason: '描述不符' })).code,
    ).toBe(200)
    const seen = await read()
    expect(seen.code).toBe(200)
    expect(seen.data.conversation).toMatchObject({ conversationId: id, goodsId, buyerId: buyer.userId })
    expect(
      seen.data.messages.map((m: { content: string; senderRole: string }) => [m.senderRole, m.content]),
    ).toEqual([
      ['buyer', '保证不找回吗？'],
      ['seller', '保证，包售后'],
    ])
    expect(await logs()).toEqual([{ action: 'dispute-chat-read', target: orderNo }])
    // staff reading moved nobody's read marker
    expect(await unread(buyer.token)).toBe(1)
    expect((await get(t.app, '/api/chat/dispute/NOSUCHORDER1', staff)).code).toBe(404)
  })
})

describe('message kinds', () => {
  const sendKind = (token: string, body: Record<string, unknown>) =>
    post(t.app, '/api/chat/message', token, body)

  it('the listing as a card: a snapshot both sides read, summarised in the list', async () => {
    const { seller, goodsId } = await listing(18_800)
    const buyer = await newUser(t.app, 'chk')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    expect((await sendKind(buyer.token, { conversationId: id, kind: 'GOODS' })).code).toBe(200)
    const title = (
      await t.app.db.selectFrom('goods').select('title').where('id', '=', goodsId).executeTakeFirstOrThrow()
    ).title
    for (const token of [buyer.token, seller.token]) {
      const [card] = (await messages(token, id)).rows
      expect(card).toMatchObject({
        kind: 'GOODS',
        content: `[商品] ${title}`,
        goods: { goodsId, title, price: 18_800 },
        image: null,
      })
      expect(card.goods.coverUrl).toMatch(/_t\.jpg$/)
    }
    expect((await list(seller.token)).rows[0]).toMatchObject({
      conversationId: id,
      lastMessage: `[商品] ${title}`,
    })
    // a card carries no text; old-style text messages still read as TEXT
    expect(
      (await sendKind(buyer.token, { conversationId: id, kind: 'GOODS', content: '看看这个' })).msg,
    ).toBe('商品卡片和图片消息不能附带文字')
    await send(buyer.token, id, '还在吗')
    expect((await messages(buyer.token, id)).rows[0]).toMatchObject({
      kind: 'TEXT',
      content: '还在吗',
      goods: null,
    })
    expect((await sendKind(buyer.token, { conversationId: id, kind: 'VIDEO' })).code).toBe(400)
  })

  it('an image the sender uploaded: thumbnail and full picture; not someone else’s, not a made-up id', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'chi')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    const imageId = await uploadScreenshot(t.app, buyer.token)
    expect((await sendKind(buyer.token, { conversationId: id, kind: 'IMAGE', imageId })).code).toBe(200)
    const [shot] = (await messages(seller.token, id)).rows
    expect(shot).toMatchObject({ kind: 'IMAGE', content: '[图片]', image: { imageId } })
    expect(shot.image.thumbUrl).toContain(`${imageId}_t.jpg`)
    expect(shot.image.url).toContain(`${imageId}.jpg`)

    const theirs = await uploadScreenshot(t.app, seller.token)
    expect(await sendKind(buyer.token, { conversationId: id, kind: 'IMAGE', imageId: theirs })).toMatchObject(
      {
        code: 400,
        msg: '图片不存在或不是您上传的',
      },
    )
    expect(
      (await sendKind(buyer.token, { conversationId: id, kind: 'IMAGE', imageId: 'a'.repeat(32) })).code,
    ).toBe(400)
    expect(
      (await sendKind(buyer.token, { conversationId: id, kind: 'IMAGE', imageId: '../etc/passwd' })).code,
    ).toBe(400)
    expect((await sendKind(buyer.token, { conversationId: id, kind: 'IMAGE' })).msg).toBe(
      '请选择要发送的图片',
    )
    expect((await sendKind(buyer.token, { conversationId: id, imageId })).msg).toBe(
      '只有图片消息可以附带图片',
    )
    // the safety filter still applies to text
    expect(
      (await sendKind(buyer.token, { conversationId: id, kind: 'TEXT', content: '加我QQ 12345678' })).code,
    ).toBe(400)
    expect((await messages(buyer.token, id)).total).toBe(1)
  })

  it('every kind counts toward the per-minute limit', async () => {
    clock += 10 * 60_000
    const { goodsId } = await listing()
    const buyer = await newUser(t.app, 'chl')
    const id = (await open(buyer.token, goodsId)).data.conversationId as number
    for (let i = 0; i < CHAT_LIMITS.perMinute; i++)
      expect((await sendKind(buyer.token, { conversationId: id, kind: 'GOODS' })).code).toBe(200)
    expect((await send(buyer.token, id, '再问一次')).code).toBe(429)
    clock += 61_000
  })
})

describe('quick replies', () => {
  const replies = async (token: string) => (await get(t.app, '/api/chat/quickReply/list', token)).data
  const add = (token: string, content: string) => post(t.app, '/api/chat/quickReply/add', token, { content })

  it('a user keeps a few, each checked like a message; only the owner edits or removes one', async () => {
    const seller = await newUser(t.app, 'chq')
    expect(await replies(seller.token)).toEqual([])
    const first = await add(seller.token, '  在的，可以直接拍  ')
    expect(first).toMatchObject({ code: 200, data: { content: '在的，可以直接拍' } })
    const replyId = first.data.replyId as number
    expect((await add(seller.token, '最低价不议')).code).toBe(200)
    expect((await replies(seller.token)).map((r: { content: string }) => r.content)).toEqual([
      '在的，可以直接拍',
      '最低价不议',
    ])
    expect((await add(seller.token, '加我微信 abc_12345')).msg).toContain('微信')
    expect((await add(seller.token, '好'.repeat(CHAT_LIMITS.quickReply + 1))).code).toBe(400)
    expect((await add(seller.token, '   ')).code).toBe(400)

    const edited = await post(t.app, '/api/chat/quickReply/edit', seller.token, {
      replyId,
      content: '在的，秒发货',
    })
    expect(edited).toMatchObject({ code: 200, data: { replyId, content: '在的，秒发货' } })

    const other = await newUser(t.app, 'chq')
    expect(await replies(other.token)).toEqual([])
    expect(
      await post(t.app, '/api/chat/quickReply/edit', other.token, { replyId, content: '改别人的' }),
    ).toMatchObject({ code: 404, msg: '快捷回复不存在' })
    expect((await post(t.app, '/api/chat/quickReply/remove', other.token, { replyId })).code).toBe(404)
    expect((await replies(seller.token))[0]).toEqual({ replyId, content: '在的，秒发货' })

    expect((await post(t.app, '/api/chat/quickReply/remove', seller.token, { replyId })).code).toBe(200)
    expect((await replies(seller.token)).map((r: { content: string }) => r.content)).toEqual(['最低价不议'])
    expect((await get(t.app, '/api/chat/quickReply/list')).code).toBe(401)
  })

  it(`at most ${CHAT_LIMITS.quickReplies}`, async () => {
    const seller = await newUser(t.app, 'chr')
    for (let i = 0; i < CHAT_LIMITS.quickReplies; i++)
      expect((await add(seller.token, `回复${i}`)).code).toBe(200)
    expect(await add(seller.token, '再来一条')).toMatchObject({
      code: 400,
      msg: `快捷回复最多 ${CHAT_LIMITS.quickReplies} 条，请先删除不用的`,
    })
  })
})
