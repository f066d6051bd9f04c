/**
 * 售前咨询 (pre-sale chat, docs/pre-sale-chat.md): a logged-in buyer asks the seller about a listing
 * in one conversation per (listing, buyer); the seller sees every conversation of their listings.
 * Messages are of a kind (CHAT_MESSAGE_KINDS): text, length-limited, with the escrow room's safety
 * filter (no contact details, no passwords); the listing as a card; an image uploaded through the
 * listing image upload (its size/type check). A send rate limit over all kinds; sellers keep a
 * few quick replies; read markers per side give unread counts. Staff read a conversation only
 * when an order of that listing between the same buyer and seller is disputed (logged).
 * Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { GOODS_LIMITS, goodsIdBody } from './goods'
import { id, oneOf, optional, paging, pattern, strict, Type } from './fields'
import { orderNoField } from './trade'

export const CHAT_LIMITS = {
  /** characters of one message */
  content: 500,
  /** messages a user may send per minute (all conversations) */
  perMinute: 20,
  /** messages staff read of one disputed conversation (the newest) */
  staffRead: 500,
  /** an image message: the listing image upload's limits (its server re-checks the content) */
  imageMaxBytes: GOODS_LIMITS.imageMaxBytes,
  imageMimeTypes: GOODS_LIMITS.imageMimeTypes,
  /** quick replies a user keeps, and the characters of one */
  quickReplies: 10,
  quickReply: 100,
} as const

/**
 * What a message is. Every kind keeps a text `content` (the text itself, or a summary such as
 * "[图片]" for lists, previews and older clients); GOODS and IMAGE carry their card or image.
 * Rows written before kinds existed read as TEXT.
 */
export const CHAT_MESSAGE_KINDS = ['TEXT', 'GOODS', 'IMAGE'] as const
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number]

/** The summary `content` of a card or image message. */
export const chatSummary = (kind: ChatMessageKind, goodsTitle = ''): string =>
  kind === 'GOODS' ? `[商品] ${goodsTitle}` : kind === 'IMAGE' ? '[图片]' : ''

/** The listing as it was when sent (price in fen); the link opens the listing as it is now. */
export interface ChatGoodsCard {
  goodsId: number
  title: string
  price: number
  coverUrl: string | null
}

export interface ChatImage {
  imageId: string
  url: string
  thumbUrl: string
}

/** A seller's canned reply, inserted into the box with a tap. */
export interface ChatQuickReply {
  replyId: number
  content: string
}

export type ChatRole = 'buyer' | 'seller'

export interface ChatConversation {
  conversationId: number
  goodsId: number
  goodsTitle: string
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  /** the caller's side in it */
  role: ChatRole
  lastMessage: string | null
  lastMessageAt: number | null
  /** messages of the other side after the caller's read marker */
  unread: number
  createdAt: number
}

export interface ChatMessage {
  messageId: number
  conversationId: number
  senderRole: ChatRole
  senderName: string
  kind: ChatMessageKind
  content: string
  /** GOODS: the card */
  goods: ChatGoodsCard | null
  /** IMAGE: the picture */
  image: ChatImage | null
  createdAt: number
}

/** Staff view of a disputed order's pre-sale conversation (null: the buyer never asked). */
export interface DisputeChat {
  conversation: Omit<ChatConversation, 'role' | 'unread'> | null
  /** oldest first, the newest CHAT_LIMITS.staffRead */
  messages: ChatMessage[]
}

const conversationParams = strict({ conversationId: id('会话编号') })
const messageText = (title: string, maxLength: number) =>
  Type.String({ title, minLength: 1, maxLength, pattern: '\\S' })
const quickReplyId = id('快捷回复编号')

export const CHAT = {
  /** the buyer opens (or finds again) the conversation about a listing on sale; not their own */
  open: endpoint({
    method: 'POST',
    path: '/chat/conversation',
    access: 'user',
    body: goodsIdBody,
    answer: data<ChatConversation>(),
  }),
  /** the caller's conversations, latest activity first; `role` narrows to one side */
  conversations: endpoint({
    method: 'GET',
    path: '/chat/conversations',
    access: 'user',
    query: strict({ ...paging(50), role: optional(oneOf('身份', ['buyer', 'seller'] as const)) }),
    answer: page<ChatConversation>(),
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/chat/conversation/:conversationId',
    access: 'user',
    params: conversationParams,
    answer: data<ChatConversation>(),
  }),
  /**
   * a conversation's messages, newest first (page 1 = the latest); reading page 1 moves the caller's
   * read marker to the newest message
   */
  messages: endpoint({
    method: 'GET',
    path: '/chat/messages/:conversationId',
    access: 'user',
    params: conversationParams,
    query: strict(paging(100)),
    answer: page<ChatMessage>(),
  }),
  /**
   * one message: TEXT (the default; `content`), GOODS (the conversation's listing as a card; no
   * other field) or IMAGE (`imageId`: an image the sender uploaded through IMAGE.upload)
   */
  send: endpoint({
    method: 'POST',
    path: '/chat/message',
    access: 'user',
    body: strict({
      conversationId: id('会话编号'),
      kind: optional(oneOf('消息类型', CHAT_MESSAGE_KINDS)),
      content: optional(messageText('消息内容', CHAT_LIMITS.content)),
      imageId: optional(pattern('图片编号', '^[a-f0-9]{32}$', 32)),
    }),
    answer: data<{ messageId: number }>(),
  }),
  /** the caller's quick replies, oldest first */
  quickReplies: endpoint({
    method: 'GET',
    path: '/chat/quickReply/list',
    access: 'user',
    answer: data<ChatQuickReply[]>(),
  }),
  /** at most CHAT_LIMITS.quickReplies; the text passes the message safety filter */
  addQuickReply: endpoint({
    method: 'POST',
    path: '/chat/quickReply/add',
    access: 'user',
    body: strict({ content: messageText('快捷回复', CHAT_LIMITS.quickReply) }),
    answer: data<ChatQuickReply>(),
  }),
  editQuickReply: endpoint({
    method: 'POST',
    path: '/chat/quickReply/edit',
    access: 'user',
    body: strict({ replyId: quickReplyId, content: messageText('快捷回复', CHAT_LIMITS.quickReply) }),
    answer: data<ChatQuickReply>(),
  }),
  removeQuickReply: endpoint({
    method: 'POST',
    path: '/chat/quickReply/remove',
    access: 'user',
    body: strict({ replyId: quickReplyId }),
    answer: none(),
  }),
  /** unread messages of the caller over all conversations (the header adds it to 消息) */
  unread: endpoint({
    method: 'GET',
    path: '/chat/unread',
    access: 'user',
    answer: data<number>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const CHAT_STAFF = {
  /**
   * staff (纠纷仲裁): the pre-sale conversation of a disputed order's listing between its buyer and
   * seller; each read is written to the operation log
   */
  disputeChat: endpoint({
    method: 'GET',
    path: '/chat/dispute/:orderNo',
    access: 'user',
    permission: PERMS.disputeList,
    params: strict({ orderNo: orderNoField() }),
    answer: data<DisputeChat>(),
  }),
}

export type ChatConversationQuery = QueryOf<typeof CHAT.conversations>
export type ChatMessagesQuery = QueryOf<typeof CHAT.messages>
export type ChatSendBody = BodyOf<typeof CHAT.send>
