/**
 * Guaranteed-order (escrow) rooms and disputes. A room per paid order: buyer, seller and staff post
 * messages and evidence images. Posts live in warrant_posts; every post also fans out one unread row
 * per other participant into warrant_messages (0004), which the message module's getIkkGroupMessage
 * reads for hasNewWarrantMessage — opening a room marks the caller's rows read. A party opens a
 * dispute (the order freezes and a dispute record is kept); staff rule on it, dividing the escrow
 * (rules.ts) in one transaction with the order's end state and the money moves (funds service).
 *
 * Long (~490 lines): rooms, disputes, rulings and the answers to trade's domain events share the
 * money moves of a ruling and the room's fan-out; a split would pass those between files.
 */
import type {
  Dispute,
  DisputeListQuery,
  Order,
  RuleBody,
  WarrantMessage,
  WarrantRoom,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import type { EventBus } from '../events/bus'
import type { DomainEventMap, DomainEvents } from '../events/domain'
import type { FundsService } from '../funds/service'
import { imageUrl } from '../image/service'
import type { MessageService } from '../message/service'
import type { TradeService } from '../trade/service'
import { disputeRepo, warrantRepo, type DisputeRow } from './repo'
import { planRuling, rulingText } from './rules'
import { messageSafetyProblem } from '../../../shared/rules/message-safety'
import { record, type Actor } from '../oplog/service'
import { socket } from '../../plug'

/** An agent's shown name and 工号 (the cs module plugs it in: docs/customer-service.md). */
export interface StaffBadges {
  badge(userId: number): Promise<{ staffName: string; staffNo: string }>
  badges(userIds: number[]): Promise<Map<number, { staffName: string; staffNo: string }>>
}

export interface WarrantDeps {
  db: Db
  /** the orders the rooms and disputes are about */
  trade: Pick<
    TradeService,
    | 'roomSide'
    | 'roomOrders'
    | 'orderBriefs'
    | 'secretValues'
    | 'disputable'
    | 'freeze'
    | 'orderForRuling'
    | 'applyRuling'
    | 'detail'
  >
  /** a ruling's money moves */
  funds: Pick<FundsService, 'move'>
  /** 'order.refunded' with a ruling's refund (its channel part goes back to the channel) */
  events?: DomainEvents
  messages: Pick<MessageService, 'create'>
  /** staff checks and staff to notify (the auth module's roles) */
  isStaff: (userId: number) => Promise<boolean>
  staffIds: () => Promise<number[]>
  bus?: EventBus
  now: () => number
}

type OrderBrief = Awaited<ReturnType<WarrantDeps['trade']['orderBriefs']>>[number]

function toDispute(r: DisputeRow, o: OrderBrief | undefined): Dispute {
  const n = (v: number | null) => (v === null ? null : Number(v))
  return {
    disputeId: Number(r.id),
    orderNo: r.order_no,
    goodsTitle: o?.title ?? '',
    amount: Number(o?.amount ?? 0),
    buyerName: o?.buyer_name ?? '',
    sellerName: o?.seller_name ?? '',
    orderStatus: o?.status ?? r.from_status,
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

export function warrantService(deps: WarrantDeps) {
  const { db, trade, now } = deps
  const repo = warrantRepo(db)
  const disputes = disputeRepo(db)
  const staffBadges = socket<StaffBadges>('warrant: staff badges (cs module)')

  /** a room's posts as its readers see them; staff posts of an agent carry their 工号 */
  async function toMessages(orderNo: string): Promise<WarrantMessage[]> {
    const rows = await repo.posts(orderNo)
    const staffIds = [
      ...new Set(
        rows.filter((r) => r.sender_role === 'staff' && r.sender_id !== null).map((r) => Number(r.sender_id)),
      ),
    ]
    const badges = staffIds.length > 0 ? await staffBadges.get().badges(staffIds) : new Map()
    return rows.map((r) => {
      const badge =
        r.sender_role === 'staff' && r.sender_id !== null ? badges.get(Number(r.sender_id)) : undefined
      return {
        messageId: Number(r.id),
        orderNo: r.order_no,
        senderId: r.sender_id ?? 0,
        senderName:
          r.sender_role === 'staff'
            ? badge
              ? `${badge.staffName} 工号 ${badge.staffNo}`
              : `平台客服（${r.nick_name ?? ''}）`
            : (r.nick_name ?? '系统'),
        senderRole: r.sender_role,
        staffNo: badge?.staffNo ?? null,
        content: r.content,
        imageUrls: (JSON.parse(r.image_ids) as string[]).map(imageUrl),
        createdAt: Number(r.created_at),
      }
    })
  }

  /** Parties see their order's room; staff a room with a dispute (open or ruled) or their own post. */
  async function room(orderNo: string, userId: number) {
    const found = await trade.roomSide(orderNo, userId)
    if (!found) throw notFound('担保订单不存在')
    if (
      found.side === 'staff' &&
      found.o.status !== 'ARBITRATING' &&
      !(await disputes.exists(orderNo)) &&
      !(await repo.hasPosted(orderNo, userId))
    )
      throw notFound('担保订单不存在')
    return found
  }

  /** Order messages to both parties after a commit; a failure is only logged. */
  async function tell(posts: Array<{ to: number; title: string; content: string }>) {
    for (const p of posts) {
      try {
        await deps.messages.create(p.to, { title: p.title, content: p.content, messageType: 'ORDER' })
      } catch (err) {
        console.error('[warrant] order message not written', err)
      }
    }
  }

  /** A system line in a room (rulings, disputes). */
  async function system(orderNo: string, content: string) {
    await repo.insertPost({
      order_no: orderNo,
      sender_id: null,
      sender_role: 'system',
      content,
      image_ids: '[]',
      created_at: now(),
    })
  }

  async function withOrders(rows: DisputeRow[]): Promise<Dispute[]> {
    const briefs = await trade.orderBriefs([...new Set(rows.map((r) => r.order_no))])
    const byNo = new Map(briefs.map((b) => [b.order_no, b]))
    return rows.map((r) => toDispute(r, byNo.get(r.order_no)))
  }

  return {
    system,

    /**
     * The caller's rooms: paid orders they buy or sell; staff: besides, every order in dispute
     * (listed first) and the orders they ruled (so a room stays on the page after its ruling).
     */
    async rooms(userId: number): Promise<WarrantRoom[]> {
      const staff = await deps.isStaff(userId)
      const orders = await trade.roomOrders(
        userId,
        staff ? { alsoOrderNos: await disputes.ruledBy(userId) } : null,
      )
      const stats = await repo.roomStats(
        orders.map((o) => o.order_no),
        userId,
      )
      return orders.map((o) => ({
        orderNo: o.order_no,
        goodsTitle: o.title,
        amount: Number(o.amount),
        status: o.status,
        buyerName: o.buyer_name,
        sellerName: o.seller_name,
        lastMessageAt: stats.get(o.order_no)?.lastAt ?? null,
        unread: stats.get(o.order_no)?.unread ?? 0,
      }))
    },

    async messages(userId: number, orderNo: string): Promise<WarrantMessage[]> {
      await room(orderNo, userId)
      await repo.markRead(orderNo, userId, now())
      return toMessages(orderNo)
    },

    staffBadges,

    /**
     * Staff (在线客服): posts in a paid order's room as platform staff (平台客服, with the agent's
     * name and 工号), through the room's safety filter; both parties are told; op-logged.
     */
    async staffPost(actor: Actor, orderNo: string, text: string): Promise<{ messageId: number }> {
      const o = await trade.orderForRuling(orderNo)
      if (!o || o.status === 'UNPAID' || o.status === 'CANCELLED') throw notFound('担保订单不存在')
      const content = text.trim()
      if (content === '') throw badRequest('请输入消息内容')
      const problem = messageSafetyProblem(content, {
        place: '担保群',
        secrets: await trade.secretValues(orderNo),
      })
      if (problem) throw badRequest(problem)
      const badge = await staffBadges.get().badge(actor.userId)
      const at = now()
      const recipients = [Number(o.buyer_id), Number(o.seller_id)].filter((id) => id !== actor.userId)
      const messageId = await db.transaction().execute(async (trx) => {
        const t = warrantRepo(trx)
        const id = await t.insertPost({
          order_no: orderNo,
          sender_id: actor.userId,
          sender_role: 'staff',
          content,
          image_ids: '[]',
          created_at: at,
        })
        await t.fanOut(orderNo, actor.userId, recipients, content, at)
        await record(trx, {
          actor,
          module: 'trade',
          action: 'warrant-staff-post',
          target: orderNo,
          after: { messageId: id, staffNo: badge.staffNo },
          detail: `在线客服 ${badge.staffName}（${badge.staffNo}）在担保群发言：${content.slice(0, 100)}`,
          at,
        })
        return id
      })
      for (const to of recipients) {
        try {
          await deps.bus?.publish(to, {
            type: 'warrant-message',
            data: { orderNo, preview: content.slice(0, 60) },
          })
        } catch (err) {
          console.error('[warrant] event not published', err)
        }
      }
      return { messageId }
    },

    /** Staff (在线客服): a room's messages without moving any read marker; the read is logged. */
    async staffMessages(actor: Actor, orderNo: string): Promise<WarrantMessage[]> {
      const o = await trade.orderForRuling(orderNo)
      if (!o || o.status === 'UNPAID' || o.status === 'CANCELLED') throw notFound('担保订单不存在')
      await record(db, {
        actor,
        module: 'trade',
        action: 'warrant-staff-read',
        target: orderNo,
        detail: '在线客服查看担保群消息',
        at: now(),
      })
      return toMessages(orderNo)
    },

    async post(userId: number, body: { orderNo: string; content: string; imageIds?: string[] }) {
      const { o, side } = await room(body.orderNo, userId)
      const content = body.content.trim()
      const imageIds = [...new Set(body.imageIds ?? [])]
      if (content === '' && imageIds.length === 0) throw badRequest('请输入消息内容或上传图片')
      // the shared filter of buyer–seller conversations (rules/message-safety.ts)
      const problem = messageSafetyProblem(content, {
        place: '担保群',
        secrets: await trade.secretValues(body.orderNo),
      })
      if (problem) throw badRequest(problem)
      if (imageIds.length > 0 && !(await repo.ownsImages(userId, imageIds)))
        throw badRequest('图片不存在或不属于您')
      const at = now()
      const staff = side === 'staff' || o.status === 'ARBITRATING' ? await deps.staffIds() : []
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

    /**
     * A party opens a dispute: the order freezes (ARBITRATING) and a dispute record is kept, in one
     * transaction; both parties are told and the room says so.
     */
    async open(userId: number, orderNo: string, reasonText: string): Promise<Order> {
      const { o, side } = await trade.disputable(userId, orderNo)
      const reason = reasonText.trim()
      const at = now()
      const opened = await db.transaction().execute(async (trx) => {
        if (!(await trade.freeze(trx, o, reason, at))) return false
        await disputeRepo(trx).open({ orderNo, openedBy: userId, side, fromStatus: o.status, reason, at })
        return true
      })
      if (!opened) throw badRequest('订单状态已变化，请刷新')
      const who = side === 'buyer' ? '买家' : '卖家'
      const content = `订单 ${orderNo} 已由${who}发起纠纷，平台客服将在担保群中处理。理由：${reason}`
      await tell([
        { to: o.buyer_id, title: '订单进入仲裁', content },
        { to: o.seller_id, title: '订单进入仲裁', content },
      ])
      const order = await trade.detail(userId, orderNo)
      await system(orderNo, `订单进入仲裁：${reason}`)
      return order
    },

    /**
     * 'order.cancelOverdue' (within the trade job's transaction that froze the order): the dispute
     * record, opened by the platform, so the order is in the 纠纷仲裁 queue with the buyer's reason.
     */
    async recordOverdueCancel(trx: Db, e: DomainEventMap['order.cancelOverdue']): Promise<void> {
      await disputeRepo(trx).open({
        orderNo: e.orderNo,
        openedBy: null,
        side: null,
        fromStatus: e.fromStatus,
        reason: e.reason,
        at: e.at,
      })
    },

    /** 'order.cancelOverdue' (after the commit): both parties are told and the room says so. */
    async tellOverdueCancel(e: DomainEventMap['order.cancelOverdue']): Promise<void> {
      const content = `订单 ${e.orderNo}（${e.title}）的取消申请卖家超时未答复，已转平台客服处理，订单暂时冻结，客服将在担保群中与双方沟通后裁决。`
      await tell([
        { to: e.buyerId, title: '取消申请已转平台处理', content },
        { to: e.sellerId, title: '取消申请已转平台处理', content },
      ])
      await system(e.orderNo, `取消申请超时未答复，订单进入仲裁：${e.reason}`)
    },

    /**
     * Staff rule on a disputed order: the escrow is divided — the refund back to the buyer
     * (ORDER_REFUND), the rest to the seller (SETTLEMENT) — in one transaction with the order's end
     * state and the dispute's ruling, escrow to zero (trade's applyRuling). The order's open dispute
     * record takes the ruling; a second ruling finds none and is refused.
     */
    async rule(actor: Actor, body: RuleBody): Promise<void> {
      const staffId = actor.userId
      const { orderNo } = body
      const o = await trade.orderForRuling(orderNo)
      if (!o) throw notFound('订单不存在')
      if (o.status !== 'ARBITRATING') throw badRequest('只有仲裁中的订单可以裁决')
      const plan = planRuling(body, Number(o.amount))
      if ('problem' in plan) throw badRequest(plan.problem)
      const { refund, settle, reason, decision } = plan
      const at = now()
      await db.transaction().execute(async (trx) => {
        if (!(await trade.applyRuling(trx, o, { refund, settle, at })))
          throw badRequest('订单状态已变化，请刷新')
        if (
          !(await disputeRepo(trx).rule(orderNo, {
            ruled_by: staffId,
            ruled_at: at,
            decision,
            refund_amount: refund,
            settle_amount: settle,
            ruling_reason: reason,
          }))
        )
          throw badRequest('该纠纷已裁决，请刷新')
        if (
          refund > 0 &&
          !(await deps.funds.move(trx, o.buyer_id, {
            type: 'ORDER_REFUND',
            available: refund,
            orderNo,
            remark: `平台裁决退款：${reason}`.slice(0, 200),
            at,
          }))
        )
          throw new Error('refund after ruling failed')
        if (refund > 0)
          await deps.events?.publish(trx, 'order.refunded', {
            orderNo,
            buyerId: o.buyer_id,
            amount: refund,
            at,
          })
        if (
          settle > 0 &&
          !(await deps.funds.move(trx, o.seller_id, {
            type: 'SETTLEMENT',
            available: settle,
            orderNo,
            remark: refund > 0 ? '平台裁决结算（部分退款后）' : '平台裁决结算',
            at,
          }))
        )
          throw new Error('settlement after ruling failed')
        await record(trx, {
          actor,
          module: 'trade',
          action: 'dispute-rule',
          target: orderNo,
          before: { status: o.status, amount: Number(o.amount) },
          after: { decision, refund, settle },
          detail: reason,
          at,
        })
      })
      const text = rulingText(plan)
      await tell([
        { to: o.buyer_id, title: '订单仲裁结果', content: `订单 ${orderNo}（${o.title}）${text}` },
        { to: o.seller_id, title: '订单仲裁结果', content: `订单 ${orderNo}（${o.title}）${text}` },
      ])
      await system(orderNo, text)
    },

    /** Whether the order was ever disputed (open or ruled): staff may then read its pre-sale chat. */
    disputed: (orderNo: string) => disputes.exists(orderNo),

    /** The order's latest dispute and its ruling, for the room's parties and staff (null: none). */
    async dispute(userId: number, orderNo: string): Promise<Dispute | null> {
      await room(orderNo, userId)
      const row = await disputes.latest(orderNo)
      return row ? (await withOrders([row]))[0]! : null
    },

    /**
     * Staff (console 订单管理, read-only): every dispute of the order, oldest first, and its room's
     * posts, without marking anything read (the console only looks).
     */
    async staffOrderView(orderNo: string) {
      const [disputeRows, posts] = await Promise.all([disputes.allOf(orderNo), repo.posts(orderNo)])
      return {
        disputes: await withOrders(disputeRows),
        posts: posts.map((r) => ({
          senderRole: r.sender_role,
          senderName: r.sender_role === 'system' ? '系统' : (r.nick_name ?? ''),
          content: r.content,
          images: (JSON.parse(r.image_ids) as string[]).length,
          createdAt: Number(r.created_at),
        })),
      }
    },

    /** Staff: disputes open (the queue, oldest first) and ruled (the history, newest first). */
    async disputes(q: DisputeListQuery): Promise<Page<Dispute>> {
      const page = await disputes.page(q)
      return { total: Number(page.total), rows: await withOrders(page.rows) }
    },
  }
}

export type WarrantService = ReturnType<typeof warrantService>
