/**
 * The pre-sale conversation view: messages oldest at the top with mine marked, earlier ones on
 * request, sending (trimmed, the box cleared), the shared safety rule said before sending, the
 * server's refusals shown in place, and the counts asked again after reading.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { CHAT, CHAT_LIMITS, type ChatConversation, type ChatMessage } from '@shared/api/chat'
import { chatKeys } from '@renderer/api/chat'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { failure, fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import ChatPage from '.'
import { imageProblem } from './Compose'

let server: FakeServer

const CONVERSATION: ChatConversation = {
  conversationId: 7,
  goodsId: 3,
  goodsTitle: '王者荣耀 V10 全皮肤',
  buyerId: 11,
  buyerName: '买家小王',
  sellerId: 22,
  sellerName: '卖家老李',
  role: 'seller',
  lastMessage: '能便宜点吗',
  lastMessageAt: 1_717_000_100_000,
  unread: 1,
  createdAt: 1_717_000_000_000,
}

const message = (messageId: number, senderRole: 'buyer' | 'seller', content: string): ChatMessage => ({
  messageId,
  conversationId: 7,
  senderRole,
  senderName: senderRole === 'buyer' ? '买家小王' : '卖家老李',
  kind: 'TEXT',
  content,
  goods: null,
  image: null,
  createdAt: 1_717_000_000_000 + messageId * 1000,
})

beforeEach(() => {
  server = fakeServer()
    .on(CHAT.conversation, CONVERSATION)
    // newest first, as the server answers; 25 in all
    .on(CHAT.messages, ({ query }) => ({
      rows: [
        message(3, 'buyer', '能便宜点吗'),
        message(2, 'seller', '在的'),
        message(1, 'buyer', '还在吗？'),
      ].slice(0, query.pageSize ?? 20),
      total: 25,
    }))
    .on(CHAT.send, { messageId: 4 })
    .on(CHAT.quickReplies, [{ replyId: 1, content: '在的，可以直接拍' }])
  logIn()
})
afterEach(() => server.restore())

const open = () => renderPage(<ChatPage />, { url: '/message/chat/7.html', path: '/message/chat/:file' })

describe('/message/chat/{conversationId}.html', () => {
  it('shows the listing, the other party and the messages oldest first, mine marked', async () => {
    const view = open()
    // the header's count as it was before reading
    view.queryClient.setQueryData(chatKeys.unread, 1)
    await screen.findByText('还在吗？')
    expect(screen.getByRole('link', { name: '王者荣耀 V10 全皮肤' }).getAttribute('href')).toBe(
      '/detail/3.html',
    )
    expect(screen.getByText(/买家：买家小王/)).toBeTruthy()
    const texts = [...view.container.querySelectorAll('.chat-bubble__text')].map((n) => n.textContent)
    expect(texts).toEqual(['还在吗？', '在的', '能便宜点吗'])
    expect(screen.getByText('在的').closest('.chat-bubble')?.className).toContain('is-mine')
    expect(screen.getByText('还在吗？').closest('.chat-bubble')?.className).not.toContain('is-mine')
    expect(server.callsTo(CHAT.messages)[0]!.query).toEqual({ pageNum: 1, pageSize: 20 })
    // reading the latest page moved the marker on the server: the count is stale and asked again
    await waitFor(() => expect(view.queryClient.getQueryState(chatKeys.unread)?.isInvalidated).toBe(true))
    // 25 messages: earlier ones on request
    fireEvent.click(screen.getByRole('button', { name: '查看更早的消息' }))
    await waitFor(() =>
      expect(server.callsTo(CHAT.messages).at(-1)!.query).toEqual({ pageNum: 1, pageSize: 40 }),
    )
  })

  it('sends the trimmed text and clears the box', async () => {
    open()
    await screen.findByText('还在吗？')
    const box = screen.getByLabelText('消息内容')
    fireEvent.change(box, { target: { value: '  最低 180，可以直接下单  ' } })
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }))
    await waitFor(() => expect(server.callsTo(CHAT.send)).toHaveLength(1))
    expect(server.callsTo(CHAT.send)[0]!.body).toEqual({
      conversationId: 7,
      content: '最低 180，可以直接下单',
    })
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
  })

  it('says what the server would refuse before sending, and shows the server’s refusals', async () => {
    open()
    await screen.findByText('还在吗？')
    const box = screen.getByLabelText('消息内容')
    fireEvent.change(box, { target: { value: '加我微信 abc_12345 细聊' } })
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }))
    expect(
      await screen.findByText('消息不能包含站外联系方式（微信号），请在平台内沟通，谨防诈骗'),
    ).toBeTruthy()
    expect(server.callsTo(CHAT.send)).toHaveLength(0)

    server.on(CHAT.send, failure(429, '操作过于频繁，请稍后再试'))
    fireEvent.change(box, { target: { value: '号还在吗' } })
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }))
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('号还在吗')
  })

  it('a conversation that is not mine says so', async () => {
    server.fail(CHAT.conversation, 404, '咨询会话不存在')
    open()
    expect(await screen.findByText('咨询会话不存在')).toBeTruthy()
  })

  it('shows a listing card and an image; the buyer sends the card, the seller taps a quick reply into the box', async () => {
    server.on(CHAT.messages, () => ({
      rows: [
        {
          ...message(5, 'buyer', '[图片]'),
          kind: 'IMAGE' as const,
          image: { imageId: 'a'.repeat(32), url: '/api/x.jpg', thumbUrl: '/api/x_t.jpg' },
        },
        {
          ...message(4, 'buyer', '[商品] 王者荣耀 V10 全皮肤'),
          kind: 'GOODS' as const,
          goods: { goodsId: 3, title: '王者荣耀 V10 全皮肤', price: 18_800, coverUrl: null },
        },
      ],
      total: 2,
    }))
    open()
    const card = await screen.findByRole('link', { name: '商品卡片：王者荣耀 V10 全皮肤' })
    expect(card.getAttribute('href')).toBe('/detail/3.html')
    expect(card.textContent).toContain('¥188.00')
    expect(screen.getByAltText('聊天图片').getAttribute('src')).toBe('/api/x_t.jpg')
    // the seller (CONVERSATION.role) has quick replies and no card button
    expect(screen.queryByRole('button', { name: /商品卡片/ })).toBeNull()
    fireEvent.click(await screen.findByText('在的，可以直接拍'))
    expect((screen.getByLabelText('消息内容') as HTMLTextAreaElement).value).toBe('在的，可以直接拍')
  })

  it('the buyer sends the listing as a card', async () => {
    server.on(CHAT.conversation, { ...CONVERSATION, role: 'buyer' })
    open()
    await screen.findByText('还在吗？')
    expect(screen.queryByText('快捷回复')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /商品卡片/ }))
    await waitFor(() => expect(server.callsTo(CHAT.send)).toHaveLength(1))
    expect(server.callsTo(CHAT.send)[0]!.body).toEqual({ conversationId: 7, kind: 'GOODS' })
  })
})

describe('imageProblem', () => {
  it('refuses other types and files over the limit before uploading', () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('只能发送 JPG、PNG 或 WebP 图片')
    expect(imageProblem({ type: 'image/png', size: CHAT_LIMITS.imageMaxBytes + 1 })).toBe('图片不能超过 5 MB')
    expect(imageProblem({ type: 'image/jpeg', size: 1000 })).toBeNull()
  })
})
