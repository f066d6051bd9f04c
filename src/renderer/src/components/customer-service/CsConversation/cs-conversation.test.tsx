/**
 * The user's 在线客服 conversation: resuming from the last message id (live events, reconnects, my own
 * sends — no gap, no duplicate, in order), the state line (queue, outside the hours, the agent's 工号),
 * the server's refusals, and the rating once it ended.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  CS_CONVERSATION,
  type CsConversation as Conversation,
  type CsMessage,
  type CsServiceStatus,
} from '@shared/api/cs'
import { applyLiveEvent, refreshAfterReconnect } from '@renderer/app/live-queries'
import { EMPTY_THREAD, mergeMessages, syncedThread, threadWithSent } from '@renderer/api/cs-conversation'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { failure, fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { CsConversation } from '.'

const T0 = Date.UTC(2026, 10, 28, 4, 0) // 12:00 China time

const msg = (messageId: number, sender: CsMessage['sender'], content: string): CsMessage => ({
  messageId,
  conversationId: 5,
  sender,
  senderName: sender === 'agent' ? '小美' : sender === 'system' ? '系统' : '买家小王',
  staffNo: sender === 'agent' ? 'KF1001' : null,
  content,
  imageUrls: [],
  createdAt: T0 + messageId * 1000,
})

const conversation = (patch: Partial<Conversation> = {}): Conversation => ({
  conversationId: 5,
  userId: 11,
  userName: '买家小王',
  status: 'ACTIVE',
  attachment: null,
  agent: { staffName: '小美', staffNo: 'KF1001' },
  queuePosition: null,
  leftMessage: false,
  rating: null,
  lastMessageId: 3,
  lastMessagePreview: null,
  lastMessageAt: null,
  unread: 0,
  createdAt: T0,
  assignedAt: T0,
  firstResponseAt: T0,
  endedAt: null,
  endedBy: null,
  ...patch,
})

const STATUS: CsServiceStatus = {
  mode: 'builtin',
  hours: '10:00-22:30',
  inHours: true,
  nextOpenAt: null,
  waiting: 0,
  onlineAgents: 2,
  widget: null,
}

let server: FakeServer
/** what the server holds: the messages of conversation 5 */
let stored: CsMessage[]

beforeEach(() => {
  stored = [
    msg(1, 'user', '订单还没发货'),
    msg(2, 'system', '客服 小美 已接入'),
    msg(3, 'agent', '您好，我来查一下'),
  ]
  server = fakeServer()
    .on(CS_CONVERSATION.status, STATUS)
    .on(CS_CONVERSATION.conversations, { rows: [conversation()], total: 1 })
    .on(CS_CONVERSATION.conversation, conversation())
    .on(CS_CONVERSATION.unread, 0)
    .on(CS_CONVERSATION.messages, ({ query }) => stored.filter((m) => m.messageId > (query.afterId ?? 0)))
  logIn()
})
afterEach(() => server.restore())

const texts = (container: HTMLElement) =>
  [...container.querySelectorAll('.chat-bubble__text, .cs-system-line')].map((n) =>
    n.textContent!.replace(/ · .*$/, ''),
  )
const open = () => renderPage(<CsConversation />, { url: '/service/chat.html' })
const event = (messageId: number) =>
  ({
    type: 'cs-message',
    id: messageId,
    at: Date.now(),
    data: { conversationId: 5, messageId, sender: 'agent', senderName: '小美', preview: '…' },
  }) as const

describe('the thread kept in the cache', () => {
  it('merges by id: no duplicate, in order, a later copy wins', () => {
    const merged = mergeMessages(
      [msg(1, 'user', 'a'), msg(3, 'agent', 'c')],
      [msg(2, 'agent', 'b'), msg(3, 'agent', 'c2')],
    )
    expect(merged.map((m) => [m.messageId, m.content])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c2'],
    ])
  })

  it('my sent message shows at once but does not move the point fetches resume from', () => {
    const synced = syncedThread(EMPTY_THREAD, [msg(1, 'user', 'a'), msg(2, 'agent', 'b')])
    expect(synced.syncedTo).toBe(2)
    const sent = threadWithSent(synced, msg(4, 'user', 'd'))
    expect(sent.syncedTo).toBe(2)
    // the reply 3 that came before my 4 is fetched by "after 2", and lands before it
    const next = syncedThread(sent, [msg(3, 'agent', 'c'), msg(4, 'user', 'd')])
    expect(next.messages.map((m) => m.messageId)).toEqual([1, 2, 3, 4])
    expect(next.syncedTo).toBe(4)
  })
})

describe('在线客服 conversation', () => {
  it('resumes the open conversation and shows the agent’s name and 工号 with the link that checks it', async () => {
    const view = open()
    await screen.findByText('您好，我来查一下')
    expect(texts(view.container)).toEqual(['订单还没发货', '客服 小美 已接入', '您好，我来查一下'])
    expect(server.callsTo(CS_CONVERSATION.messages)[0]!.query).toEqual({ afterId: 0, limit: 200 })
    expect(screen.getByText('订单还没发货').closest('.chat-bubble')!.className).toContain('is-mine')
    const agentBubble = screen.getByText('您好，我来查一下').closest('.chat-bubble') as HTMLElement
    expect(within(agentBubble).getByText(/平台客服 小美/)).toBeTruthy()
    expect(within(agentBubble).getByRole('link', { name: '验证工号 KF1001' }).getAttribute('href')).toBe(
      '/platform/customServiceVerify.html?channel=STAFF_NO&value=KF1001',
    )
    expect(screen.getByText(/正在为您服务/).textContent).toContain('（工号 KF1001）')
    // nothing was opened: the open conversation is resumed
    expect(server.callsTo(CS_CONVERSATION.open)).toHaveLength(0)
  })

  it('a live event fetches after the last id; duplicates and missed events change nothing', async () => {
    const view = open()
    await screen.findByText('您好，我来查一下')
    // two replies arrived; only the event of the second reaches the client
    stored.push(msg(4, 'agent', '查到了'), msg(5, 'agent', '已经催卖家发货'))
    act(() => applyLiveEvent(view.queryClient, event(5)))
    await screen.findByText('已经催卖家发货')
    expect(server.callsTo(CS_CONVERSATION.messages).at(-1)!.query).toEqual({ afterId: 3, limit: 200 })
    // the same event again (a replay after a reconnect) and a reconnect: nothing twice
    act(() => applyLiveEvent(view.queryClient, event(5)))
    act(() => refreshAfterReconnect(view.queryClient))
    await waitFor(() => expect(server.callsTo(CS_CONVERSATION.messages).at(-1)!.query.afterId).toBe(5))
    expect(texts(view.container)).toEqual([
      '订单还没发货',
      '客服 小美 已接入',
      '您好，我来查一下',
      '查到了',
      '已经催卖家发货',
    ])
  })

  it('a reply that came just before my own message is still fetched, and shown before it', async () => {
    server.on(CS_CONVERSATION.send, ({ body }) => {
      const mine = { ...msg(7, 'user', body.content ?? ''), messageId: 7 }
      stored.push(msg(6, 'agent', '请提供订单号'), mine)
      return { message: mine, leftMessage: false, answerAt: null, queuePosition: null, notice: null }
    })
    const view = open()
    await screen.findByText('您好，我来查一下')
    fireEvent.change(screen.getByLabelText('消息内容'), { target: { value: '  YX123  ' } })
    fireEvent.click(screen.getByRole('button', { name: /^发\s*送$/ }))
    await screen.findByText('YX123')
    expect(server.callsTo(CS_CONVERSATION.send)[0]!.body).toEqual({ conversationId: 5, content: 'YX123' })
    act(() => applyLiveEvent(view.queryClient, event(6)))
    await screen.findByText('请提供订单号')
    expect(server.callsTo(CS_CONVERSATION.messages).at(-1)!.query.afterId).toBe(3)
    expect(texts(view.container).slice(-2)).toEqual(['请提供订单号', 'YX123'])
  })

  it('shows the server’s refusal (contact details) and keeps the text', async () => {
    server.on(
      CS_CONVERSATION.send,
      failure(400, '消息不能包含站外联系方式（微信号），请在平台内沟通，谨防诈骗'),
    )
    open()
    await screen.findByText('您好，我来查一下')
    const box = screen.getByLabelText('消息内容') as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: '加我微信 abc_12345' } })
    fireEvent.click(screen.getByRole('button', { name: /^发\s*送$/ }))
    expect(
      await screen.findByText('消息不能包含站外联系方式（微信号），请在平台内沟通，谨防诈骗'),
    ).toBeTruthy()
    expect(box.value).toBe('加我微信 abc_12345')
  })

  it('inside the hours shows the place in the queue; outside them, when it will be answered', async () => {
    server
      .on(CS_CONVERSATION.conversations, {
        rows: [conversation({ status: 'WAITING', agent: null, queuePosition: 3 })],
        total: 1,
      })
      .on(CS_CONVERSATION.conversation, conversation({ status: 'WAITING', agent: null, queuePosition: 3 }))
    const first = open()
    expect(await screen.findByText('正在为您接入客服，您当前排在第 3 位')).toBeTruthy()
    first.unmount()

    // outside the hours, no conversation yet: writing opens one and leaves the message
    const next = Date.UTC(2026, 10, 29, 2, 0) // 11月29日 10:00 China time
    server
      .on(CS_CONVERSATION.status, { ...STATUS, inHours: false, nextOpenAt: next })
      .on(CS_CONVERSATION.conversations, { rows: [], total: 0 })
      .on(CS_CONVERSATION.open, {
        conversation: conversation({ conversationId: 5, status: 'WAITING', agent: null, leftMessage: true }),
        status: { ...STATUS, inHours: false, nextOpenAt: next },
        resumed: false,
      })
      .on(CS_CONVERSATION.conversation, conversation({ status: 'WAITING', agent: null, leftMessage: true }))
      .on(CS_CONVERSATION.send, () => ({
        message: msg(8, 'user', '账号被找回了'),
        leftMessage: true,
        answerAt: next,
        queuePosition: null,
        notice: '已收到您的留言，客服将于 11月29日 10:00 上班后回复',
      }))
    stored = []
    open()
    expect(await screen.findByText(/客服将于 11月29日 10:00 上班后回复/)).toBeTruthy()
    expect(server.callsTo(CS_CONVERSATION.open)).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('消息内容'), { target: { value: '账号被找回了' } })
    fireEvent.click(screen.getByRole('button', { name: /^发\s*送$/ }))
    expect(await screen.findByText('已收到您的留言，客服将于 11月29日 10:00 上班后回复')).toBeTruthy()
    expect(server.callsTo(CS_CONVERSATION.open)[0]!.body).toEqual({ client: 'web' })
    expect(server.callsTo(CS_CONVERSATION.send)[0]!.body).toEqual({
      conversationId: 5,
      content: '账号被找回了',
    })
  })

  it('opened from an order: the conversation is opened with the order attached', async () => {
    const withOrder = conversation({
      attachment: { kind: 'order', orderNo: 'YX9', goodsId: 3, disputeId: null, title: '王者荣耀 V10' },
    })
    server.on(CS_CONVERSATION.open, { conversation: withOrder, status: STATUS, resumed: true })
    server.on(CS_CONVERSATION.conversation, withOrder)
    renderPage(<CsConversation about={{ orderNo: 'YX9' }} />, { url: '/service/chat.html?orderNo=YX9' })
    const link = await screen.findByRole('link', { name: '王者荣耀 V10' })
    expect(link.getAttribute('href')).toBe('/buyer/orderDetail.html?orderNo=YX9')
    expect(server.callsTo(CS_CONVERSATION.open).map((c) => c.body)).toEqual([
      { orderNo: 'YX9', client: 'web' },
    ])
  })

  it('after it ended the user rates it once, 1–5 with optional text', async () => {
    const ended = conversation({ status: 'ENDED', endedAt: T0 + 9000, endedBy: 'agent' })
    server
      .on(CS_CONVERSATION.conversations, { rows: [ended], total: 1 })
      .on(CS_CONVERSATION.conversation, ended)
      .on(CS_CONVERSATION.rate, ({ body }) => ({
        ...ended,
        rating: { score: body.score, text: body.text ?? '', ratedAt: T0 + 10_000 },
      }))
    open()
    await screen.findByText('本次服务已结束，请为客服的服务评分')
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }))
    expect(await screen.findByText('请选择评分（1-5 星）')).toBeTruthy()
    expect(server.callsTo(CS_CONVERSATION.rate)).toHaveLength(0)
    // antd's stars: the fourth one
    const stars = document.querySelectorAll('.cs-rating .ant-rate-star > div')
    fireEvent.click(stars[3]!)
    fireEvent.change(screen.getByLabelText('评价内容'), { target: { value: '  回复很快  ' } })
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }))
    expect(await screen.findByText('感谢您的评价！')).toBeTruthy()
    expect(server.callsTo(CS_CONVERSATION.rate)[0]!.body).toEqual({
      conversationId: 5,
      score: 4,
      text: '回复很快',
    })
    expect(screen.queryByRole('button', { name: '提交评价' })).toBeNull()
  })
})
