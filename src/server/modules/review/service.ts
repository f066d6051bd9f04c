/**
 * 评价与卖家信用 (docs/trading-rules.md, "Reviews" and "Seller credit"). The order is read through the
 * trade service (its access rules: 404 for strangers); the credit's order counts come from the trade
 * service too. Staff hide and unhide with a reason, the change and its op_logs row in one transaction.
 */
import {
  REVIEW_LIMITS,
  REVIEW_TAG_DICT,
  type MyReviewQuery,
  type RateBody,
  type Review,
  type ReviewListQuery,
  type SellerCredit,
  type ShopReviewQuery,
  type StaffReview,
} from '../../../shared/api'
import { CONTACT_LABELS, findContacts } from '../../../shared/rules/contact'
import type { Db } from '../../db'
import type { DomainEvents } from '../events/domain'
import type { Page } from '../../db/paging'
import { badRequest, forbidden, notFound, tooMany } from '../../http/errors'
import type { MessageService } from '../message/service'
import { record, type Actor } from '../oplog/service'
import type { SystemService } from '../system/service'
import type { TradeService } from '../trade/service'
import { creditOf } from './credit'
import { reviewRepo, type ReviewRow } from './repo'
import { plainText } from './text'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** 王** : the public lists show the first character of the buyer's nickname only. */
export const maskName = (name: string) => `${Array.from(name)[0] ?? '*'}**`

/** Refuses contact details in public text (the same rule as listings and the escrow room). */
function noContacts(field: string, value: string) {
  const found = findContacts(value)
  if (found.length > 0) throw badRequest(`${field}不能包含联系方式（${CONTACT_LABELS[found[0].kind]}）`)
}

export function reviewService(deps: {
  db: Db
  trade: Pick<TradeService, 'detail' | 'sellerStats'>
  system: Pick<SystemService, 'dictData'>
  messages?: Pick<MessageService, 'create'>
  /** 'review.changed': the shop and detail pages show seller ratings (their caches clear) */
  events: DomainEvents
  now: () => number
}) {
  const { db, trade, system, now } = deps
  const repo = reviewRepo(db)
  const changed = () => deps.events.publish(db, 'review.changed', {})

  async function tagLabels(): Promise<Map<string, string>> {
    const entries = await system.dictData(REVIEW_TAG_DICT)
    return new Map(entries.map((e) => [e.dictValue, e.dictLabel]))
  }

  function toReview(r: ReviewRow, labels: Map<string, string>, publicView = false): Review {
    return {
      reviewId: r.id,
      orderNo: r.order_no,
      goodsId: r.goods_id,
      goodsTitle: r.goods_title,
      buyerId: publicView ? 0 : r.buyer_id,
      buyerName: publicView ? maskName(r.buyer_name) : r.buyer_name,
      sellerId: r.seller_id,
      stars: r.stars,
      tags: (JSON.parse(r.tags) as string[]).map((t) => labels.get(t) ?? t),
      text: r.text,
      createdAt: Number(r.created_at),
      reply: r.reply,
      repliedAt: r.replied_at === null ? null : Number(r.replied_at),
      hidden: r.hidden === 1,
    }
  }

  async function present(rows: ReviewRow[], publicView = false): Promise<Review[]> {
    const labels = await tagLabels()
    return rows.map((r) => toReview(r, labels, publicView))
  }

  function staffOf(r: ReviewRow, labels: Map<string, string>): StaffReview {
    return {
      ...toReview(r, labels),
      sellerName: r.seller_name,
      hiddenReason: r.hidden_reason,
      hiddenBy: r.hidden_by,
      reportCount: Number(r.report_count),
    }
  }

  return {
    /** The buyer of a completed order rates it: once, within 15 days of its completion. */
    async rate(userId: number, body: RateBody): Promise<Review> {
      // the trade module's access rules: a stranger's order is 404, staff and the seller are not its buyer
      const order = await trade.detail(userId, body.orderNo)
      if (order.myRole !== 'buyer') throw forbidden('只有买家可以评价订单')
      if ((order.status !== 'COMPLETED' && order.status !== 'SETTLED') || order.completedAt === null)
        throw badRequest('订单完成后才能评价')
      const at = now()
      if (at - order.completedAt > REVIEW_LIMITS.days * DAY)
        throw badRequest(`订单完成已超过 ${REVIEW_LIMITS.days} 天，不能再评价`)
      if (await repo.findByOrder(order.orderNo)) throw badRequest('该订单已评价，不能重复评价')
      const tags = body.tags ?? []
      if (new Set(tags).size !== tags.length) throw badRequest('评价标签不能重复')
      const labels = await tagLabels()
      if (tags.some((t) => !labels.has(t))) throw badRequest('评价标签取值不正确')
      const text = plainText(body.text ?? '')
      if (text.length > REVIEW_LIMITS.text) throw badRequest(`评价内容不能超过 ${REVIEW_LIMITS.text} 个字`)
      noContacts('评价内容', text)
      let id: number
      try {
        id = await repo.insert({
          order_no: order.orderNo,
          buyer_id: userId,
          seller_id: order.sellerId,
          goods_id: order.goodsId,
          goods_title: order.goodsTitle,
          stars: body.stars,
          tags: JSON.stringify(tags),
          text,
          created_at: at,
        })
      } catch (err) {
        // two submissions at once: the unique index on order_no keeps one
        if (await repo.findByOrder(order.orderNo)) throw badRequest('该订单已评价，不能重复评价')
        throw err
      }
      await changed()
      try {
        await deps.messages?.create(order.sellerId, {
          title: '您收到了一条新评价',
          content: `买家评价了订单 ${order.orderNo}（${order.goodsTitle}）：${body.stars} 星。您可以在「我卖出的商品」中回复一次。`,
          messageType: 'ORDER',
        })
      } catch (err) {
        console.error('[review] message not written', err)
      }
      return toReview((await repo.find(id))!, labels)
    },

    /** The seller replies once to a review of their order (404 for anyone else). */
    async reply(userId: number, reviewId: number, content: string): Promise<Review> {
      const row = await repo.find(reviewId)
      if (!row || row.seller_id !== userId) throw notFound('评价不存在')
      if (row.reply !== null) throw badRequest('已回复过该评价，不能再次回复')
      const text = plainText(content)
      if (!text) throw badRequest('回复内容不能为空')
      if (text.length > REVIEW_LIMITS.reply) throw badRequest(`回复内容不能超过 ${REVIEW_LIMITS.reply} 个字`)
      noContacts('回复内容', text)
      if (!(await repo.reply(row.id, text, now()))) throw badRequest('已回复过该评价，不能再次回复')
      await changed()
      const [view] = await present([(await repo.find(row.id))!])
      return view
    },

    /** Anyone logged in but its author reports a visible review, once; at most 10 reports an hour. */
    async report(userId: number, reviewId: number, reason: string): Promise<{ reviewId: number }> {
      const row = await repo.find(reviewId)
      if (!row || (row.hidden === 1 && row.seller_id !== userId && row.buyer_id !== userId))
        throw notFound('评价不存在')
      if (row.buyer_id === userId) throw badRequest('不能举报自己的评价')
      if (row.hidden === 1) throw badRequest('该评价已被隐藏')
      const at = now()
      if ((await repo.reportsSince(userId, at - HOUR)) >= REVIEW_LIMITS.reportsPerHour)
        throw tooMany(`每小时最多举报 ${REVIEW_LIMITS.reportsPerHour} 次，请稍后再试`)
      const text = plainText(reason).slice(0, REVIEW_LIMITS.reportReason)
      if (!text) throw badRequest('举报原因不能为空')
      if (!(await repo.addReport(row.id, userId, text, at))) throw badRequest('您已举报过该评价')
      return { reviewId: row.id }
    },

    async given(userId: number, page: MyReviewQuery): Promise<Page<Review>> {
      const { rows, total } = await repo.pageOf('buyer', userId, page)
      return { rows: await present(rows), total }
    },

    async received(userId: number, page: MyReviewQuery): Promise<Page<Review>> {
      const { rows, total } = await repo.pageOf('seller', userId, page)
      return { rows: await present(rows), total }
    },

    async ofOrders(userId: number, orderNos: string): Promise<Review[]> {
      const list = [...new Set(orderNos.split(','))]
      return present(await repo.ofOrders(list, userId))
    },

    /** Public: a shop's reviews that are not hidden, the buyer's name masked. */
    async shop(shopId: number, q: ShopReviewQuery): Promise<Page<Review>> {
      const { rows, total } = await repo.pageVisible(shopId, q)
      return { rows: await present(rows, true), total }
    },

    /** Public: the seller's credit (a seller with no order simply has level 1). */
    async credit(sellerId: number): Promise<SellerCredit> {
      const [stars, orders] = await Promise.all([repo.starsOf(sellerId), trade.sellerStats(sellerId)])
      const c = creditOf({ ...stars, ...orders })
      return {
        sellerId,
        rating: c.rating,
        reviewCount: stars.reviewCount,
        completedCount: orders.completed,
        disputeRate: c.disputeRate,
        paidCount: orders.paid,
        disputedCount: orders.disputed,
        lostDisputes: orders.lostRecent,
        level: c.level,
        levelName: c.levelName,
      }
    },

    async list(q: ReviewListQuery): Promise<Page<StaffReview>> {
      const [{ rows, total }, labels] = await Promise.all([repo.pageAll(q), tagLabels()])
      return { rows: rows.map((r) => staffOf(r, labels)), total }
    },

    /** Staff hide (or show again) a review with a reason; the op_logs row in the same transaction. */
    async hide(actor: Actor, reviewId: number, hidden: boolean, reason: string): Promise<StaffReview> {
      const row = await repo.find(reviewId)
      if (!row) throw notFound('评价不存在')
      if ((row.hidden === 1) === hidden) throw badRequest(hidden ? '该评价已隐藏' : '该评价未隐藏')
      const text = reason.trim()
      const at = now()
      await db.transaction().execute(async (trx) => {
        await reviewRepo(trx).update(row.id, {
          hidden: hidden ? 1 : 0,
          hidden_reason: hidden ? text : null,
          hidden_by: hidden ? actor.userId : null,
          hidden_at: hidden ? at : null,
        })
        await record(trx, {
          actor,
          module: 'trade',
          action: hidden ? 'reviewHide' : 'reviewUnhide',
          target: row.id,
          before: { hidden: row.hidden === 1, hiddenReason: row.hidden_reason },
          after: { hidden, hiddenReason: hidden ? text : null },
          detail: text,
          at,
        })
      })
      await changed()
      return staffOf((await repo.find(row.id))!, await tagLabels())
    },
  }
}

export type ReviewService = ReturnType<typeof reviewService>
