/**
 * Delivering an order: the seller starts, fills the game's transfer form (checked field by field by
 * its kind, src/shared/rules/transfer.ts) and may correct it until the buyer confirms; the hand-over
 * is sealed per order and field (AES-256-GCM), shown to the buyer only, and every view is logged.
 * Automatic delivery at payment (orders.ts) seals the listing's delivery account the same way.
 */
import type { DeliveredCredentials, DeliveryForm, Order, TransferField } from '../../../shared/api'
import { checkTransferValues } from '../../../shared/rules/transfer'
import { badRequest, forbidden } from '../../http/errors'
import { stateError, type OrderAccess, type TradeCore, type Trx } from './core'
import { tradeRepo } from './repo'

const AGENCY_DELIVERED_BY_STAFF = '官方代售订单由平台交付'

type Delivered = { order_no: string; goods_id: number; title: string; buyer_id: number; seller_id: number }

export function orderDelivery(core: TradeCore, { visible, mustBe }: OrderAccess) {
  const { deps, repo, now, tx, announce } = core

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
    if ('problem' in checked) throw badRequest(checked.problem)
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

  async function announceDelivered(o: Delivered, title: string, automatic = false) {
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
        {
          to: o.buyer_id,
          event: {
            type: 'order-delivered',
            data: {
              orderNo: o.order_no,
              goodsId: o.goods_id,
              goodsTitle: o.title,
              corrected: false,
              automatic,
            },
          },
        },
      ],
    )
  }

  /** The order of which the caller is the seller; a 官方代售 order is delivered by staff, not its owner. */
  async function sellerOf(orderNo: string, sellerId: number) {
    const o = await mustBe(orderNo, sellerId, 'seller')
    if ((await deps.goods.agencyOf(o.goods_id)) !== null) throw forbidden(AGENCY_DELIVERED_BY_STAFF)
    return o
  }

  const detail = async (userId: number, orderNo: string): Promise<Order> => {
    const { o, side } = await visible(orderNo, userId)
    return core.toOrder(o, side)
  }

  return {
    sealHandOver,
    announceDelivered,

    async startDelivery(sellerId: number, orderNo: string): Promise<Order> {
      const o = await sellerOf(orderNo, sellerId)
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
      return detail(sellerId, orderNo)
    },

    /**
     * The transfer form for the seller: the game's fields, and the values to start from — while
     * delivering, the listing's saved delivery account; after delivery (until the buyer confirms),
     * what was delivered, for a correction.
     */
    async deliveryForm(sellerId: number, orderNo: string): Promise<DeliveryForm> {
      const o = await sellerOf(orderNo, sellerId)
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
      const o = await sellerOf(orderNo, sellerId)
      if (o.status !== 'DELIVERING') throw o.status === 'PAID' ? badRequest('请先开始交付') : stateError(o)
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
      if (!done) throw badRequest('订单状态已变化，请刷新')
      await announceDelivered(o, '卖家已交付，请确认收货')
      return detail(sellerId, orderNo)
    },

    /**
     * The seller corrects what was delivered, until the buyer confirms receipt: checked like a
     * delivery, logged (which fields changed, never their values) and announced to the buyer; the
     * buyer's 72 hours to confirm start again.
     */
    async correctDelivery(sellerId: number, orderNo: string, fields: Record<string, string>): Promise<Order> {
      const o = await sellerOf(orderNo, sellerId)
      if (o.status !== 'TO_CONFIRM' || !o.credentials_enc)
        throw badRequest('只有待买家确认收货的订单可以修改交付信息')
      const before = openCredentials(orderNo, o.credentials_enc)
      const sealed = await sealHandOver(o, fields)
      const config = await deps.games.transferConfig(o.game_id)
      const changed = config.fields
        .filter((f) => (before[f.key] ?? '') !== (sealed.plain[f.key] ?? ''))
        .map((f) => f.label)
      if (changed.length === 0) throw badRequest('交付信息没有变化')
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
      if (!done) throw badRequest('订单状态已变化，请刷新')
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
          {
            to: o.buyer_id,
            event: {
              type: 'order-delivered',
              data: { orderNo, goodsId: o.goods_id, goodsTitle: o.title, corrected: true, automatic: false },
            },
          },
        ],
      )
      return detail(sellerId, orderNo)
    },

    /**
     * Staff hand over a 官方代售 order (the agency module): from PAID or DELIVERING to TO_CONFIRM,
     * checked and sealed like a seller's delivery; `inTx` writes the staff action's log rows in the
     * same transaction. False: the order is not waiting for delivery.
     */
    async platformDeliver(
      orderNo: string,
      staffId: number,
      input: Record<string, string>,
      inTx: (trx: Trx) => Promise<void>,
    ): Promise<boolean> {
      const o = await repo.rawOrder(orderNo)
      if (!o || (o.status !== 'PAID' && o.status !== 'DELIVERING')) return false
      const sealed = await sealHandOver(o, input)
      const at = now()
      const done = await tx(async (trx) => {
        const t = tradeRepo(trx)
        const changed = await t.transition(orderNo, ['PAID', 'DELIVERING'], {
          status: 'TO_CONFIRM',
          delivery_started_at: o.delivery_started_at ?? at,
          delivered_at: at,
          credentials_enc: JSON.stringify(sealed.values),
          updated_at: at,
        })
        if (!changed) return false
        await t.addEvent(orderNo, staffId, 'DELIVERED', sealed.labels, at)
        await inTx(trx)
        return true
      })
      if (done) await announceDelivered(o, '平台已交付，请确认收货', true)
      return done
    },

    /** The delivered credentials: the buyer of the order only; every view is logged. */
    async credentials(userId: number, orderNo: string, ip: string): Promise<DeliveredCredentials> {
      const { o, side } = await visible(orderNo, userId)
      if (side !== 'buyer') throw forbidden()
      if (!o.credentials_enc || o.delivered_at === null) throw badRequest('卖家尚未交付')
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
  }
}

export type OrderDelivery = ReturnType<typeof orderDelivery>
