import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { platform } from '@renderer/platform'
import { messageKeys } from '@renderer/api/message'
import { useSessionStore } from '@renderer/stores/session'
import { fetchStreamTicket } from '@renderer/api/events'
import { configureHttp } from '@renderer/api/http'
import { applyLiveEvent, startLiveUpdates } from './live-queries'
import { createQueryClient } from './query-client'

let queryClient: QueryClient
beforeEach(() => {
  queryClient = createQueryClient()
  vi.spyOn(platform, 'setBadge')
  vi.spyOn(platform, 'notify').mockImplementation(() => undefined)
})
afterEach(() => vi.restoreAllMocks())

const at = { id: 5, at: 0 }
const unread = () => queryClient.getQueryData<number>(messageKeys.unread)

describe('live events update the queries and notify', () => {
  it('an unread-count event sets the count; a new message notifies', () => {
    applyLiveEvent(queryClient, {
      ...at,
      type: 'unread-count',
      data: { count: 4, reason: 'created', message: { messageId: 9, title: '订单已发货' } },
    })
    expect(unread()).toBe(4)
    expect(platform.notify).toHaveBeenCalledWith({
      kind: 'message',
      title: '您有新的站内信',
      body: '订单已发货（未读 4 条）',
      path: '/message/userMessage.html',
    })
    applyLiveEvent(queryClient, { ...at, type: 'unread-count', data: { count: 3, reason: 'read' } })
    expect(unread()).toBe(3)
    expect(platform.notify).toHaveBeenCalledTimes(1)
  })

  it('orders, payments, deliveries, bids and guaranteed-order messages notify with their route and refresh their lists', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const apply = (event: Parameters<typeof applyLiveEvent>[1]) => applyLiveEvent(queryClient, event)
    apply({
      ...at,
      type: 'order-created',
      data: { orderNo: 'YX9', goodsId: 3, goodsTitle: '原神 满命账号', amount: 1288 },
    })
    apply({
      ...at,
      type: 'order-paid',
      data: { orderNo: 'YX9', goodsId: 3, goodsTitle: '原神 满命账号', amount: 1288 },
    })
    apply({
      ...at,
      type: 'order-delivered',
      data: { orderNo: 'YX9', goodsId: 3, goodsTitle: '原神 满命账号', corrected: false, automatic: true },
    })
    apply({
      ...at,
      type: 'bid',
      data: { bidId: 1, goodsId: 3, goodsTitle: '原神 满命账号', price: 1000, counter: true },
    })
    apply({ ...at, type: 'warrant-message', data: { orderNo: 'YX9', preview: '已发货，请查收' } })
    const calls = vi.mocked(platform.notify).mock.calls.map(([n]) => [n.kind, n.path])
    expect(calls).toEqual([
      ['order', '/seller/sellOrder.html?orderNo=YX9'],
      ['paid', '/seller/sellOrder.html?orderNo=YX9'],
      ['delivered', '/order/transferCollect.html?orderNo=YX9'],
      ['bid', '/detail/3.html'],
      ['warrant', '/warrantOrderHandler.html?orderNo=YX9'],
    ])
    expect(vi.mocked(platform.notify).mock.calls[0]![0].body).toBe('原神 满命账号，订单号 YX9，金额 ¥12.88')
    expect(vi.mocked(platform.notify).mock.calls[2]![0].body).toBe(
      '原神 满命账号，订单号 YX9（平台自动交付）',
    )
    expect(vi.mocked(platform.notify).mock.calls[3]![0].title).toBe('卖家给出了还价')
    expect(queryClient.getQueryData(messageKeys.group)).toEqual({ hasNewWarrantMessage: true })
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0])
    expect(new Set(keys)).toEqual(new Set(['trade', 'funds', 'bid', 'warrant']))
  })

  it('a pre-sale chat message refreshes the chat queries and notifies, leading to the conversation', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    applyLiveEvent(queryClient, {
      ...at,
      type: 'chat-message',
      data: {
        conversationId: 7,
        goodsId: 3,
        goodsTitle: '原神 满命账号',
        from: 'buyer',
        preview: '还在吗？',
      },
    })
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['chat']])
    expect(vi.mocked(platform.notify).mock.calls.at(-1)![0]).toEqual({
      kind: 'chat',
      title: '买家咨询了您的商品',
      body: '原神 满命账号：还在吗？',
      path: '/message/chat/7.html',
    })
  })

  it('an AI drawing job refreshes the AI queries; only its end notifies, leading to my folder', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const job = { jobId: 4, count: 2, prompt: '雪山狐狸' }
    applyLiveEvent(queryClient, {
      ...at,
      type: 'ai-job',
      data: { ...job, status: 'running', progress: 40, done: 0 },
    })
    expect(platform.notify).not.toHaveBeenCalled()
    applyLiveEvent(queryClient, {
      ...at,
      type: 'ai-job',
      data: { ...job, status: 'succeeded', progress: 100, done: 2 },
    })
    expect(platform.notify).toHaveBeenCalledWith({
      kind: 'ai',
      title: 'AI 绘画已完成',
      body: '「雪山狐狸」已生成 2 张图片',
      path: '/ai/my.html',
    })
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual([['ai'], ['ai']])
  })

  it('startLiveUpdates feeds the queries and stops on request', async () => {
    const sources: Array<{
      url: string
      listeners: Map<string, (e: MessageEvent) => void>
      close: () => void
      closed?: boolean
      onopen?: () => void
    }> = []
    class ES {
      listeners = new Map<string, (e: MessageEvent) => void>()
      onopen: (() => void) | null = null
      onerror: (() => void) | null = null
      closed = false
      constructor(readonly url: string) {
        sources.push(this as never)
      }
      addEventListener(type: string, fn: (e: MessageEvent) => void) {
        this.listeners.set(type, fn)
      }
      close() {
        this.closed = true
      }
    }
    const stop = startLiveUpdates({
      queryClient,
      onSessionEnded: vi.fn(),
      deps: {
        EventSource: ES as never,
        fetchTicket: async () => ({ ticket: 'x' }),
        streamUrl: (t) => `/s?ticket=${t}`,
        setTimeout: () => 0,
        clearTimeout: () => undefined,
        random: () => 0.5,
      },
    })
    await new Promise((r) => setTimeout(r, 0))
    sources[0]!.listeners.get('unread-count')!(
      new MessageEvent('unread-count', { data: '{"count":2,"reason":"snapshot"}', lastEventId: '3' }),
    )
    expect(unread()).toBe(2)
    stop()
    expect(sources[0]!.closed).toBe(true)
  })
})

describe('stream ticket', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    useSessionStore.setState({ token: undefined })
  })

  it('asks with the Authorization header, never puts the token in a URL', async () => {
    vi.spyOn(platform, 'getToken').mockReturnValue('tok-123')
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ code: 200, msg: 'ok', data: { ticket: 'tk', expiresIn: 60 } })),
    )
    vi.stubGlobal('fetch', fetchMock)
    await expect(fetchStreamTicket()).resolves.toEqual({ ticket: 'tk' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/user/message/streamTicket')
    expect(url).not.toContain('tok-123')
    expect((init!.headers as Record<string, string>)['Authorization']).toBe('Bearer tok-123')
  })

  it('retries quietly when offline; stops without a token', async () => {
    vi.spyOn(platform, 'getToken').mockReturnValue(undefined)
    await expect(fetchStreamTicket()).resolves.toEqual({ stop: true })
    vi.mocked(platform.getToken).mockReturnValue('t')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(fetchStreamTicket()).resolves.toEqual({ retry: true })
  })

  it('a 521 answer ends the session like any other call: the token is cleared wherever it is', async () => {
    vi.spyOn(platform, 'getToken').mockReturnValue('t')
    const clearToken = vi.spyOn(platform, 'clearToken').mockResolvedValue()
    const navigate = vi.fn()
    const restore = configureHttp({ navigate, notify: vi.fn() })
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ code: 521, msg: '登录状态已过期，请重新登录' }))),
      )
      await expect(fetchStreamTicket()).resolves.toEqual({ stop: true })
      expect(clearToken).toHaveBeenCalled()
      expect(navigate).toHaveBeenCalledWith('/login.html')
    } finally {
      restore()
    }
  })
})
