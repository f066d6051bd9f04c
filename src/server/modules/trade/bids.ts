/**
 * Bids (出价 / 还价): a buyer offers below the asking price for 1–72 hours; the seller accepts (the
 * buyer gets an unpaid order at that price), rejects or counters; the buyer accepts a counter (the
 * same order path) or cancels. A lapsed bid is expired, also before the sweeper reaches it.
 */
import { badRequest, forbidden, notFound } from '../../http/errors'
import {
  BID_CONFIG,
  BID_LIMITS,
  bidFloorOf,
  TRADE_RULES,
  type Bid,
  type BidListQuery,
  type BidTerms,
  type CreateBidBody,
  type Order,
  type SetBidFloorBody,
} from '../../../shared/api'
import { formatYuan } from '../../../shared/money'
import { isUniqueViolation } from '../../db'
import type { Page } from '../../db/paging'
import { yuan } from '../funds/numbers'
import type { TradeCore } from './core'
import type { OrderLifecycle } from './orders'
import { tradeRepo } from './repo'
import { systemRepo } from '../system/repo'
import type { ReceivingRoles } from './roles'
import { bidExpired, HOUR } from './rules'

type BidView = NonNullable<Awaited<ReturnType<TradeCore['repo']['bidView']>>>

function toBid(r: BidView): Bid {
  return {
    bidId: Number(r.id),
    goodsId: r.goods_id,
    goodsTitle: r.title,
    askPrice: Number(r.ask_price),
    buyerId: r.buyer_id,
    buyerName: r.buyer_name,
    sellerId: r.seller_id,
    sellerName: r.seller_name,
    price: Number(r.price),
    counterPrice: r.counter_price === null ? null : Number(r.counter_price),
    status: r.status,
    expiresAt: Number(r.expires_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    orderNo: r.order_no,
  }
}

export function bidService(core: TradeCore, orders: OrderLifecycle, roles: ReceivingRoles) {
  const { repo, now, tx, announce } = core

  /** A bid for one of its two parties (404 for anyone else), read after due expiries are applied. */
  async function bidFor(userId: number, bidId: number) {
    await repo.expireBids(now())
    const b = await repo.bid(bidId)
    if (!b || (b.buyer_id !== userId && b.seller_id !== userId)) throw notFound('出价不存在')
    return b
  }

  /** Why a bid cannot take this step: expired (also when it lapsed a moment ago), or its state. */
  const bidStateError = (b: { status: string; expires_at: number }, otherwise: string) =>
    badRequest(bidExpired(b, now()) ? '出价已过期' : otherwise)

  async function bid(userId: number, bidId: number): Promise<Bid> {
    const b = await repo.bidView(bidId)
    if (!b || (b.buyer_id !== userId && b.seller_id !== userId)) throw notFound('出价不存在')
    return toBid(b)
  }

  /** 参数设置 trade.bid.floorPercent: 0–99; a broken value falls back to the default. */
  async function floorPercent(): Promise<number> {
    const text = (await systemRepo(core.db).configValue(BID_CONFIG.floorPercent))?.trim() ?? ''
    return /^\d{1,2}$/.test(text) ? Number(text) : BID_LIMITS.defaultFloorPercent
  }

  async function termsOf(g: { id: number; price: number | string }, userId: number): Promise<BidTerms> {
    const sellerMin = await repo.bidFloor(g.id)
    const percent = await floorPercent()
    const open = await repo.openBidOf(userId, g.id, now())
    return {
      goodsId: g.id,
      askPrice: Number(g.price),
      minPrice: bidFloorOf(Number(g.price), sellerMin, percent),
      sellerSet: sellerMin !== undefined,
      floorPercent: percent,
      openBid: open ? toBid(open) : null,
    }
  }

  /** The refusal of a bid under the floor, naming the minimum and where it comes from. */
  const underFloor = (t: BidTerms) =>
    badRequest(
      `出价不能低于 ${formatYuan(t.minPrice)}（${t.sellerSet ? '卖家设置的最低出价' : `售价的 ${t.floorPercent}%`}）`,
    )

  return {
    bid,

    /** The listing's minimum bid and the caller's open bid on it. */
    async bidTerms(userId: number, goodsId: number): Promise<BidTerms> {
      const g = await repo.goods(goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      return termsOf(g, userId)
    },

    /** The seller sets (or, without a price, clears) the minimum bid of their listing. */
    async setBidFloor(sellerId: number, body: SetBidFloorBody): Promise<BidTerms> {
      const g = await repo.goods(body.goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      if (g.seller_id !== sellerId) throw forbidden()
      if (body.minPrice !== undefined && body.minPrice >= Number(g.price))
        throw badRequest(`最低出价须低于售价 ${formatYuan(Number(g.price))}`)
      await repo.setBidFloor(g.id, sellerId, body.minPrice ?? null, now())
      return termsOf(g, sellerId)
    },

    async createBid(buyerId: number, body: CreateBidBody): Promise<Bid> {
      const g = await repo.goods(body.goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      if (g.status !== 'ON_SALE') throw badRequest('商品不在售，不能出价')
      if (g.seller_id === buyerId) throw badRequest('不能对自己的商品出价')
      if (body.price >= Number(g.price)) throw badRequest('出价须低于商品售价，可直接购买')
      const terms = await termsOf(g, buyerId)
      if (terms.openBid) throw badRequest('您对该商品已有进行中的出价，请先撤销或等待卖家处理')
      if (body.price < terms.minPrice) throw underFloor(terms)
      const hours = body.expiresInHours ?? TRADE_RULES.bidDefaultHours
      if (hours < 1 || hours > TRADE_RULES.bidMaxHours)
        throw badRequest(`出价有效期须在 1 至 ${TRADE_RULES.bidMaxHours} 小时之间`)
      await repo.expireBids(now())
      const at = now()
      let bidId: number
      try {
        bidId = await repo.insertBid({
          goods_id: g.id,
          buyer_id: buyerId,
          seller_id: g.seller_id,
          ask_price: Number(g.price),
          price: body.price,
          counter_price: null,
          status: 'PENDING',
          expires_at: at + hours * HOUR,
          order_no: null,
          created_at: at,
          updated_at: at,
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('您对该商品已有进行中的出价，请先撤销或等待卖家处理')
        throw err
      }
      await announce(
        [
          {
            to: g.seller_id,
            title: '您的商品收到新出价',
            content: `${g.title} 收到出价 ${yuan(body.price)}（售价 ${yuan(Number(g.price))}），请及时处理。`,
          },
        ],
        [
          {
            to: g.seller_id,
            event: {
              type: 'bid',
              data: { bidId, goodsId: g.id, goodsTitle: g.title, price: body.price, counter: false },
            },
          },
        ],
      )
      return bid(buyerId, bidId)
    },

    async bidList(userId: number, q: BidListQuery): Promise<Page<Bid>> {
      await repo.expireBids(now())
      const page = await repo.bidPage(q.role, userId, q)
      return { total: page.total, rows: page.rows.map(toBid) }
    },

    /** Seller accepts the bid, or buyer accepts the counter: reserve and create the order (one path). */
    async acceptBid(userId: number, bidId: number): Promise<Order> {
      const b = await bidFor(userId, bidId)
      const bySeller = b.seller_id === userId
      const from = bySeller ? 'PENDING' : 'COUNTERED'
      if (b.status !== from) throw bidStateError(b, '出价当前状态不能接受')
      const price = Number(bySeller ? b.price : b.counter_price)
      const g = await repo.goods(b.goods_id)
      if (!g) throw notFound('商品不存在')
      const roleJson =
        g.goods_type === 'ACCOUNT'
          ? null
          : await roles.roleSnapshot(
              b.buyer_id,
              g.game_id,
              g.goods_type,
              await roles.defaultRoleId(b.buyer_id, g.game_id),
            )
      const created = await tx(async (trx) => {
        const c = await orders.reserveAndCreate(trx, {
          goodsId: b.goods_id,
          quantity: 1,
          buyerId: b.buyer_id,
          unitPrice: price,
          roleJson,
          bidId,
        })
        if (
          !(await tradeRepo(trx).bidTransition(
            bidId,
            [from],
            { status: 'ACCEPTED', order_no: c.orderNo, updated_at: now() },
            now(),
          ))
        )
          throw badRequest('出价状态已变化，请刷新')
        return c
      })
      await orders.afterCreate(created, b.buyer_id)
      await announce([
        bySeller
          ? {
              to: b.buyer_id,
              title: '卖家接受了您的出价',
              content: `${g.title} 卖家已接受出价 ${yuan(price)}，订单 ${created.orderNo} 请在 15 分钟内支付。`,
            }
          : {
              to: b.seller_id,
              title: '买家接受了您的还价',
              content: `${g.title} 买家已接受还价 ${yuan(price)}，订单 ${created.orderNo} 等待买家支付。`,
            },
      ])
      return core.toOrder((await repo.order(created.orderNo))!, bySeller ? 'seller' : 'buyer')
    },

    async rejectBid(sellerId: number, bidId: number): Promise<Bid> {
      const b = await bidFor(sellerId, bidId)
      if (b.seller_id !== sellerId) throw forbidden()
      if (
        b.status !== 'PENDING' ||
        !(await repo.bidTransition(bidId, ['PENDING'], { status: 'REJECTED', updated_at: now() }, now()))
      )
        throw bidStateError(b, '出价当前状态不能拒绝')
      await announce([
        {
          to: b.buyer_id,
          title: '卖家拒绝了您的出价',
          content: `您对商品的出价 ${yuan(Number(b.price))} 已被卖家拒绝。`,
        },
      ])
      return bid(sellerId, bidId)
    },

    async counterBid(sellerId: number, bidId: number, price: number): Promise<Bid> {
      const b = await bidFor(sellerId, bidId)
      if (b.seller_id !== sellerId) throw forbidden()
      if (b.status !== 'PENDING') throw bidStateError(b, '出价当前状态不能还价')
      if (price <= Number(b.price)) throw badRequest('还价须高于买家出价')
      if (price > Number(b.ask_price)) throw badRequest('还价不能高于商品售价')
      if (
        !(await repo.bidTransition(
          bidId,
          ['PENDING'],
          { status: 'COUNTERED', counter_price: price, updated_at: now() },
          now(),
        ))
      )
        throw bidStateError(b, '出价当前状态不能还价')
      const g = await repo.goods(b.goods_id)
      await announce(
        [
          {
            to: b.buyer_id,
            title: '卖家给出了还价',
            content: `${g?.title ?? ''} 卖家还价 ${yuan(price)}（您的出价 ${yuan(Number(b.price))}，售价 ${yuan(Number(b.ask_price))}），可在商品页 /detail/${b.goods_id}.html 的「我的出价」中接受或撤销。`,
          },
        ],
        [
          {
            to: b.buyer_id,
            event: {
              type: 'bid',
              data: {
                bidId,
                goodsId: b.goods_id,
                goodsTitle: g?.title ?? '',
                price,
                counter: true,
              },
            },
          },
        ],
      )
      return bid(sellerId, bidId)
    },

    async cancelBid(buyerId: number, bidId: number): Promise<Bid> {
      const b = await bidFor(buyerId, bidId)
      if (b.buyer_id !== buyerId) throw forbidden()
      if (
        !(await repo.bidTransition(
          bidId,
          ['PENDING', 'COUNTERED'],
          { status: 'CANCELLED', updated_at: now() },
          now(),
        ))
      )
        throw bidStateError(b, '出价当前状态不能撤销')
      return bid(buyerId, bidId)
    },
  }
}

export type BidService = ReturnType<typeof bidService>
