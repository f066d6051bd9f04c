/**
 * 客服工作台 (docs/customer-service.md): an agent opens their conversation, replies, and the page
 * keeps working (the reply shows, the box empties); the side panel shows the order status label.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { CS_STAFF, type CsAgent, type CsMessage, type CsQueueItem, type CsUserContext } from '@shared/api/cs'
import { SYSTEM } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import CsWorkbenchPage from '.'

vi.setConfig({ testTimeout: 60_000 })

const T0 = Date.UTC(2026, 10, 28, 4, 0)

const me: CsAgent = {
  userId: 1,
  staffName: '小美',
  staffNo: 'KF1001',
  team: 'general' as CsAgent['team'],
  status: 'ONLINE',
  available: true,
  load: 1,
  maxLoad: 5,
  lastSeenAt: T0,
}

const item: CsQueueItem = {
  conversationId: 5,
  userId: 11,
  userName: '买家小王',
  status: 'ACTIVE',
  attachment: null,
  agent: { staffName: '小美', staffNo: 'KF1001' },
  queuePosition: null,
  leftMessage: false,
  rating: null,
  lastMessageId: 1,
  lastMessagePreview: '你好',
  lastMessageAt: T0,
  unread: 0,
  createdAt: T0,
  assignedAt: T0,
  firstResponseAt: null,
  endedAt: null,
  endedBy: null,
  waitSeconds: 3,
  agentUserId: 1,
}

const msg = (messageId: number, sender: CsMessage['sender'], content: string): CsMessage => ({
  messageId,
  conversationId: 5,
  sender,
  senderName: sender === 'agent' ? '小美' : '买家小王',
  staffNo: sender === 'agent' ? 'KF1001' : null,
  content,
  imageUrls: [],
  createdAt: T0 + messageId * 1000,
})

const context: CsUserContext = {
  userId: 11,
  userName: '买家小王',
  nickName: '小王',
  phone: '138****0000',
  registeredAt: T0,
  locked: false,
  realName: { verified: false, status: null, maskedName: null },
  balance: 1000,
  frozen: 0,
  recentOrders: [
    {
      orderNo: 'YX9',
      goodsId: 3,
      goodsTitle: '一个号',
      amount: 50_000,
      status: 'SETTLED',
      role: 'buyer',
      createdAt: T0,
    },
  ],
  openDisputes: [],
  pastConversations: 0,
  attachment: null,
} as unknown as CsUserContext

let server: FakeServer
beforeEach(() => {
  // Chromium (156) answers scrollIntoView with a promise; an effect that returns it breaks React
  Element.prototype.scrollIntoView = () => Promise.resolve() as unknown as undefined
  server = fakeServer().on(SYSTEM.dict, [])
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('客服工作台', () => {
  it('keeps working after the agent sends a reply', async () => {
    useSessionStore.setState({ permissions: [PERMS.csAnswer], roles: ['cs'] })
    const messages = [msg(1, 'user', '你好')]
    server
      .on(CS_STAFF.me, me)
      .on(CS_STAFF.queue, [])
      .on(CS_STAFF.conversations, [item])
      .on(CS_STAFF.conversation, item)
      .on(CS_STAFF.messages, () => messages)
      .on(CS_STAFF.context, context)
      .on(CS_STAFF.canned, [])
      .on(CS_STAFF.send, ({ body }) => {
        const m = msg(messages.length + 1, 'agent', body.content ?? '')
        messages.push(m)
        return m
      })
    renderPage(<CsWorkbenchPage />, { url: '/console/cs/workbench' })
    fireEvent.click(await screen.findByText('我的'))
    fireEvent.click(await screen.findByText('买家小王'))
    const box = await screen.findByLabelText('回复内容')
    fireEvent.change(box, { target: { value: '您好，请问有什么可以帮您' } })
    fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }))
    expect(await screen.findByText('您好，请问有什么可以帮您')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('回复内容') as HTMLTextAreaElement).value).toBe(''))
    expect(screen.queryByText('页面加载失败')).toBeNull()
    expect(server.callsTo(CS_STAFF.send)[0]!.body).toEqual({
      conversationId: 5,
      content: '您好，请问有什么可以帮您',
    })
  })

  it("shows the side panel's order status as its Chinese label", async () => {
    useSessionStore.setState({ permissions: [PERMS.csAnswer], roles: ['cs'] })
    server
      .on(CS_STAFF.me, me)
      .on(CS_STAFF.queue, [])
      .on(CS_STAFF.conversations, [item])
      .on(CS_STAFF.conversation, item)
      .on(CS_STAFF.messages, [msg(1, 'user', '你好')])
      .on(CS_STAFF.context, context)
      .on(CS_STAFF.canned, [])
    renderPage(<CsWorkbenchPage />, { url: '/console/cs/workbench' })
    fireEvent.click(await screen.findByText('我的'))
    fireEvent.click(await screen.findByText('买家小王'))
    const side = await screen.findByLabelText('用户资料')
    expect(await within(side).findByText(/买入 · ¥?500\.00.* · 已结算/)).toBeTruthy()
    expect(within(side).queryByText(/SETTLED/)).toBeNull()
  })
})
