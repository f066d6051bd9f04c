/**
 * 售前咨询 (docs/pre-sale-chat.md): a buyer asks a seller about a listing before buying. One
 * conversation per (listing, buyer); the seller sees every conversation of their listings with a
 * message. Messages are text through the escrow room's safety filter (rules/message-safety.ts), at
 * most CHAT_LIMITS.perMinute per user and minute; each side has a read marker (unread counts). A new
 * message publishes `chat-message` to the other side. Staff read a conversation only when an order of
 * that listing between the same buyer and seller was disputed, and every read is in the operation log.
 */
import {
  CHAT_LIMITS,
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
import { chatRepo, type ChatMessageRow, type ChatRow, type ChatSide } from './repo'

export interface ChatDeps {
  db: Db
  /** the listing asked about (any state but deleted) and its title */
  goods: Pick<GoodsService, 'listing' | 'titles'>
  /** the disputed order staff look from */
  trade: Pick<TradeService, 'orderForRuling'>
  /** whether the order was ever disputed (the warrant service) */
  disputed: (orderNo: string) => Promise<boolean>
  bus?: EventBus
  now: () => number
}

const MINUTE = 60_000

function toMessage(r: ChatMessageRow): ChatMessage {
  return {
    messageId: Number(r.id),
    conversationId: Number(r.conversation_id),
    senderRole: Number(r.sender_id) === Number(r.buyer_id) ? 'buyer' : 'seller',
    senderName: r.nick_name,
    content: r.content,
    createdAt: Number(r.created_at),
  }
}

export function chatService(deps: ChatDeps) {
  const { db, goods, now } = deps
  const repo = chatRepo(db)

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

    async send(userId: number, conversationId: number, text: string): Promise<{ messageId: number }> {
      const { row, side } = await mine(conversationId, userId)
      const content = text.trim()
      if (!content) throw badRequest('请输入消息内容')
      if (content.length > CHAT_LIMITS.content)
        throw badRequest(`消息内容长度不能超过 ${CHAT_LIMITS.content} 个字符`)
      const problem = messageSafetyProblem(content, { place: '咨询' })
      if (problem) throw badRequest(problem)
      const at = now()
      if ((await repo.sentSince(userId, at - MINUTE)) >= CHAT_LIMITS.perMinute) throw tooMany()
      const messageId = await db
        .transaction()
        .execute((trx) => chatRepo(trx).insert(conversationId, side, userId, content, at))
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
