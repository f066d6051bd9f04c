/**
 * Live events: what the server pushes to a logged-in user over Server-Sent Events
 * (GET /api/user/message/stream) and what both shells turn into badges and notifications.
 * No Node, no DOM: the server publishes these, the renderer receives them, the main process
 * validates the notifications made of them.
 *
 * The message module publishes `unread-count`; the chat module `chat-message`; trading publishes
 * the order and bid events (their payloads are fixed here so both sides can be written against them now).
 */
import { formatYuan } from './money'

/** The unread in-site message count changed (a message arrived, was read or removed). */
export interface UnreadCountEvent {
  type: 'unread-count'
  data: {
    count: number
    /** snapshot: the first event of a fresh stream, the count as it is */
    reason: 'created' | 'read' | 'removed' | 'snapshot'
    /** the new message, when reason is 'created' */
    message?: { messageId: number; title: string }
  }
}

/** Someone ordered one of my listings (seller side). */
export interface OrderCreatedEvent {
  type: 'order-created'
  data: { orderNo: string; goodsId: number; goodsTitle: string; /** fen */ amount: number }
}

/** An order was paid: the seller may deliver (seller side). */
export interface OrderPaidEvent {
  type: 'order-paid'
  data: { orderNo: string; goodsId: number; goodsTitle: string; /** fen */ amount: number }
}

/** The seller (or the platform, automatically) handed over my order, or corrected it (buyer side). */
export interface OrderDeliveredEvent {
  type: 'order-delivered'
  data: { orderNo: string; goodsId: number; goodsTitle: string; corrected: boolean; automatic: boolean }
}

/** A new bid on my listing, or a counter-offer to my bid. */
export interface BidEvent {
  type: 'bid'
  data: { bidId: number; goodsId: number; goodsTitle: string; /** fen */ price: number; counter: boolean }
}

/** A new message in one of my guaranteed-order (escrow) rooms. */
export interface WarrantMessageEvent {
  type: 'warrant-message'
  data: { orderNo: string; preview: string }
}

/** A new pre-sale chat message in one of my conversations, from the other side (docs/pre-sale-chat.md). */
export interface ChatMessageEvent {
  type: 'chat-message'
  data: {
    conversationId: number
    goodsId: number
    goodsTitle: string
    /** the sender's side: a buyer asking or a seller answering */
    from: 'buyer' | 'seller'
    preview: string
  }
}

/** One of my AI drawing jobs moved: queued, progress, finished (docs/ai-drawing.md). */
export interface AiJobEvent {
  type: 'ai-job'
  data: {
    jobId: number
    status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
    /** 0…100 */
    progress: number
    /** images stored so far, of count */
    done: number
    count: number
    /** the start of the prompt (notifications) */
    prompt: string
  }
}

/**
 * New listings matched one of my saved searches: one batched alert (docs/saved-searches.md), sent
 * with the in-site message that lists them.
 */
export interface SavedSearchEvent {
  type: 'saved-search'
  data: {
    savedSearchId: number
    name: string
    /** listings in this alert */
    count: number
    /** the saved list-page query (no leading '?') */
    query: string
  }
}

/**
 * 在线客服 (docs/customer-service.md): a new message in a customer-service conversation. The user
 * gets the agents' (and system) messages; the answering agent gets the user's. A client that missed
 * some fetches the messages after its last message id.
 */
export interface CsMessageEvent {
  type: 'cs-message'
  data: {
    conversationId: number
    messageId: number
    sender: 'user' | 'agent' | 'system'
    /** the agent's staff name, the user's name, or 系统 */
    senderName: string
    preview: string
  }
}

/**
 * A customer-service conversation changed hands or state: queued (place changed), assigned to an
 * agent, transferred, ended. Sent to its user and to the agents concerned (the new and the former one).
 */
export interface CsConversationEvent {
  type: 'cs-conversation'
  data: {
    conversationId: number
    status: 'WAITING' | 'ACTIVE' | 'ENDED'
    reason: 'queued' | 'assigned' | 'transferred' | 'ended' | 'rated'
    /** WAITING: the place in the queue (1 = next) */
    queuePosition: number | null
    /** the answering agent's userId (agents' workbenches), null while waiting */
    agentUserId: number | null
  }
}

/** The queue of waiting customer-service conversations changed (to the agents that are online). */
export interface CsQueueEvent {
  type: 'cs-queue'
  data: { waiting: number }
}

export type LiveEvent =
  | UnreadCountEvent
  | OrderCreatedEvent
  | OrderPaidEvent
  | OrderDeliveredEvent
  | BidEvent
  | WarrantMessageEvent
  | ChatMessageEvent
  | AiJobEvent
  | SavedSearchEvent
  | CsMessageEvent
  | CsConversationEvent
  | CsQueueEvent
export type LiveEventType = LiveEvent['type']

/** A live event as stored in the per-user log and sent on the stream: `id` increases per user. */
export type StoredLiveEvent = LiveEvent & { id: number; at: number }

export const LIVE_EVENT_TYPES = [
  'unread-count',
  'order-created',
  'order-paid',
  'order-delivered',
  'bid',
  'warrant-message',
  'chat-message',
  'ai-job',
  'saved-search',
  'cs-message',
  'cs-conversation',
  'cs-queue',
] as const satisfies readonly LiveEventType[]

/** Sent by the server (no id) when the session behind a stream ended: the client logs out. */
export const SESSION_ENDED_EVENT = 'session-ended'

/** Heartbeat comment interval of the stream; clients treat 2.5× this without data as a dead link. */
export const STREAM_HEARTBEAT_MS = 25_000

/** What a user can switch on and off: one native notification kind per live event that notifies. */
export const NOTIFICATION_KINDS = [
  'message',
  'order',
  'paid',
  'delivered',
  'bid',
  'warrant',
  'chat',
  'ai',
  'saved-search',
  'cs',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  message: '新站内信',
  order: '新订单（我出售的商品被下单）',
  paid: '订单已支付',
  delivered: '卖家已交付（我买的商品）',
  bid: '新出价或还价',
  warrant: '担保订单新消息',
  chat: '售前咨询新消息',
  ai: 'AI 绘画完成或失败',
  'saved-search': '订阅搜索有新商品',
  cs: '在线客服新回复',
}

/** A native notification as the renderer asks for it: the main process checks every field. */
export interface AppNotification {
  kind: NotificationKind
  title: string
  body: string
  /** the route a click opens (an app path such as /seller/sellOrder.html) */
  path: string
}

export const NOTIFICATION_LIMITS = { title: 64, body: 256, path: 512 } as const

/** fen → ¥12.88 (live-event amounts are integer fen, like every amount in the API) */
const money = formatYuan
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Where a click on a notification of this event leads. */
export const SOLD_ORDERS_PATH = '/seller/sellOrder.html'
export const MESSAGES_PATH = '/message/userMessage.html'
export const WARRANT_PATH = '/warrantOrderHandler.html'
export const AI_MY_PATH = '/ai/my.html'
/** a pre-sale conversation's page (docs/screens.md) */
/** my pre-sale conversations (docs/pre-sale-chat.md) */
export const CHATS_PATH = '/message/chat.html'
export const chatPath = (conversationId: number) => `/message/chat/${conversationId}.html`
export const SAVED_SEARCHES_PATH = '/buyer/savedSearch.html'
/** the user's 在线客服 conversation panel (docs/customer-service.md) */
export const CS_PATH = '/service/chat.html'

/**
 * The list page of a saved query as an app route (brackets of attrs[key] escaped); the saved-search
 * page when the query is too long for a notification's path.
 */
export function savedSearchPath(query: string): string {
  const path = `/list.html?${query.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`
  return isAppRoutePath(path) ? path : SAVED_SEARCHES_PATH
}

/**
 * The notification of an event, or null when the event does not notify (an unread count that
 * went down, or up without a new message).
 */
export function notificationFor(event: LiveEvent): AppNotification | null {
  switch (event.type) {
    case 'unread-count':
      if (event.data.reason !== 'created' || !event.data.message) return null
      return {
        kind: 'message',
        title: '您有新的站内信',
        body: clip(`${event.data.message.title}（未读 ${event.data.count} 条）`, NOTIFICATION_LIMITS.body),
        path: MESSAGES_PATH,
      }
    case 'order-created':
      return {
        kind: 'order',
        title: '您出售的商品有新订单',
        body: clip(
          `${event.data.goodsTitle}，订单号 ${event.data.orderNo}，金额 ${money(event.data.amount)}`,
          NOTIFICATION_LIMITS.body,
        ),
        path: `${SOLD_ORDERS_PATH}?orderNo=${encodeURIComponent(event.data.orderNo)}`,
      }
    case 'order-paid':
      return {
        kind: 'paid',
        title: '买家已付款，请尽快发货',
        body: clip(
          `${event.data.goodsTitle}，订单号 ${event.data.orderNo}，金额 ${money(event.data.amount)}`,
          NOTIFICATION_LIMITS.body,
        ),
        path: `${SOLD_ORDERS_PATH}?orderNo=${encodeURIComponent(event.data.orderNo)}`,
      }
    case 'order-delivered':
      return {
        kind: 'delivered',
        title: event.data.corrected ? '卖家修改了交付信息' : '您的订单已交付，请查收',
        body: clip(
          `${event.data.goodsTitle}，订单号 ${event.data.orderNo}${event.data.automatic ? '（平台自动交付）' : ''}`,
          NOTIFICATION_LIMITS.body,
        ),
        path: `/order/transferCollect.html?orderNo=${encodeURIComponent(event.data.orderNo)}`,
      }
    case 'bid':
      return {
        kind: 'bid',
        title: event.data.counter ? '卖家给出了还价' : '您的商品收到新出价',
        body: clip(`${event.data.goodsTitle}：${money(event.data.price)}`, NOTIFICATION_LIMITS.body),
        path: `/detail/${event.data.goodsId}.html`,
      }
    case 'warrant-message':
      return {
        kind: 'warrant',
        title: '担保订单有新消息',
        body: clip(`订单 ${event.data.orderNo}：${event.data.preview}`, NOTIFICATION_LIMITS.body),
        path: `${WARRANT_PATH}?orderNo=${encodeURIComponent(event.data.orderNo)}`,
      }
    case 'chat-message':
      return {
        kind: 'chat',
        title: event.data.from === 'buyer' ? '买家咨询了您的商品' : '卖家回复了您的咨询',
        body: clip(`${event.data.goodsTitle}：${event.data.preview}`, NOTIFICATION_LIMITS.body),
        path: chatPath(event.data.conversationId),
      }
    case 'ai-job':
      if (event.data.status !== 'succeeded' && event.data.status !== 'failed') return null
      return {
        kind: 'ai',
        title: event.data.status === 'succeeded' ? 'AI 绘画已完成' : 'AI 绘画失败',
        body: clip(
          event.data.status === 'succeeded'
            ? `「${event.data.prompt}」已生成 ${event.data.done} 张图片`
            : `「${event.data.prompt}」未能生成，请稍后重试`,
          NOTIFICATION_LIMITS.body,
        ),
        path: AI_MY_PATH,
      }
    case 'saved-search':
      return {
        kind: 'saved-search',
        title: clip(`您订阅的「${event.data.name}」有新商品`, NOTIFICATION_LIMITS.title),
        body: clip(`${event.data.count} 件新上架或降价的商品符合您的订阅`, NOTIFICATION_LIMITS.body),
        path: savedSearchPath(event.data.query),
      }
    case 'cs-message':
      // only the user's side notifies: an agent's reply (agents watch their workbench)
      if (event.data.sender !== 'agent') return null
      return {
        kind: 'cs',
        title: '在线客服回复了您',
        body: clip(`${event.data.senderName}：${event.data.preview}`, NOTIFICATION_LIMITS.body),
        path: `${CS_PATH}?conversationId=${event.data.conversationId}`,
      }
    case 'cs-conversation':
    case 'cs-queue':
      return null
  }
}

/**
 * An in-app route path the shell may open (notification click, tray, deep link): absolute,
 * same-origin (no `//host`, no backslash, no scheme), printable ASCII without spaces, at most
 * NOTIFICATION_LIMITS.path characters, optional query, no fragment tricks.
 */
export function isAppRoutePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length > 0 &&
    path.length <= NOTIFICATION_LIMITS.path &&
    /^\/(?!\/)[A-Za-z0-9\-._~/%]*(\?[A-Za-z0-9\-._~%=&+]*)?$/.test(path) &&
    !path.split('?')[0]!.split('/').includes('..')
  )
}
