/**
 * Long because creating, paying, cancelling and confirming an order share the same locked reads and
 * money moves; delivery and timers are already their own files.
 *
 * The order lifecycle (docs/trading-rules.md): reserve the stock and create the unpaid order, pay from
 * the balance into escrow, cancel (unpaid; or paid when the seller is late, with a full refund),
 * confirm receipt. Money and stock change only inside one transaction, the money through the funds
 * service (a ledger row per balance change); messages and live events are logged in the same
 * transaction when creating and paying (`announceIn`), after the commit otherwise (`announce`), and
 * handed on after it.
 * Delivery is in delivery.ts, the time rules in timers.ts; the warrant module freezes and rules
 * disputed orders through `freeze` and `applyRuling`.
 */
import { badRequest, forbidden, notFound } from '../../http/errors'
import type {
  CreateOrderBody,
  Order,
  OrderChannelPayment,
  OrderListQuery,
  OrderStatus,
  PayOrderChannelBody,
} from '../../../shared/api'
import type { Page } from '../../db/paging'
import { businessNo, FUNDS_LIMITS, yuan } from '../funds/numbers'
import { stateError, type Notice, type OrderAccess, type Post, type TradeCore, type Trx } from './core'
import type { OrderDelivery } from './delivery'
import { tradeRepo, type OrderRow } from './repo'
import type { ReceivingRoles } from './roles'
import { DISPUTABLE, SOLD_OUT, sellerLate, type Side } from './rules'
import type { OrderTimers } from './timers'

export interface NewOrder {
  goodsId: number
  quantity: number
  buyerId: number
  /** the price agreed on a bid; null: the listing's price at the reservation */
  unitPrice: number | null
  roleJson: string | null
  bidId: number | null
}

export function orderLifecycle(
  core: TradeCore,
  { visible, mustBe }: OrderAccess,
  timers: OrderTimers,
  delivery: OrderDelivery,
  roles: ReceivingRoles,
) {
  const { deps, repo, now, tx, announce, announceIn, announced } = core

  /** Reserves the stock (atomically) and inserts the unpaid order, inside the caller's transaction. */
  async function reserveAndCreate(trx: Trx, input: NewOrder) {
    const t = tradeRepo(trx)
    const g = await t.goods(input.goodsId)
    if (!g || g.deleted_at !== null) throw notFound('商品不存在')
    if (g.seller_id === input.buyerId) throw badRequest('不能购买自己发布的商品')
    const at = now()
    const left = await deps.goods.reserveStock(trx, g.id, input.quantity, at)
    if (!left) throw badRequest(g.status === 'ON_SALE' ? SOLD_OUT : '商品已售出或已下架')
    // decided by the reservation itself: a concurrent buyer may have taken stock since `g` was read
    if (left.stock === 0) await deps.goods.syncSearch(trx, g.id)
    const unit = input.unitPrice ?? left.price
    const protectionDays = (await deps.games.rules(g.game_id, trx)).config.protectionDays
    const orderNo = businessNo('', at)
    await t.insertOrder({
      order_no: orderNo,
      goods_id: g.id,
      buyer_id: input.buyerId,
      seller_id: g.seller_id,
      game_id: g.game_id,
      goods_type: g.goods_type,
      title: g.title,
      unit_price: unit,
      quantity: input.quantity,
      amount: unit * input.quantity,
      escrow_amount: 0,
      status: 'UNPAID',
      disputed_from: null,
      dispute_reason: null,
      role_json: input.roleJson,
      bid_id: input.bidId,
      protection_days: protectionDays,
      credentials_enc: null,
      created_at: at,
      paid_at: null,
      delivery_started_at: null,
      delivered_at: null,
      completed_at: null,
      settled_at: null,
      cancelled_at: null,
      refunded_at: null,
      updated_at: at,
    })
    return { orderNo, goods: g, amount: unit * input.quantity }
  }

  /** Both parties' messages and the seller's live event of a new order. */
  function createdNotices(
    created: { orderNo: string; goods: { id: number; seller_id: number; title: string }; amount: number },
    buyerId: number,
  ): { posts: Post[]; events: Notice[] } {
    const { orderNo, goods, amount } = created
    return {
      posts: [
        {
          to: buyerId,
          title: '订单已创建',
          content: `您已下单 ${goods.title}，订单号 ${orderNo}，金额 ${yuan(amount)}，请在 15 分钟内完成支付。`,
        },
        {
          to: goods.seller_id,
          title: '您的商品有新订单',
          content: `${goods.title} 已被下单，订单号 ${orderNo}，等待买家付款。`,
        },
      ],
      events: [
        {
          to: goods.seller_id,
          event: {
            type: 'order-created',
            data: { orderNo, goodsId: goods.id, goodsTitle: goods.title, amount },
          },
        },
      ],
    }
  }

  /** After the order's commit (an accepted bid): the listing caches, the messages and event. */
  async function afterCreate(
    created: { orderNo: string; goods: { id: number; seller_id: number; title: string }; amount: number },
    buyerId: number,
  ) {
    const { posts, events } = createdNotices(created, buyerId)
    await announce(posts, events)
  }

  async function detail(userId: number, orderNo: string): Promise<Order> {
    const { o, side } = await visible(orderNo, userId)
    return core.toOrder(o, side)
  }

  async function list(side: 'buyer' | 'seller', userId: number, q: OrderListQuery): Promise<Page<Order>> {
    await timers.lazySweep()
    const page = await repo.orderPage(side, userId, q)
    return { total: page.total, rows: page.rows.map((o) => core.toOrder(o, side)) }
  }

  /**
   * Pays an UNPAID order from the buyer's balance inside `authorize`'s transaction: the payment
   * password's (ORDER.pay) or a plain one (payAfterTopup, authorised when the top-up started).
   */
  async function payFromBalance(
    buyerId: number,
    orderNo: string,
    authorize: <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>,
  ): Promise<Order> {
    const o = await mustBe(orderNo, buyerId, 'buyer')
    if (o.status !== 'UNPAID')
      throw o.status === 'CANCELLED' ? badRequest('订单已取消，请重新下单') : stateError(o)
    // read before the transaction (one connection on SQLite): what automatic delivery hands over
    const auto =
      o.goods_type === 'ACCOUNT' ? await deps.delivery.autoDeliveryValues(o.goods_id, o.game_id) : null
    const sealed = auto ? await delivery.sealHandOver(o, auto).catch(() => null) : null
    const at = now()
    // the payment password is checked first in the payment's transaction: one commit per payment,
    // a wrong answer commits only its count (docs/scaling.md, "Payments at database speed")
    const logged = await authorize(async (trx) => {
      const amount = Number(o.amount)
      const t = tradeRepo(trx)
      if (
        !(await t.transition(orderNo, ['UNPAID'], {
          status: 'PAID',
          paid_at: at,
          escrow_amount: amount,
          updated_at: at,
        }))
      )
        throw badRequest('订单状态已变化，请刷新')
      const moved = await deps.funds.move(trx, buyerId, {
        type: 'ORDER_PAY',
        available: -amount,
        orderNo,
        remark: `支付订单：${o.title}`,
        at,
      })
      if (!moved) throw badRequest('余额不足，请先充值')
      if (sealed) {
        await t.transition(orderNo, ['PAID'], {
          status: 'TO_CONFIRM',
          delivery_started_at: at,
          delivered_at: at,
          credentials_enc: JSON.stringify(sealed.values),
          auto_delivered: 1,
          updated_at: at,
        })
        await t.addEvent(orderNo, null, 'AUTO_DELIVERED', sealed.labels, at)
      }
      return announceIn(
        trx,
        [
          {
            to: buyerId,
            title: '订单支付成功',
            content: sealed
              ? `订单 ${orderNo} 已支付 ${yuan(Number(o.amount))}，款项由平台担保。`
              : `订单 ${orderNo} 已支付 ${yuan(Number(o.amount))}，款项由平台担保，等待卖家发货。`,
          },
          ...(sealed
            ? []
            : [
                // a 官方代售 order is delivered by staff: its owner is only told
                // the order row carries its listing's agency application (isAgencyGoods without a read)
                o.agency_application_id !== null
                  ? {
                      to: o.seller_id,
                      title: '代售账号已被买家付款',
                      content: `订单 ${orderNo}（${o.title}）买家已付款，平台将为您交付，买家确认收货后结算。`,
                    }
                  : {
                      to: o.seller_id,
                      title: '买家已付款，请尽快发货',
                      content: `订单 ${orderNo}（${o.title}）买家已付款，请在 48 小时内开始交付。`,
                    },
              ]),
        ],
        [
          {
            to: o.seller_id,
            event: {
              type: 'order-paid',
              data: { orderNo, goodsId: o.goods_id, goodsTitle: o.title, amount: Number(o.amount) },
            },
          },
        ],
      )
    })
    await announced(logged)
    if (sealed) {
      await delivery.announceDelivered(o, '平台已自动交付，请确认收货', true)
      return detail(buyerId, orderNo)
    }
    // the row read before, as the transaction left it: no second read of the order
    return core.toOrder(
      { ...o, status: 'PAID', paid_at: at, escrow_amount: Number(o.amount), updated_at: at },
      'buyer',
    )
  }

  return {
    reserveAndCreate,
    afterCreate,
    detail,
    list,

    async createOrder(buyerId: number, body: CreateOrderBody): Promise<Order> {
      const g = await repo.goods(body.goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      if (g.seller_id === buyerId) throw badRequest('不能购买自己发布的商品')
      const roleJson = await roles.roleSnapshot(buyerId, g.game_id, g.goods_type, body.roleId)
      // the order and its messages commit together (docs/scaling.md, "Payments at database speed")
      const { created, logged } = await tx(async (trx) => {
        const created = await reserveAndCreate(trx, {
          goodsId: body.goodsId,
          quantity: body.quantity,
          buyerId,
          unitPrice: null,
          roleJson,
          bidId: null,
        })
        const { posts, events } = createdNotices(created, buyerId)
        return { created, logged: await announceIn(trx, posts, events) }
      })
      await announced(logged)
      return core.toOrder((await repo.order(created.orderNo))!, 'buyer')
    },

    /**
     * Pays an order from the balance into escrow. When the seller switched the listing to automatic
     * delivery and its delivery account is complete, the platform hands it over in the same
     * transaction (PAID → TO_CONFIRM, same checks and logging as a manual delivery).
     */
    /** The buyer pays from the balance with the payment password (checked in the payment's transaction). */
    pay(buyerId: number, orderNo: string, payPassword: string): Promise<Order> {
      return payFromBalance(buyerId, orderNo, (fn) => deps.funds.withPayPassword(buyerId, payPassword, fn))
    },

    /**
     * Pays an order through 支付宝 or 微信支付: a top-up of the part the balance does not cover (the
     * whole amount without useBalance, at least the top-up minimum), which pays the order once the
     * provider's payment is credited (payAfterTopup). A balance part is authorised now with the
     * payment password; the money stays in the balance until the order is paid.
     */
    async payChannel(
      buyerId: number,
      body: PayOrderChannelBody,
      clientIp?: string,
    ): Promise<OrderChannelPayment> {
      const o = await mustBe(body.orderNo, buyerId, 'buyer')
      if (o.status !== 'UNPAID')
        throw o.status === 'CANCELLED' ? badRequest('订单已取消，请重新下单') : stateError(o)
      const amount = Number(o.amount)
      const balanceAmount = body.useBalance
        ? Math.min((await deps.funds.wallet(buyerId)).available, amount)
        : 0
      if (balanceAmount >= amount) throw badRequest('余额足够支付本订单，请使用余额支付')
      if (balanceAmount > 0) {
        if (!body.payPassword) throw badRequest('使用余额抵扣需要输入支付密码')
        await deps.funds.checkPayPassword(buyerId, body.payPassword)
      }
      const channelAmount = Math.max(amount - balanceAmount, FUNDS_LIMITS.topupMin)
      const topup = await deps.funds.createTopup(
        buyerId,
        {
          amount: channelAmount,
          channel: body.channel,
          ...(body.scene ? { scene: body.scene } : {}),
          returnTo: `/buyer/pay.html?orderNo=${o.order_no}`,
        },
        o.order_no,
        clientIp,
      )
      return {
        topupNo: topup.topupNo,
        channelAmount,
        balanceAmount,
        payUrl: topup.payUrl,
        qrCode: topup.qrCode,
      }
    },

    /**
     * A top-up made for this order (支付宝 / 微信支付 on the order's payment page) was credited: the
     * order is paid from the balance at once, in its own transaction after the credit committed — the
     * buyer authorised it when starting (the provider's payment; the PIN for a balance part). When it
     * cannot be paid any more (cancelled, paid another way, the balance spent meanwhile) the money
     * stays in the balance and the buyer is told why.
     */
    async payAfterTopup(buyerId: number, orderNo: string, topupNo: string): Promise<void> {
      try {
        await payFromBalance(buyerId, orderNo, tx)
      } catch (err) {
        const why = err instanceof Error ? err.message : '订单状态已变化'
        // cancelled or paid another way before the payment came: it goes back the way it came
        // (docs/payments.md, "Refunds"); otherwise (the balance spent meanwhile) it stays there
        const o = await repo.order(orderNo)
        if (o && o.status !== 'UNPAID') {
          const refunded = await deps.funds.refundTopupToChannel(
            topupNo,
            `订单 ${orderNo} 已无法支付，原路退回`,
          )
          if (refunded > 0) {
            await announce([
              {
                to: buyerId,
                title: '订单未能支付，款项原路退回',
                content: `订单 ${orderNo} 未能支付（${why}），充值单 ${topupNo} 的 ${yuan(refunded)} 正在原路退回。`,
              },
            ])
            return
          }
        }
        await announce([
          {
            to: buyerId,
            title: '充值已到账，订单未能自动支付',
            content: `充值单 ${topupNo} 的款项已到账您的可用余额，但订单 ${orderNo} 未能自动支付（${why}）。您可以在订单页重新支付，或申请提现。`,
          },
        ])
      }
    },

    async cancel(userId: number, orderNo: string): Promise<Order> {
      const { o, side } = await visible(orderNo, userId)
      const at = now()
      if (o.status === 'UNPAID' && side !== 'staff') {
        if (!(await core.cancelUnpaid(o, at))) throw badRequest('订单状态已变化，请刷新')
        const who = side === 'buyer' ? '买家' : '卖家'
        await announce([
          { to: o.buyer_id, title: '订单已取消', content: `订单 ${orderNo}（${o.title}）已由${who}取消。` },
          {
            to: o.seller_id,
            title: '订单已取消',
            content: `订单 ${orderNo}（${o.title}）已由${who}取消，商品已恢复在售。`,
          },
        ])
      } else if (o.status === 'PAID' && side === 'buyer') {
        if (!sellerLate(o, at)) throw badRequest('卖家 48 小时内未开始交付时才可取消，请先与卖家沟通')
        const done = await tx((trx) =>
          core.refundInFull(trx, o, ['PAID'], '卖家超时未发货，订单取消全额退款', at),
        )
        if (!done) throw badRequest('订单状态已变化，请刷新')
        await announce([
          {
            to: o.buyer_id,
            title: '订单已退款',
            content: `订单 ${orderNo} 卖家超时未发货，已取消并全额退款 ${yuan(Number(o.amount))}。`,
          },
          {
            to: o.seller_id,
            title: '订单已被买家取消',
            content: `订单 ${orderNo} 超过 48 小时未开始交付，买家已取消，货款已退回买家。`,
          },
        ])
      } else if (side === 'staff') {
        throw forbidden()
      } else {
        throw stateError(o)
      }
      return detail(userId, orderNo)
    },

    /** The buyer confirms receipt (with the payment password: it releases escrow toward the seller). */
    async confirm(buyerId: number, orderNo: string, payPassword: string): Promise<Order> {
      const o = await mustBe(orderNo, buyerId, 'buyer')
      if (o.status !== 'TO_CONFIRM') throw stateError(o)
      await deps.funds.checkPayPassword(buyerId, payPassword)
      const at = now()
      // 官方代售: the platform verified and delivered the account; the owner is paid at confirmation
      if ((await deps.goods.agencyOf(o.goods_id)) !== null) {
        const settled = await tx(async (trx) => {
          const completed = await tradeRepo(trx).transition(orderNo, ['TO_CONFIRM'], {
            status: 'COMPLETED',
            completed_at: at,
            updated_at: at,
          })
          return completed && (await timers.settleInTx(trx, o)) !== false
        })
        if (!settled) throw stateError(o)
        await announce([
          { to: buyerId, title: '已确认收货', content: `订单 ${orderNo} 已确认收货，交易完成。` },
        ])
        return detail(buyerId, orderNo)
      }
      if (
        !(await repo.transition(orderNo, ['TO_CONFIRM'], {
          status: 'COMPLETED',
          completed_at: at,
          updated_at: at,
        }))
      )
        throw stateError(o)
      await announce([
        { to: buyerId, title: '已确认收货', content: `订单 ${orderNo} 已确认收货，交易完成。` },
        {
          to: o.seller_id,
          title: '买家已确认收货',
          content: `订单 ${orderNo} 买家已确认收货，保护期 ${o.protection_days} 天后货款 ${yuan(Number(o.amount))} 将结算至您的余额。`,
        },
      ])
      return detail(buyerId, orderNo)
    },

    /** Money of a user's orders held in escrow, as buyer or as seller (the wallet shows both). */
    escrowOf: (userId: number, side: 'buyer' | 'seller') => repo.escrowOf(userId, side),
    /** open orders and disputes of a user (account cancellation's conditions) */
    openOrderCounts: (userId: number) => repo.openOrderCounts(userId),

    // ---------------------------------------------------------------- for the warrant module
    /** The order a party opens a dispute on (404 for strangers, 403 for staff, 400 when not disputable). */
    async disputable(userId: number, orderNo: string): Promise<{ o: OrderRow; side: 'buyer' | 'seller' }> {
      const { o, side } = await visible(orderNo, userId)
      if (side === 'staff') throw forbidden()
      if (!DISPUTABLE.includes(o.status)) throw stateError(o)
      return { o, side }
    },

    /** Freezes a disputed order (→ ARBITRATING) inside the warrant's transaction; false: its state changed. */
    freeze(trx: Trx, o: { order_no: string; status: OrderStatus }, reason: string, at: number) {
      return tradeRepo(trx).transition(o.order_no, [o.status], {
        status: 'ARBITRATING',
        disputed_from: o.status,
        dispute_reason: reason,
        updated_at: at,
      })
    },

    /** The order a ruling is about (null: none); staff only are let through by the warrant module. */
    orderForRuling: (orderNo: string) => repo.order(orderNo),

    /**
     * Ends an arbitrated order by a ruling, inside the warrant's transaction (with the money moves):
     * SETTLED when the seller gets anything (completed and settled at once), REFUNDED when the buyer
     * gets everything back; the stock returns to the listing only when nothing was handed over and
     * nothing paid out. False: the order is no longer ARBITRATING.
     */
    async applyRuling(trx: Trx, o: OrderRow, ruling: { refund: number; settle: number; at: number }) {
      const { refund, settle, at } = ruling
      const paysSeller = settle > 0
      const changed = await tradeRepo(trx).transition(o.order_no, ['ARBITRATING'], {
        status: paysSeller ? 'SETTLED' : 'REFUNDED',
        escrow_amount: 0,
        ...(paysSeller
          ? {
              completed_at: o.completed_at ?? at,
              delivered_at: o.delivered_at ?? at,
              settled_at: at,
            }
          : {}),
        ...(refund > 0 ? { refunded_at: at } : {}),
        updated_at: at,
      })
      if (changed && settle === 0 && o.delivered_at === null) await core.releaseStock(trx, o)
      return changed
    },

    /** For the warrant room: who the caller is in it (null: not theirs, or never paid). */
    async roomSide(orderNo: string, userId: number): Promise<{ o: OrderRow; side: Side } | null> {
      const o = await repo.order(orderNo)
      if (!o || o.status === 'UNPAID' || o.status === 'CANCELLED') return null
      const side = await core.sideOf(o, userId)
      return side ? { o, side } : null
    },

    /** The orders of a user's rooms (staff: with every disputed order and `alsoOrderNos`). */
    roomOrders: (userId: number, staff: { alsoOrderNos: string[] } | null) => repo.roomOrders(userId, staff),

    /** Title, amount, state and parties' names of orders, for the dispute lists. */
    orderBriefs: (orderNos: string[]) => repo.briefs(orderNos),

    /** The delivered credentials' secret values (the warrant room refuses messages containing them). */
    secretValues: delivery.secretValues,
  }
}

export type OrderLifecycle = ReturnType<typeof orderLifecycle>
