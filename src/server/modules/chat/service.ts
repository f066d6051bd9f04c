/**
 * 售前咨询 (docs/pre-sale-chat.md): a buyer asks a seller about a listing before buying. One
 * conversation per (listing, buyer); the seller sees every conversation of their listings with a
 * message. Messages have a kind (CHAT_MESSAGE_KINDS): text through the escrow room's safety filter
 * (rules/message-safety.ts), the conversation's listing as a card (a snapshot of title, price and
 * cover), or an image the sender uploaded (the image module's upload checks size and type); at
 * most CHAT_LIMITS.perMinute of any kind per user and minute. Quick replies: a user's few canned
 * texts (CRUD, owner only, the same safety filter); each side has a read marker (unread counts). A new
 * message publishes `chat-message` to the other side. Staff read a conversation only when an order of
 * that listing between the same buyer and seller was disputed, and every read is in the operation log.
 */
import {
  CHAT_LIMITS,
  chatSummary,
  type ChatGoodsCard,
  type ChatMessageKind,
  type ChatQuickReply,
  type ChatSendBody,
  type ChatConversation,
  type ChatConversationQuery,
  type ChatMessage,
  type ChatMessagesQuery,
  type DisputeChat,
} from '../../../shared/api'
import { messageSafetyProblem } from '../../../shared/rules/message-safety'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, forbidden, notFound, tooMany } from '../../http/errors'
import type { EventBus } from '../events/bus'
import type { GoodsService } from '../goods/service'
import { record, type Actor } from '../oplog/service'
import type { TradeService } from '../trade/service'
import { imageUrl, thumbUrl } from '../image/service'
import { chatRepo, quickReplyRepo, type ChatMessageRow, type ChatRow, type ChatSide } from './repo'

export interface ChatDeps {
  db: Db
  /** the listing asked about (any state but deleted) and its title */
  goods: Pick<GoodsService, 'listing' | 'titles'>
  /** the disputed order staff look from */
  trade: Pick<TradeService, 'orderForRuling'>
  /** whether the order was ever disputed (the warrant service) */
  disputed: (orderNo: string) => Promise<boolean>
  /** whether an uploaded image is this user's (the image service) */
  ownsImage: (userId: number, imageId: string) => Promise<boolean>
  bus?: EventBus
  now: () => number
}

const MINUTE = 60_000

/** The stored payload of a card (the listing when sent) or of an image. */
type Payload = { goods: ChatGoodsCard & { cover: string | null } } | { imageId: string }

function toMessage(r: ChatMessageRow): ChatMessage {
  const payload = r.payload ? (JSON.parse(r.payload) as Payload) : null
  const kind: ChatMessageKind = r.kind ?? 'TEXT'
  const card = kind === 'GOODS' && payload && 'goods' in payload ? payload.goods : null
  const imageId = kind === 'IMAGE' && payload && 'imageId' in payload ? payload.imageId : null
  return {
    messageId: Number(r.id),
    conversationId: Number(r.conversation_id),
    senderRole: Number(r.sender_id) === Number(r.buyer_id) ? 'buyer' : 'seller',
    senderName: r.nick_name,
    kind,
    content: r.content,
    goods: card
      ? {
          goodsId: card.goodsId,
          title: card.title,
          price: card.price,
          coverUrl: card.cover ? thumbUrl(card.cover) : null,
        }
      : null,
    image: imageId ? { imageId, url: imageUrl(imageId), thumbUrl: thumbUrl(imageId) } : null,
    createdAt: Number(r.created_at),
  }
}

export function chatService(deps: ChatDeps) {
  const { db, goods, now } = deps
  const repo = chatRepo(db)
  const replies = quickReplyRepo(db)

  /** A quick reply's text: trimmed, within its limit, through the message safety filter. */
  function replyText(text: string): string {
    const content = text.trim()
    if (!content) throw badRequest('请输入快捷回复内容')
    if (content.length > CHAT_LIMITS.quickReply)
      throw badRequest(`快捷回复长度不能超过 ${CHAT_LIMITS.quickReply} 个字符`)
    const problem = messageSafetyProblem(content, { place: '咨询' })
    if (problem) throw badRequest(problem)
    return content
  }

  /** What a send stores: the kind, its text or summary, and the card's or image's payload. */
  async function messageOf(userId: number, row: ChatRow, body: ChatSendBody) {
    const kind = body.kind ?? 'TEXT'
    if (kind !== 'TEXT' && body.content !== undefined) throw badRequest('商品卡片和图片消息不能附带文字')
    if (kind !== 'IMAGE' && body.imageId !== undefined) throw badRequest('只有图片消息可以附带图片')
    if (kind === 'GOODS') {
      const listing = await goods.listing(db, Number(row.goods_id))
      const card = {
        goodsId: Number(listing.id),
        title: listing.title,
        price: Number(listing.price),
        cover: listing.cover_image ?? null,
      }
      return { kind, content: chatSummary(kind, card.title), payload: JSON.stringify({ goods: card }) }
    }
    if (kind === 'IMAGE') {
      if (!body.imageId) throw badRequest('请选择要发送的图片')
      if (!(await deps.ownsImage(userId, body.imageId))) throw badRequest('图片不存在或不是您上传的')
      return { kind, content: chatSummary(kind), payload: JSON.stringify({ imageId: body.imageId }) }
    }
    const content = (body.content ?? '').trim()
    if (!content) throw badRequest('请输入消息内容')
    if (content.length > CHAT_LIMITS.content)
      throw badRequest(`消息内容长度不能超过 ${CHAT_LIMITS.content} 个字符`)
    const problem = messageSafetyProblem(content, { place: '咨询' })
    if (problem) throw badRequest(problem)
    return { kind, content, payload: null }
  }

  const sideOf = (row: ChatRow, userId: number): ChatSide | null =>
    Number(row.buyer_id) === userId ? 'buyer' : Number(row.seller_id) === userId ? 'seller' : null

  async function withTitles(rows: ChatRow[], userId: number | null): Promise<ChatConversation[]> {
    const titles = await goods.titles(rows.map((r) => Number(r.goods_id)))
    return rows.map((r) => ({
      conversationId: Number(r.id),
      goodsId: Number(r.goods_id),
      goodsTitle: titles.get(Number(r.goods_id)) ?? '商品已删除',
      buyerId: Number(r.buyer_id),
      buyerName: r.buyer_name,
      sellerId: Number(r.seller_id),
      sellerName: r.seller_name,
      role: userId !== null && sideOf(r, userId) === 'seller' ? 'seller' : 'buyer',
      lastMessage: r.last_message ?? null,
      lastMessageAt: r.last_message_at === null ? null : Number(r.last_message_at),
      unread: Number(r.unread),
      createdAt: Number(r.created_at),
    }))
  }

  /** The conversation and the caller's side in it; a third user gets 404 (not even its existence). */
  async function mine(conversationId: number, userId: number) {
    const row = await repo.one(conversationId, userId)
    const side = row ? sideOf(row, userId) : null
    if (!row || !side) throw notFound('咨询会话不存在')
    return { row, side }
  }

  return {
    /** The buyer opens the conversation about a listing on sale (or finds it again); not their own. */
    async open(userId: number, goodsId: number): Promise<ChatConversation> {
      const listing = await goods.listing(db, goodsId)
      if (Number(listing.seller_id) === userId) throw badRequest('不能咨询自己的商品')
      if (listing.status !== 'ON_SALE') throw badRequest('商品未在售，不能咨询')
      const id = await repo.findOrCreate(goodsId, userId, Number(listing.seller_id), now())
      const { row } = await mine(id, userId)
      return (await withTitles([row], userId))[0]!
    },

    async conversation(userId: number, conversationId: number): Promise<ChatConversation> {
      const { row } = await mine(conversationId, userId)
      return (await withTitles([row], userId))[0]!
    },

    async conversations(userId: number, q: ChatConversationQuery): Promise<Page<ChatConversation>> {
      const page = await repo.page(userId, q)
      return { total: Number(page.total), rows: await withTitles(page.rows as ChatRow[], userId) }
    },

    /** A page of messages, newest first; reading the first page moves the caller's read marker. */
    async messages(userId: number, conversationId: number, q: ChatMessagesQuery): Promise<Page<ChatMessage>> {
      const { side } = await mine(conversationId, userId)
      const page = await repo.messages(conversationId, q)
      const newest = page.rows[0]
      if ((q.pageNum ?? 1) === 1 && newest) await repo.markRead(conversationId, side, Number(newest.id))
      return { total: Number(page.total), rows: page.rows.map(toMessage) }
    },

    /** One message of any kind (CHAT.send); the per-minute limit counts every kind. */
    async send(userId: number, body: ChatSendBody): Promise<{ messageId: number }> {
      const { conversationId } = body
      const { row, side } = await mine(conversationId, userId)
      const message = await messageOf(userId, row, body)
      const content = message.content
      const at = now()
      if ((await repo.sentSince(userId, at - MINUTE)) >= CHAT_LIMITS.perMinute) throw tooMany()
      const messageId = await db
        .transaction()
        .execute((trx) => chatRepo(trx).insert(conversationId, side, userId, message, at))
      const to = side === 'buyer' ? Number(row.seller_id) : Number(row.buyer_id)
      const goodsId = Number(row.goods_id)
      try {
        const goodsTitle = (await goods.titles([goodsId])).get(goodsId) ?? ''
        await deps.bus?.publish(to, {
          type: 'chat-message',
          data: { conversationId, goodsId, goodsTitle, from: side, preview: content.slice(0, 60) },
        })
      } catch (err) {
        console.error('[chat] event not published', err)
      }
      return { messageId }
    },

    unread: (userId: number) => repo.unread(userId),

    async quickReplies(userId: number): Promise<ChatQuickReply[]> {
      return (await replies.list(userId)).map((r) => ({ replyId: Number(r.id), content: r.content }))
    },

    async addQuickReply(userId: number, text: string): Promise<ChatQuickReply> {
      const content = replyText(text)
      if ((await replies.count(userId)) >= CHAT_LIMITS.quickReplies)
        throw badRequest(`快捷回复最多 ${CHAT_LIMITS.quickReplies} 条，请先删除不用的`)
      return { replyId: await replies.add(userId, content, now()), content }
    },

    /** Another user's reply is 404, as if it did not exist. */
    async editQuickReply(userId: number, replyId: number, text: string): Promise<ChatQuickReply> {
      const content = replyText(text)
      if (!(await replies.edit(userId, replyId, content, now()))) throw notFound('快捷回复不存在')
      return { replyId, content }
    },

    async removeQuickReply(userId: number, replyId: number): Promise<void> {
      if (!(await replies.remove(userId, replyId))) throw notFound('快捷回复不存在')
    },

    /**
     * Staff (纠纷仲裁): the pre-sale conversation about a disputed order's listing between its buyer
     * and seller, oldest first, without moving anyone's read marker. Only for an order that was
     * disputed; the read is written to the operation log in the same transaction.
     */
    async disputeChat(actor: Actor, orderNo: string): Promise<DisputeChat> {
      const o = await deps.trade.orderForRuling(orderNo)
      if (!o) throw notFound('订单不存在')
      if (!(await deps.disputed(orderNo))) throw forbidden('只有发生纠纷的订单可以查看售前咨询')
      const goodsId = Number(o.goods_id)
      const { row, rows } = await db.transaction().execute(async (trx) => {
        // only this transaction's connection inside (SQLite has one): titles are read after it
        const t = chatRepo(trx)
        const found = await t.ofListing(goodsId, Number(o.buyer_id), Number(o.seller_id))
        const page = found
          ? await t.messages(Number(found.id), { pageNum: 1, pageSize: CHAT_LIMITS.staffRead })
          : { rows: [], total: 0 }
        await record(trx, {
          actor,
          module: 'trade',
          action: 'dispute-chat-read',
          target: orderNo,
          after: { conversationId: found ? Number(found.id) : null, messages: page.rows.length },
          detail: '查看售前咨询记录',
          at: now(),
        })
        return { row: found, rows: page.rows }
      })
      const conversation = row ? (await withTitles([row as ChatRow], null))[0]! : null
      return {
        conversation: conversation
          ? (({ role: _role, unread: _unread, ...rest }) => rest)(conversation)
          : null,
        messages: rows.map(toMessage).reverse(),
      }
    },
  }
}

export type ChatService = ReturnType<typeof chatService>
