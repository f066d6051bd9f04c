/**
 * Trading: orders (reserve → pay into escrow → deliver → confirm → settle after the protection
 * period), their time rules (a sweeper plus a lazy check on access, both on the injected clock),
 * disputes and staff rulings, bids, receiving roles and price records. Money and stock change only
 * inside one transaction with a ledger row per balance change (funds repo `move`); messages and live
 * events go out after the commit.
 */
import {
  Code,
  ORDER_STATUS_LABELS,
  RULING_DECISION_LABELS,
  TRADE_RULES,
  type Bid,
  type BidListQuery,
  type CreateBidBody,
  type CreateOrderBody,
  type DealRecord,
  type DeliveredCredentials,
  type DeliveryForm,
  type Order,
  type OrderAction,
  type OrderListQuery,
  type OrderStatus,
  type PriceRecordQuery,
  type PriceRecords,
  type ReceivingRole,
  type RuleBody,
  type RulingDecision,
  type SaveRoleBody,
  type TransferField,
} from '../../../shared/api'
import { checkTransferValues } from '../../../shared/rules/transfer'
import { MSG } from '../../../shared/messages'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { isUniqueViolation } from '../../db'
import { ApiError } from '../../plugins/envelope'
import type { FieldCipher } from '../delivery/crypto'
import type { DeliveryService } from '../delivery/service'
import { chinaDateTime, csvYuan, EXPORT_MAX_ROWS, type ExportsService } from '../common/exports'
import type { EventBus } from '../events/bus'
import type { FundsService } from '../funds/service'
import { fundsRepo } from '../funds/repo'
import { businessNo, chinaDay, yuan } from '../funds/numbers'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import { thumbUrl } from '../image/service'
import type { MessageService } from '../message/service'
import { roleRepo, tradeRepo, type OrderRow } from './repo'
import { disputeRepo } from '../warrant/repo'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const bad = (msg: string) => new ApiError(Code.BAD_REQUEST, msg)
const notFound = (msg = '订单不存在') => new ApiError(Code.NOT_FOUND, msg)
const forbidden = () => new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN)

export const SOLD_OUT = '商品已售出或库存不足'
/** paid, not yet settled or refunded: the order holds escrow */
const HOLDING: OrderStatus[] = ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED', 'ARBITRATING']
const DISPUTABLE: OrderStatus[] = ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED']

export interface TradeDeps {
  db: Db
  games: GameService
  goods: GoodsService
  delivery: DeliveryService
  funds: FundsService
  messages: MessageService
  bus?: EventBus
  cipher: FieldCipher
  /** CSV exports (the desktop client downloads them) */
  exports?: ExportsService
  now: () => number
}

type Side = 'buyer' | 'seller' | 'staff'
type Post = { to: number; title: string; content: string }

export function tradeService(deps: TradeDeps) {
  const { db, now } = deps
  const repo = tradeRepo(db)
  const roles = roleRepo(db)
  let lastSweep = 0

  const credentialContext = (orderNo: string, key: string) => `order:${orderNo}:${key}`

  /** The delivered values of an order, in clear. */
  function openCredentials(orderNo: string, sealedJson: string): Record<string, string> {
    const sealed = JSON.parse(sealedJson) as Record<string, string>
    return Object.fromEntries(
      Object.entries(sealed).map(([k, v]) => [k, deps.cipher.decrypt(v, credentialContext(orderNo, k))]),
    )
  }

  /**
   * A hand-over checked by the game's transfer fields (each by its kind; src/shared/rules/transfer.ts)
   * and sealed for the order: the sealed values, the clear ones and the labels handed over.
   */
  function sealValues(orderNo: string, fields: TransferField[], input: Record<string, string>) {
    const checked = checkTransferValues(fields, input)
    if ('problem' in checked) throw bad(checked.problem)
    const values = Object.fromEntries(
      Object.entries(checked.values).map(([k, v]) => [
        k,
        deps.cipher.encrypt(v, credentialContext(orderNo, k)),
      ]),
    )
    const labels = fields
      .filter((f) => checked.values[f.key] !== undefined)
      .map((f) => f.label)
      .join('、')
    return { values, plain: checked.values, labels }
  }

  async function sealHandOver(o: { order_no: string; game_id: number }, input: Record<string, string>) {
    const config = await deps.games.transferConfig(o.game_id)
    return sealValues(o.order_no, config.fields, input)
  }

  async function announceDelivered(
    o: { order_no: string; goods_id: number; title: string; buyer_id: number; seller_id: number },
    title: string,
    automatic = false,
  ) {
    await announce(
      [
        {
          to: o.buyer_id,
          title,
          content: `订单 ${o.order_no}（${o.title}）${automatic ? '已由平台自动交付' : '卖家已交付'}，请查看交付信息并尽快修改密码、换绑，核对无误后确认收货；72 小时后将自动确认。`,
        },
        {
          to: o.seller_id,
          title: automatic ? '订单已自动交付' : '交付信息已提交',
          content: automatic
            ? `订单 ${o.order_no}（${o.title}）买家已付款，平台已按您设置的发货账号自动交付，等待买家确认收货。`
            : `订单 ${o.order_no} 交付信息已提交，等待买家确认收货。`,
        },
      ],
      [
        () =>
          deps.bus?.publish(o.buyer_id, {
            type: 'order-delivered',
            data: {
              orderNo: o.order_no,
              goodsId: o.goods_id,
              goodsTitle: o.title,
              corrected: false,
              automatic,
            },
          }) ?? Promise.resolve(),
      ],
    )
  }

  /** After a commit: order messages (with unread-count events) and live events; failures only logged. */
  async function announce(posts: Post[], events: Array<() => Promise<unknown>> = []) {
    for (const p of posts) {
      try {
        await deps.messages.create(p.to, { title: p.title, content: p.content, messageType: 'ORDER' })
      } catch (err) {
        console.error('[trade] order message not written', err)
      }
    }
    for (const e of events) {
      try {
        await e()
      } catch (err) {
        console.error('[trade] live event not published', err)
      }
    }
  }

  function deadlineOf(o: OrderRow): { at: number | null; action: string | null } {
    switch (o.status) {
      case 'UNPAID':
        return { at: Number(o.created_at) + TRADE_RULES.payTimeoutMs, action: '超时未支付，订单将自动取消' }
      case 'PAID':
        return {
          at: Number(o.paid_at) + TRADE_RULES.sellerStartTimeoutMs,
          action: '卖家超时未发货，买家可取消订单并全额退款',
        }
      case 'TO_CONFIRM':
        return {
          at: Number(o.delivered_at) + TRADE_RULES.autoConfirmMs,
          action: '超时未确认，将自动确认收货',
        }
      case 'COMPLETED':
        return {
          at: Number(o.completed_at) + o.protection_days * DAY,
          action: '保护期结束后，货款将结算给卖家',
        }
      default:
        return { at: null, action: null }
    }
  }

  function actionsOf(o: OrderRow, side: Side): OrderAction[] {
    const at = now()
    const a: OrderAction[] = []
    if (side === 'buyer') {
      if (o.status === 'UNPAID') a.push('pay', 'cancel')
      if (o.status === 'PAID' && at >= Number(o.paid_at) + TRADE_RULES.sellerStartTimeoutMs) a.push('cancel')
      if (o.status === 'TO_CONFIRM') a.push('confirm')
      if (o.credentials_enc) a.push('viewCredentials')
    }
    if (side === 'seller') {
      if (o.status === 'UNPAID') a.push('cancel')
      if (o.status === 'PAID') a.push('startDelivery')
      if (o.status === 'DELIVERING') a.push('deliver')
      if (o.status === 'TO_CONFIRM') a.push('correctDelivery')
    }
    if (side !== 'staff' && DISPUTABLE.includes(o.status)) a.push('dispute')
    return a
  }

  function toOrder(o: OrderRow, side: Side): Order {
    const deadline = deadlineOf(o)
    const n = (v: number | null) => (v === null ? null : Number(v))
    return {
      orderNo: o.order_no,
      goodsId: o.goods_id,
      goodsTitle: o.title,
      goodsType: o.goods_type,
      gameId: o.game_id,
      gameName: o.game_name,
      coverUrl: o.cover_image ? thumbUrl(o.cover_image) : null,
      buyerId: o.buyer_id,
      buyerName: o.buyer_name,
      sellerId: o.seller_id,
      sellerName: o.seller_name,
      unitPrice: Number(o.unit_price),
      quantity: o.quantity,
      amount: Number(o.amount),
      status: o.status,
      role: o.role_json ? (JSON.parse(o.role_json) as ReceivingRole) : null,
      bidId: o.bid_id,
      createdAt: Number(o.created_at),
      paidAt: n(o.paid_at),
      deliveryStartedAt: n(o.delivery_started_at),
      deliveredAt: n(o.delivered_at),
      completedAt: n(o.completed_at),
      settledAt: n(o.settled_at),
      cancelledAt: n(o.cancelled_at),
      deadlineAt: deadline.at,
      deadlineAction: deadline.action,
      disputedFrom: o.disputed_from,
      protectionDays: o.protection_days,
      autoDelivered: o.auto_delivered === 1,
      deliveryCorrections: Number(o.delivery_corrections),
      myRole: side,
      actions: actionsOf(o, side),
    }
  }

  async function sideOf(o: OrderRow, userId: number): Promise<Side | null> {
    if (o.buyer_id === userId) return 'buyer'
    if (o.seller_id === userId) return 'seller'
    if (await deps.funds.repo.isAdmin(userId)) return 'staff'
    return null
  }

  /** The order as the caller may see it: 404 for strangers (no existence leak). Applies due time rules. */
  async function visible(orderNo: string, userId: number): Promise<{ o: OrderRow; side: Side }> {
    await applyDue(orderNo)
    const o = await repo.order(orderNo)
    if (!o) throw notFound()
    const side = await sideOf(o, userId)
    if (!side || (side === 'staff' && o.status === 'UNPAID')) throw notFound()
    return { o, side }
  }

  const tx = <T>(fn: (trx: Db) => Promise<T>) => db.transaction().execute(fn)

  // ---------------------------------------------------------------- money moves (inside a transaction)
  async function refundInTx(
    trx: Db,
    o: { order_no: string; buyer_id: number; amount: number },
    remark: string,
  ) {
    const ok = await fundsRepo(trx).move(o.buyer_id, {
      type: 'ORDER_REFUND',
      available: Number(o.amount),
      orderNo: o.order_no,
      remark,
      at: now(),
    })
    if (!ok) throw new Error('refund failed')
  }

  async function settleInTx(trx: Db, o: { order_no: string; seller_id: number; amount: number }) {
    const at = now()
    if (
      !(await tradeRepo(trx).transition(o.order_no, ['COMPLETED'], {
        status: 'SETTLED',
        settled_at: at,
        escrow_amount: 0,
        updated_at: at,
      }))
    )
      return false
    const ok = await fundsRepo(trx).move(o.seller_id, {
      type: 'SETTLEMENT',
      available: Number(o.amount),
      orderNo: o.order_no,
      remark: '订单货款结算',
      at,
    })
    if (!ok) throw new Error('settlement failed')
    return true
  }

  async function releaseStock(trx: Db, o: { goods_id: number; quantity: number }) {
    await tradeRepo(trx).release(o.goods_id, o.quantity, now())
    await deps.goods.syncSearch(trx, o.goods_id)
  }

  // ---------------------------------------------------------------- time rules
  /** Applies the due time rule of one order (pay timeout, auto-confirm, settlement). */
  async function applyDue(orderNo: string): Promise<void> {
    const o = await repo.rawOrder(orderNo)
    if (!o) return
    const at = now()
    if (o.status === 'UNPAID' && at >= Number(o.created_at) + TRADE_RULES.payTimeoutMs) {
      const done = await tx(async (trx) => {
        if (
          !(await tradeRepo(trx).transition(orderNo, ['UNPAID'], {
            status: 'CANCELLED',
            cancelled_at: at,
            updated_at: at,
          }))
        )
          return false
        await releaseStock(trx, o)
        return true
      })
      if (done) {
        deps.goods.invalidate()
        await announce([
          {
            to: o.buyer_id,
            title: '订单已取消',
            content: `订单 ${orderNo}（${o.title}）超时未支付，已自动取消。`,
          },
          {
            to: o.seller_id,
            title: '订单已取消',
            content: `订单 ${orderNo}（${o.title}）买家超时未支付，已自动取消，商品已恢复在售。`,
          },
        ])
      }
      return
    }
    if (o.status === 'TO_CONFIRM' && at >= Number(o.delivered_at) + TRADE_RULES.autoConfirmMs) {
      // completed at the deadline itself: the protection period does not depend on when the sweeper came by
      const done = await tradeRepo(db).transition(orderNo, ['TO_CONFIRM'], {
        status: 'COMPLETED',
        completed_at: Number(o.delivered_at) + TRADE_RULES.autoConfirmMs,
        updated_at: at,
      })
      if (done)
        await announce([
          {
            to: o.buyer_id,
            title: '订单已自动确认收货',
            content: `订单 ${orderNo} 交付后 72 小时未确认，已自动确认收货。`,
          },
          {
            to: o.seller_id,
            title: '订单已完成',
            content: `订单 ${orderNo} 已自动确认收货，保护期 ${o.protection_days} 天后结算货款。`,
          },
        ])
      return applyDue(orderNo)
    }
    if (o.status === 'COMPLETED' && at >= Number(o.completed_at) + o.protection_days * DAY) {
      const done = await tx((trx) => settleInTx(trx, o))
      if (done)
        await announce([
          {
            to: o.seller_id,
            title: '货款已结算',
            content: `订单 ${orderNo} 保护期已过，货款 ${yuan(Number(o.amount))} 已结算至您的可用余额。`,
          },
        ])
    }
  }

  /**
   * Applies every due time rule. One order that fails (a fault in its row or its money move) is
   * logged and skipped: it must never stop the sweep for everybody else.
   */
  async function sweep(): Promise<{ orders: number; failed: string[]; bids: number }> {
    lastSweep = now()
    const due = await repo.dueOrders(now(), {
      payMs: TRADE_RULES.payTimeoutMs,
      confirmMs: TRADE_RULES.autoConfirmMs,
      dayMs: DAY,
    })
    const failed: string[] = []
    for (const d of due) {
      try {
        await applyDue(d.order_no)
      } catch (err) {
        failed.push(d.order_no)
        console.error(`[trade] sweep skipped order ${d.order_no}`, err)
      }
    }
    const bids = await repo.expireBids(now())
    return { orders: due.length - failed.length, failed, bids }
  }

  /** Lists sweep lazily (at most once a second of the clock) so they never show a stale state. */
  async function lazySweep() {
    if (now() - lastSweep >= 1000) await sweep()
  }

  // ---------------------------------------------------------------- ordering (shared by bids)
  async function reserveAndCreate(
    trx: Db,
    input: {
      goodsId: number
      quantity: number
      buyerId: number
      unitPrice: number | null
      roleJson: string | null
      bidId: number | null
    },
  ) {
    const t = tradeRepo(trx)
    const g = await t.goods(input.goodsId)
    if (!g || g.deleted_at !== null) throw notFound('商品不存在')
    if (g.seller_id === input.buyerId) throw bad('不能购买自己发布的商品')
    const at = now()
    const left = await t.reserve(g.id, input.quantity, at)
    if (!left) throw bad(g.status === 'ON_SALE' ? SOLD_OUT : '商品已售出或已下架')
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

  async function afterCreate(
    created: { orderNo: string; goods: { id: number; seller_id: number; title: string }; amount: number },
    buyerId: number,
  ) {
    deps.goods.invalidate()
    const { orderNo, goods, amount } = created
    await announce(
      [
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
      [
        () =>
          deps.bus?.publish(goods.seller_id, {
            type: 'order-created',
            data: { orderNo, goodsId: goods.id, goodsTitle: goods.title, amount },
          }) ?? Promise.resolve(),
      ],
    )
  }

  async function roleFor(userId: number, gameId: number, goodsType: string, roleId: number | undefined) {
    if (goodsType === 'ACCOUNT') return null
    if (!roleId) throw bad('请选择收货角色')
    const r = await roles.find(roleId)
    if (!r || r.user_id !== userId) throw bad('收货角色不存在')
    if (r.game_id !== gameId) throw bad('收货角色不属于该游戏')
    const list = await repo.roles(userId)
    const full = list.find((x) => x.id === r.id)!
    return JSON.stringify(toRole(full))
  }

  function toRole(r: Awaited<ReturnType<typeof repo.roles>>[number]): ReceivingRole {
    return {
      roleId: Number(r.id),
      gameId: r.game_id,
      gameName: r.game_name,
      serverId: r.server_id,
      serverName: r.server_name ?? null,
      roleName: r.role_name,
      gameRoleId: r.game_role_id,
      isDefault: r.is_default === 1,
    }
  }

  async function mustBe(orderNo: string, userId: number, side: 'buyer' | 'seller') {
    const { o, side: mine } = await visible(orderNo, userId)
    if (mine !== side) throw forbidden()
    return o
  }

  const stateError = (o: OrderRow) =>
    bad(`订单当前状态为「${ORDER_STATUS_LABELS[o.status]}」，不能进行此操作`)

  /** A bid for one of its two parties (404 for anyone else), read after due expiries are applied. */
  async function bidFor(userId: number, bidId: number) {
    await repo.expireBids(now())
    const b = await repo.bid(bidId)
    if (!b || (b.buyer_id !== userId && b.seller_id !== userId)) throw notFound('出价不存在')
    return b
  }

  /** Why a bid cannot take this step: expired (also when it lapsed a moment ago), or its state. */
  const bidStateError = (b: { status: string; expires_at: number }, otherwise: string) =>
    bad(b.status === 'EXPIRED' || Number(b.expires_at) <= now() ? '出价已过期' : otherwise)

  return {
    sweep,
    lazySweep,

    // ---------------------------------------------------------------- orders
    async createOrder(buyerId: number, body: CreateOrderBody): Promise<Order> {
      const g = await repo.goods(body.goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      if (g.seller_id === buyerId) throw bad('不能购买自己发布的商品')
      const roleJson = await roleFor(buyerId, g.game_id, g.goods_type, body.roleId)
      const created = await tx((trx) =>
        reserveAndCreate(trx, {
          goodsId: body.goodsId,
          quantity: body.quantity,
          buyerId,
          unitPrice: null,
          roleJson,
          bidId: null,
        }),
      )
      await afterCreate(created, buyerId)
      return toOrder((await repo.order(created.orderNo))!, 'buyer')
    },

    async detail(userId: number, orderNo: string): Promise<Order> {
      const { o, side } = await visible(orderNo, userId)
      return toOrder(o, side)
    },

    async list(side: 'buyer' | 'seller', userId: number, q: OrderListQuery): Promise<Page<Order>> {
      await lazySweep()
      const page = await repo.orderPage(side, userId, q)
      return { total: page.total, rows: page.rows.map((o) => toOrder(o, side)) }
    },

    /** My sold orders (with the list's filters) as a CSV export. */
    async exportSellOrders(sellerId: number, q: OrderListQuery) {
      if (!deps.exports) throw new Error('the exports service is not wired')
      const { rows } = await this.list('seller', sellerId, { ...q, pageNum: 1, pageSize: EXPORT_MAX_ROWS })
      return deps.exports.createCsv(
        sellerId,
        '我卖出的订单',
        [
          '订单号',
          '商品',
          '游戏',
          '买家',
          '单价(元)',
          '数量',
          '金额(元)',
          '状态',
          '下单时间',
          '支付时间',
          '完成时间',
        ],
        rows.map((o) => [
          o.orderNo,
          o.goodsTitle,
          o.gameName,
          o.buyerName,
          csvYuan(o.unitPrice),
          o.quantity,
          csvYuan(o.amount),
          ORDER_STATUS_LABELS[o.status],
          chinaDateTime(o.createdAt),
          o.paidAt ? chinaDateTime(o.paidAt) : '',
          o.completedAt ? chinaDateTime(o.completedAt) : '',
        ]),
      )
    },

    /**
     * Pays an order from the balance into escrow. When the seller switched the listing to automatic
     * delivery and its delivery account is complete, the platform hands it over in the same
     * transaction (PAID → TO_CONFIRM, same checks and logging as a manual delivery).
     */
    async pay(buyerId: number, orderNo: string, payPassword: string): Promise<Order> {
      const o = await mustBe(orderNo, buyerId, 'buyer')
      if (o.status !== 'UNPAID')
        throw o.status === 'CANCELLED' ? bad('订单已取消，请重新下单') : stateError(o)
      await deps.funds.checkPayPassword(buyerId, payPassword)
      // read before the transaction (one connection on SQLite): what automatic delivery hands over
      const auto =
        o.goods_type === 'ACCOUNT' ? await deps.delivery.autoDeliveryValues(o.goods_id, o.game_id) : null
      const sealed = auto ? await sealHandOver(o, auto).catch(() => null) : null
      const at = now()
      await tx(async (trx) => {
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
          throw bad('订单状态已变化，请刷新')
        const moved = await fundsRepo(trx).move(buyerId, {
          type: 'ORDER_PAY',
          available: -amount,
          orderNo,
          remark: `支付订单：${o.title}`,
          at,
        })
        if (!moved) throw bad('余额不足，请先充值')
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
      })
      await announce(
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
                {
                  to: o.seller_id,
                  title: '买家已付款，请尽快发货',
                  content: `订单 ${orderNo}（${o.title}）买家已付款，请在 48 小时内开始交付。`,
                },
              ]),
        ],
        [
          () =>
            deps.bus?.publish(o.seller_id, {
              type: 'order-paid',
              data: { orderNo, goodsId: o.goods_id, goodsTitle: o.title, amount: Number(o.amount) },
            }) ?? Promise.resolve(),
        ],
      )
      if (sealed) await announceDelivered(o, '平台已自动交付，请确认收货', true)
      return this.detail(buyerId, orderNo)
    },

    async cancel(userId: number, orderNo: string): Promise<Order> {
      const { o, side } = await visible(orderNo, userId)
      const at = now()
      if (o.status === 'UNPAID' && side !== 'staff') {
        const done = await tx(async (trx) => {
          if (
            !(await tradeRepo(trx).transition(orderNo, ['UNPAID'], {
              status: 'CANCELLED',
              cancelled_at: at,
              updated_at: at,
            }))
          )
            return false
          await releaseStock(trx, o)
          return true
        })
        if (!done) throw bad('订单状态已变化，请刷新')
        deps.goods.invalidate()
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
        if (at < Number(o.paid_at) + TRADE_RULES.sellerStartTimeoutMs)
          throw bad('卖家 48 小时内未开始交付时才可取消，请先与卖家沟通')
        const done = await tx(async (trx) => {
          if (
            !(await tradeRepo(trx).transition(orderNo, ['PAID'], {
              status: 'REFUNDED',
              escrow_amount: 0,
              cancelled_at: at,
              refunded_at: at,
              updated_at: at,
            }))
          )
            return false
          await refundInTx(trx, o, '卖家超时未发货，订单取消全额退款')
          await releaseStock(trx, o)
          return true
        })
        if (!done) throw bad('订单状态已变化，请刷新')
        deps.goods.invalidate()
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
      return this.detail(userId, orderNo)
    },

    async startDelivery(sellerId: number, orderNo: string): Promise<Order> {
      const o = await mustBe(orderNo, sellerId, 'seller')
      const at = now()
      if (
        !(await repo.transition(orderNo, ['PAID'], {
          status: 'DELIVERING',
          delivery_started_at: at,
          updated_at: at,
        }))
      )
        throw stateError(o)
      await announce([
        {
          to: o.buyer_id,
          title: '卖家已开始交付',
          content: `订单 ${orderNo}（${o.title}）卖家已开始交付，请留意担保群消息。`,
        },
      ])
      return this.detail(sellerId, orderNo)
    },

    /**
     * The transfer form for the seller: the game's fields, and the values to start from — while
     * delivering, the listing's saved delivery account; after delivery (until the buyer confirms),
     * what was delivered, for a correction.
     */
    async deliveryForm(sellerId: number, orderNo: string): Promise<DeliveryForm> {
      const o = await mustBe(orderNo, sellerId, 'seller')
      const config = await deps.games.transferConfig(o.game_id)
      const values =
        o.status === 'TO_CONFIRM' && o.credentials_enc
          ? openCredentials(orderNo, o.credentials_enc)
          : o.goods_type === 'ACCOUNT'
            ? await deps.delivery.revealDeliveryAccount(o.goods_id)
            : null
      return { fields: config.fields, values: values ?? {}, correcting: o.status === 'TO_CONFIRM' }
    },

    /** The seller hands over (DELIVERING → TO_CONFIRM): every field checked by its kind. */
    async deliver(sellerId: number, orderNo: string, fields: Record<string, string>): Promise<Order> {
      const o = await mustBe(orderNo, sellerId, 'seller')
      if (o.status !== 'DELIVERING') throw o.status === 'PAID' ? bad('请先开始交付') : stateError(o)
      const sealed = await sealHandOver(o, fields)
      const at = now()
      const done = await tx(async (trx) => {
        const changed = await tradeRepo(trx).transition(orderNo, ['DELIVERING'], {
          status: 'TO_CONFIRM',
          delivered_at: at,
          credentials_enc: JSON.stringify(sealed.values),
          updated_at: at,
        })
        if (changed) await tradeRepo(trx).addEvent(orderNo, sellerId, 'DELIVERED', sealed.labels, at)
        return changed
      })
      if (!done) throw bad('订单状态已变化，请刷新')
      await announceDelivered(o, '卖家已交付，请确认收货')
      return this.detail(sellerId, orderNo)
    },

    /**
     * The seller corrects what was delivered, until the buyer confirms receipt: checked like a
     * delivery, logged (which fields changed, never their values) and announced to the buyer; the
     * buyer's 72 hours to confirm start again.
     */
    async correctDelivery(sellerId: number, orderNo: string, fields: Record<string, string>): Promise<Order> {
      const o = await mustBe(orderNo, sellerId, 'seller')
      if (o.status !== 'TO_CONFIRM' || !o.credentials_enc)
        throw bad('只有待买家确认收货的订单可以修改交付信息')
      const before = openCredentials(orderNo, o.credentials_enc)
      const sealed = await sealHandOver(o, fields)
      const config = await deps.games.transferConfig(o.game_id)
      const changed = config.fields
        .filter((f) => (before[f.key] ?? '') !== (sealed.plain[f.key] ?? ''))
        .map((f) => f.label)
      if (changed.length === 0) throw bad('交付信息没有变化')
      const at = now()
      const done = await tx(async (trx) => {
        const t = tradeRepo(trx)
        const ok = await t.transition(orderNo, ['TO_CONFIRM'], {
          credentials_enc: JSON.stringify(sealed.values),
          delivered_at: at,
          delivery_corrections: Number(o.delivery_corrections) + 1,
          updated_at: at,
        })
        if (ok) await t.addEvent(orderNo, sellerId, 'DELIVERY_CORRECTED', changed.join('、'), at)
        return ok
      })
      if (!done) throw bad('订单状态已变化，请刷新')
      await announce(
        [
          {
            to: o.buyer_id,
            title: '卖家修改了交付信息',
            content: `订单 ${orderNo}（${o.title}）卖家修改了交付信息：${changed.join('、')}。请重新查看并核对，确认收货的 72 小时重新计时。`,
          },
          {
            to: o.seller_id,
            title: '交付信息已修改',
            content: `订单 ${orderNo} 的交付信息已修改（${changed.join('、')}），已通知买家。`,
          },
        ],
        [
          () =>
            deps.bus?.publish(o.buyer_id, {
              type: 'order-delivered',
              data: { orderNo, goodsId: o.goods_id, goodsTitle: o.title, corrected: true, automatic: false },
            }) ?? Promise.resolve(),
        ],
      )
      return this.detail(sellerId, orderNo)
    },

    /** The delivered credentials: the buyer of the order only; every view is logged. */
    async credentials(userId: number, orderNo: string, ip: string): Promise<DeliveredCredentials> {
      const { o, side } = await visible(orderNo, userId)
      if (side !== 'buyer') throw forbidden()
      if (!o.credentials_enc || o.delivered_at === null) throw bad('卖家尚未交付')
      const clear = openCredentials(orderNo, o.credentials_enc)
      const config = await deps.games.transferConfig(o.game_id)
      const labels = new Map(config.fields.map((f) => [f.key, f.label]))
      await repo.logView(orderNo, userId, ip, now())
      const events = await repo.events(orderNo)
      return {
        orderNo,
        deliveredAt: Number(o.delivered_at),
        automatic: o.auto_delivered === 1,
        corrections: events
          .filter((e) => e.kind === 'DELIVERY_CORRECTED')
          .map((e) => ({ at: Number(e.created_at), fields: e.detail })),
        fields: Object.entries(clear).map(([key, value]) => ({ key, label: labels.get(key) ?? key, value })),
      }
    },

    /** Secret values delivered on an order (the warrant room refuses messages containing them). */
    async secretValues(orderNo: string): Promise<string[]> {
      const o = await repo.rawOrder(orderNo)
      if (!o?.credentials_enc) return []
      const config = await deps.games.transferConfig(o.game_id)
      const sealed = JSON.parse(o.credentials_enc) as Record<string, string>
      return config.fields
        .filter((f) => (f.secret || f.kind === 'password') && sealed[f.key])
        .map((f) => deps.cipher.decrypt(sealed[f.key], credentialContext(orderNo, f.key)))
        .filter((v) => v.length >= 4)
    },

    /** The buyer confirms receipt (with the payment password: it releases escrow toward the seller). */
    async confirm(buyerId: number, orderNo: string, payPassword: string): Promise<Order> {
      const o = await mustBe(orderNo, buyerId, 'buyer')
      if (o.status !== 'TO_CONFIRM') throw stateError(o)
      await deps.funds.checkPayPassword(buyerId, payPassword)
      const at = now()
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
      return this.detail(buyerId, orderNo)
    },

    /** A party opens a dispute: the order freezes (ARBITRATING) and a dispute record is kept (0032). */
    async dispute(userId: number, orderNo: string, reason: string): Promise<Order> {
      const { o, side } = await visible(orderNo, userId)
      if (side === 'staff') throw forbidden()
      if (!DISPUTABLE.includes(o.status)) throw stateError(o)
      const at = now()
      const opened = await tx(async (trx) => {
        if (
          !(await tradeRepo(trx).transition(orderNo, [o.status], {
            status: 'ARBITRATING',
            disputed_from: o.status,
            dispute_reason: reason.trim(),
            updated_at: at,
          }))
        )
          return false
        await disputeRepo(trx).open({
          orderNo,
          openedBy: userId,
          side,
          fromStatus: o.status,
          reason: reason.trim(),
          at,
        })
        return true
      })
      if (!opened) throw bad('订单状态已变化，请刷新')
      const who = side === 'buyer' ? '买家' : '卖家'
      await announce([
        {
          to: o.buyer_id,
          title: '订单进入仲裁',
          content: `订单 ${orderNo} 已由${who}发起纠纷，平台客服将在担保群中处理。理由：${reason.trim()}`,
        },
        {
          to: o.seller_id,
          title: '订单进入仲裁',
          content: `订单 ${orderNo} 已由${who}发起纠纷，平台客服将在担保群中处理。理由：${reason.trim()}`,
        },
      ])
      return this.detail(userId, orderNo)
    },

    /**
     * Staff ruling on a disputed order: the escrow is divided — `refund` fen back to the buyer
     * (ORDER_REFUND), the rest to the seller (SETTLEMENT) — in one transaction, escrow to zero.
     * RELEASE is refund 0 and REFUND is refund everything: one code path. Amounts are integer fen,
     * 0 ≤ refund ≤ amount; a written reason is required. Final state: SETTLED when the seller gets
     * anything (completed and settled at once: staff reviewed it, the protection hold is what the
     * dispute was for), REFUNDED when the buyer gets everything back. The stock returns to sale only
     * on a whole refund of an order never delivered; once delivered (or paid out in part) it is gone.
     * The order's open dispute record takes the ruling; a second ruling finds none and is refused.
     */
    async rule(staffId: number, body: RuleBody) {
      if (!(await deps.funds.repo.isAdmin(staffId))) throw forbidden()
      const { orderNo } = body
      const o = await repo.order(orderNo)
      if (!o) throw notFound()
      if (o.status !== 'ARBITRATING') throw bad('只有仲裁中的订单可以裁决')
      const reason = body.reason.trim()
      if (!reason) throw bad('请填写裁决理由')
      const amount = Number(o.amount)
      const refund = body.decision === 'RELEASE' ? 0 : body.decision === 'REFUND' ? amount : body.refundAmount
      if (refund === undefined) throw bad('部分退款须填写退回买家的金额')
      if (body.refundAmount !== undefined && body.refundAmount !== refund)
        throw bad(`${RULING_DECISION_LABELS[body.decision]}时退回买家金额应为 ${yuan(refund)}`)
      if (!Number.isSafeInteger(refund) || refund < 0 || refund > amount)
        throw bad(`退回买家金额须在 ${yuan(0)} 至 ${yuan(amount)}（订单金额）之间`)
      const settle = amount - refund
      // recorded by what actually happens, whatever button was pressed
      const decision: RulingDecision = refund === 0 ? 'RELEASE' : settle === 0 ? 'REFUND' : 'SPLIT'
      const at = now()
      await tx(async (trx) => {
        const paysSeller = settle > 0
        if (
          !(await tradeRepo(trx).transition(orderNo, ['ARBITRATING'], {
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
          }))
        )
          throw bad('订单状态已变化，请刷新')
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
          throw bad('该纠纷已裁决，请刷新')
        const funds = fundsRepo(trx)
        if (
          refund > 0 &&
          !(await funds.move(o.buyer_id, {
            type: 'ORDER_REFUND',
            available: refund,
            orderNo,
            remark: `平台裁决退款：${reason}`.slice(0, 200),
            at,
          }))
        )
          throw new Error('refund after ruling failed')
        if (
          settle > 0 &&
          !(await funds.move(o.seller_id, {
            type: 'SETTLEMENT',
            available: settle,
            orderNo,
            remark: refund > 0 ? '平台裁决结算（部分退款后）' : '平台裁决结算',
            at,
          }))
        )
          throw new Error('settlement after ruling failed')
        // nothing handed over and nothing paid out: the stock returns to the listing
        if (settle === 0 && o.delivered_at === null) await releaseStock(trx, o)
      })
      deps.goods.invalidate()
      const outcome = `${RULING_DECISION_LABELS[decision]}，买家退回 ${yuan(refund)}，卖家结算 ${yuan(settle)}`
      const text = `平台裁决：${outcome}。裁决理由：${reason}`
      await announce([
        { to: o.buyer_id, title: '订单仲裁结果', content: `订单 ${orderNo}（${o.title}）${text}` },
        { to: o.seller_id, title: '订单仲裁结果', content: `订单 ${orderNo}（${o.title}）${text}` },
      ])
      return text
    },

    /** For the warrant room: who the caller is in it (null: not theirs). */
    async roomSide(orderNo: string, userId: number) {
      const o = await repo.order(orderNo)
      if (!o || o.status === 'UNPAID' || o.status === 'CANCELLED') return null
      const side = await sideOf(o, userId)
      return side ? { o, side } : null
    },

    // ---------------------------------------------------------------- bids
    async createBid(buyerId: number, body: CreateBidBody): Promise<Bid> {
      const g = await repo.goods(body.goodsId)
      if (!g || g.deleted_at !== null) throw notFound('商品不存在')
      if (g.status !== 'ON_SALE') throw bad('商品不在售，不能出价')
      if (g.seller_id === buyerId) throw bad('不能对自己的商品出价')
      if (body.price >= Number(g.price)) throw bad('出价须低于商品售价，可直接购买')
      const hours = body.expiresInHours ?? TRADE_RULES.bidDefaultHours
      if (hours < 1 || hours > TRADE_RULES.bidMaxHours)
        throw bad(`出价有效期须在 1 至 ${TRADE_RULES.bidMaxHours} 小时之间`)
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
        if (isUniqueViolation(err)) throw bad('您对该商品已有进行中的出价，请先撤销或等待卖家处理')
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
          () =>
            deps.bus?.publish(g.seller_id, {
              type: 'bid',
              data: { bidId, goodsId: g.id, goodsTitle: g.title, price: body.price, counter: false },
            }) ?? Promise.resolve(),
        ],
      )
      return this.bid(buyerId, bidId)
    },

    async bid(userId: number, bidId: number): Promise<Bid> {
      const b = await repo.bidView(bidId)
      if (!b || (b.buyer_id !== userId && b.seller_id !== userId)) throw notFound('出价不存在')
      return toBid(b)
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
          : await roleFor(
              b.buyer_id,
              g.game_id,
              g.goods_type,
              (await repo.roles(b.buyer_id)).find((r) => r.game_id === g.game_id && r.is_default === 1)?.id ??
                (await repo.roles(b.buyer_id)).find((r) => r.game_id === g.game_id)?.id,
            )
      const created = await tx(async (trx) => {
        const c = await reserveAndCreate(trx, {
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
          throw bad('出价状态已变化，请刷新')
        return c
      })
      await afterCreate(created, b.buyer_id)
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
      return toOrder((await repo.order(created.orderNo))!, bySeller ? 'seller' : 'buyer')
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
      return this.bid(sellerId, bidId)
    },

    async counterBid(sellerId: number, bidId: number, price: number): Promise<Bid> {
      const b = await bidFor(sellerId, bidId)
      if (b.seller_id !== sellerId) throw forbidden()
      if (b.status !== 'PENDING') throw bidStateError(b, '出价当前状态不能还价')
      if (price <= Number(b.price)) throw bad('还价须高于买家出价')
      if (price > Number(b.ask_price)) throw bad('还价不能高于商品售价')
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
            content: `${g?.title ?? ''} 卖家还价 ${yuan(price)}（您的出价 ${yuan(Number(b.price))}），可在出价记录中接受。`,
          },
        ],
        [
          () =>
            deps.bus?.publish(b.buyer_id, {
              type: 'bid',
              data: {
                bidId,
                goodsId: b.goods_id,
                goodsTitle: g?.title ?? '',
                price,
                counter: true,
              },
            }) ?? Promise.resolve(),
        ],
      )
      return this.bid(sellerId, bidId)
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
      return this.bid(buyerId, bidId)
    },

    // ---------------------------------------------------------------- receiving roles
    async roleList(userId: number): Promise<ReceivingRole[]> {
      return (await repo.roles(userId)).map(toRole)
    },

    async roleSave(userId: number, body: SaveRoleBody): Promise<ReceivingRole> {
      const game = await roles.game(body.gameId)
      if (!game) throw bad('游戏不存在')
      if (body.serverId) {
        const s = await roles.server(body.serverId)
        if (!s || s.game_id !== body.gameId) throw bad('区服不属于该游戏')
      }
      const row = {
        game_id: body.gameId,
        server_id: body.serverId ?? null,
        role_name: body.roleName.trim(),
        game_role_id: body.gameRoleId.trim(),
        is_default: body.isDefault ? 1 : 0,
      }
      const id = await tx(async (trx) => {
        const r = roleRepo(trx)
        if (body.isDefault) await r.clearDefault(userId, body.gameId)
        if (body.roleId) {
          const found = await r.find(body.roleId)
          if (!found || found.user_id !== userId) throw notFound('收货角色不存在')
          await r.update(body.roleId, row)
          return body.roleId
        }
        return r.insert({ ...row, user_id: userId, created_at: now() })
      })
      return (await this.roleList(userId)).find((r) => r.roleId === id)!
    },

    async roleRemove(userId: number, roleId: number) {
      if (!(await roles.remove(roleId, userId))) throw notFound('收货角色不存在')
    },

    // ---------------------------------------------------------------- price records
    async priceRecords(q: PriceRecordQuery): Promise<PriceRecords> {
      await lazySweep()
      const days = q.days ?? 30
      const since = now() - days * DAY
      const deals = await repo.deals(q.gameId, q.goodsType, since)
      const byDay = new Map<string, number[]>()
      for (const d of deals) {
        const day = chinaDay(Number(d.completed_at))
        const list = byDay.get(day) ?? []
        list.push(Number(d.amount))
        byDay.set(day, list)
      }
      const series = [...byDay.entries()].map(([day, amounts]) => ({
        day,
        deals: amounts.length,
        avg: Math.round(amounts.reduce((s, a) => s + a, 0) / amounts.length),
        min: Math.min(...amounts),
        max: Math.max(...amounts),
      }))
      const page = await repo.dealPage(q.gameId, q.goodsType, since, q)
      const rows: DealRecord[] = page.rows.map((r) => ({
        orderNo: r.order_no,
        gameName: r.game_name,
        goodsType: r.goods_type,
        title: r.title,
        amount: Number(r.amount),
        completedAt: Number(r.completed_at),
      }))
      return { series, rows, total: page.total }
    },
  }
}

function toBid(r: {
  id: number
  goods_id: number
  title: string
  ask_price: number
  buyer_id: number
  buyer_name: string
  seller_id: number
  seller_name: string
  price: number
  counter_price: number | null
  status: Bid['status']
  expires_at: number
  created_at: number
  updated_at: number
  order_no: string | null
}): Bid {
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

export type TradeService = ReturnType<typeof tradeService>
export { HOLDING }
