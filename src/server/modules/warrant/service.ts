/**
 * Guaranteed-order (escrow) rooms: one per paid order; buyer, seller and staff post messages and
 * evidence images. Posts live in warrant_posts; every post also fans out one unread row per other
 * participant into warrant_messages (0004), which the message module's getIkkGroupMessage reads for
 * hasNewWarrantMessage — opening a room marks the caller's rows read.
 */
import {
  Code,
  type Dispute,
  type DisputeListQuery,
  type WarrantMessage,
  type WarrantRoom,
} from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import type { Db } from '../../db'
import { ApiError } from '../../plugins/envelope'
import type { EventBus } from '../events/bus'
import { imageUrl } from '../image/service'
import type { TradeService } from '../trade/service'
import type { Page } from '../../db/paging'
import { disputeRepo, warrantRepo, type DisputeRow } from './repo'

function toDispute(r: DisputeRow): Dispute {
  const n = (v: number | null) => (v === null ? null : Number(v))
  return {
    disputeId: Number(r.id),
    orderNo: r.order_no,
    goodsTitle: r.title,
    amount: Number(r.amount),
    buyerName: r.buyer_name,
    sellerName: r.seller_name,
    orderStatus: r.order_status,
    state: r.status,
    openedBy: r.opener_side,
    openedByName: r.opener_name ?? null,
    openedAt: Number(r.opened_at),
    reason: r.reason,
    fromStatus: r.from_status,
    ruling:
      r.status === 'RULED' && r.decision !== null
        ? {
            decision: r.decision,
            refundAmount: n(r.refund_amount) ?? 0,
            settleAmount: n(r.settle_amount) ?? 0,
            reason: r.ruling_reason ?? '',
            ruledAt: n(r.ruled_at) ?? 0,
            ruledByName: r.judge_name ?? null,
          }
        : null,
  }
}

export function warrantService(deps: { db: Db; trade: TradeService; bus?: EventBus; now: () => number }) {
  const { db, trade, now } = deps
  const repo = warrantRepo(db)
  const disputes = disputeRepo(db)

  /** Parties see their order's room; staff a room with a dispute (open or ruled) or their own post. */
  async function room(orderNo: string, userId: number) {
    const found = await trade.roomSide(orderNo, userId)
    if (!found) throw new ApiError(Code.NOT_FOUND, '担保订单不存在')
    if (
      found.side === 'staff' &&
      found.o.status !== 'ARBITRATING' &&
      !(await disputes.exists(orderNo)) &&
      !(await repo.hasPosted(orderNo, userId))
    )
      throw new ApiError(Code.NOT_FOUND, '担保订单不存在')
    return found
  }

  return {
    async rooms(userId: number, isStaff: boolean): Promise<WarrantRoom[]> {
      const rows = await repo.rooms(userId, isStaff)
      return rows.map((r) => ({
        orderNo: r.order_no,
        goodsTitle: r.title,
        amount: Number(r.amount),
        status: r.status,
        buyerName: r.buyer_name,
        sellerName: r.seller_name,
        lastMessageAt: r.last_at === null ? null : Number(r.last_at),
        unread: Number(r.unread),
      }))
    },

    async messages(userId: number, orderNo: string): Promise<WarrantMessage[]> {
      await room(orderNo, userId)
      await repo.markRead(orderNo, userId, now())
      const rows = await repo.posts(orderNo)
      return rows.map((r) => ({
        messageId: Number(r.id),
        orderNo: r.order_no,
        senderId: r.sender_id ?? 0,
        senderName: r.sender_role === 'staff' ? `平台客服（${r.nick_name ?? ''}）` : (r.nick_name ?? '系统'),
        senderRole: r.sender_role,
        content: r.content,
        imageUrls: (JSON.parse(r.image_ids) as string[]).map(imageUrl),
        createdAt: Number(r.created_at),
      }))
    },

    async post(userId: number, body: { orderNo: string; content: string; imageIds?: string[] }) {
      const { o, side } = await room(body.orderNo, userId)
      const content = body.content.trim()
      const imageIds = [...new Set(body.imageIds ?? [])]
      if (content === '' && imageIds.length === 0)
        throw new ApiError(Code.BAD_REQUEST, '请输入消息内容或上传图片')
      for (const secret of await trade.secretValues(body.orderNo))
        if (content.includes(secret))
          throw new ApiError(Code.BAD_REQUEST, '消息中包含账号密码，为保障账号安全，请勿在担保群中发送密码')
      if (imageIds.length > 0 && !(await repo.ownsImages(userId, imageIds)))
        throw new ApiError(Code.BAD_REQUEST, '图片不存在或不属于您')
      const at = now()
      const staff = side === 'staff' || o.status === 'ARBITRATING' ? await repo.staffIds() : []
      const recipients = [...new Set([o.buyer_id, o.seller_id, ...staff])].filter((id) => id !== userId)
      const messageId = await db.transaction().execute(async (trx) => {
        const t = warrantRepo(trx)
        const id = await t.insertPost({
          order_no: body.orderNo,
          sender_id: userId,
          sender_role: side,
          content,
          image_ids: JSON.stringify(imageIds),
          created_at: at,
        })
        await t.fanOut(body.orderNo, userId, recipients, content || '[图片]', at)
        return id
      })
      const preview = (content || '[图片]').slice(0, 60)
      for (const to of recipients) {
        try {
          await deps.bus?.publish(to, { type: 'warrant-message', data: { orderNo: body.orderNo, preview } })
        } catch (err) {
          console.error('[warrant] event not published', err)
        }
      }
      return { messageId }
    },

    /** A system line in a room (rulings, disputes). */
    async system(orderNo: string, content: string) {
      await repo.insertPost({
        order_no: orderNo,
        sender_id: null,
        sender_role: 'system',
        content,
        image_ids: '[]',
        created_at: now(),
      })
    },

    /** The order's latest dispute and its ruling, for the room's parties and staff (null: none). */
    async dispute(userId: number, orderNo: string): Promise<Dispute | null> {
      await room(orderNo, userId)
      const row = await disputes.latest(orderNo)
      return row ? toDispute(row) : null
    },

    /** Staff: disputes open (the queue, oldest first) and ruled (the history, newest first). */
    async disputes(userId: number, q: DisputeListQuery): Promise<Page<Dispute>> {
      if (!(await repo.isStaff(userId))) throw new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN)
      const page = await disputes.page(q)
      return { total: Number(page.total), rows: page.rows.map(toDispute) }
    },

    isStaff: (userId: number) => repo.isStaff(userId),
    forbidden: () => new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN),
  }
}

export type WarrantService = ReturnType<typeof warrantService>
