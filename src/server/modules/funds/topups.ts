/**
 * Top-ups through a provider of the pay centre (Alipay, WeChat Pay — their simulators in demo and test
 * installs: credited inside the paid attempt's transaction), and refunds of top-up money back to its
 * channel (docs/payments.md, "Refunds"). Part of the funds service
 * (service.ts), which spreads these methods into its own.
 */
import type {
  CreateTopupBody,
  PayChannel,
  Topup,
  TopupRefundBody,
  TopupRefundResult,
} from '../../../shared/api'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { DEFAULT_TOPUP_RETURN, returnWithTopup, safeReturnPath } from '../../../shared/rules/return-to'
import { afterCommit } from '../../db/after-commit'
import type { DomainEventMap } from '../events/domain'
import { businessNo, FUNDS_LIMITS, yuan } from './numbers'
import { fundsRepo, type FundsRepo } from './repo'
import type { FundsDeps } from './service'
import { chinaMinute, heldTopups, topupHoldHours } from './withdrawals'

export function topupService(
  deps: FundsDeps,
  parts: {
    repo: FundsRepo
    notify: (userId: number, title: string, content: string) => Promise<void>
    withPayPassword: <T>(
      userId: number,
      cipherText: string,
      fn: (trx: Transaction<Database>) => Promise<T>,
    ) => Promise<T>
  },
) {
  const { db, now } = deps
  const { repo, notify } = parts

  /**
   * Up to `most` fen of a paid top-up back to its channel: the pay centre's refund row and the
   * CHANNEL_REFUND ledger row in one transaction. Answers the fen (0 when nothing is left to refund).
   */
  async function toChannel(
    trx: Transaction<Database>,
    topup: { topup_no: string; user_id: number },
    most: number,
    orderNo: string | null,
    reason: string,
    at: number,
  ): Promise<number> {
    return (await refundToChannel(trx, topup, most, orderNo, reason, at))?.amount ?? 0
  }

  /** `toChannel` answering the refund (null when nothing was left to refund). */
  async function refundToChannel(
    trx: Transaction<Database>,
    topup: { topup_no: string; user_id: number },
    most: number,
    orderNo: string | null,
    reason: string,
    at: number,
  ) {
    const refund = await deps.pay!.beginRefund(trx, {
      bizType: 'TOPUP',
      bizNo: topup.topup_no,
      amount: most,
      orderNo,
      reason,
    })
    if (!refund) return null
    const where = refund.channel === 'ALIPAY' ? '支付宝' : '微信支付'
    const moved = await fundsRepo(trx).move(topup.user_id, {
      type: 'CHANNEL_REFUND',
      available: -refund.amount,
      orderNo,
      topupNo: topup.topup_no,
      remark: `退回${where}（退款单 ${refund.refundNo}）`,
      at,
    })
    if (!moved) throw new Error(`refund ${refund.refundNo}: the balance does not hold it`)
    return refund
  }

  const toTopup = (row: NonNullable<Awaited<ReturnType<typeof repo.topup>>>): Topup => ({
    topupNo: row.topup_no,
    amount: Number(row.amount),
    channel: row.channel,
    status: row.status,
    createdAt: Number(row.created_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  })

  return {
    /** The channels top-ups go through here: the configured providers (or their simulators). */
    topupChannels(): PayChannel[] {
      return (deps.pay?.channels() ?? []).map((c) => (c === 'ALIPAY' ? 'alipay' : 'wechat'))
    },

    /** A top-up through a provider; `orderNo`: it pays that order once credited. */
    async createTopup(
      userId: number,
      body: CreateTopupBody,
      orderNo: string | null = null,
      clientIp?: string,
    ) {
      if (body.amount < FUNDS_LIMITS.topupMin || body.amount > FUNDS_LIMITS.topupMax)
        throw badRequest(`充值金额须在 ${yuan(FUNDS_LIMITS.topupMin)} 至 ${yuan(FUNDS_LIMITS.topupMax)} 之间`)
      const channel = body.channel === 'alipay' ? 'ALIPAY' : 'WECHAT'
      if (!deps.pay?.channels().includes(channel)) throw badRequest('暂不支持该支付方式')
      // where the gateway sends the user back: an allow-listed same-site page only (no open redirect)
      const returnTo = body.returnTo === undefined ? null : safeReturnPath(body.returnTo)
      if (body.returnTo !== undefined && returnTo === null) throw badRequest('返回页面不正确')
      const at = now()
      const topupNo = businessNo('T', at)
      await repo.ensureWallet(userId, at)
      await repo.insertTopup({
        topup_no: topupNo,
        user_id: userId,
        amount: body.amount,
        channel: body.channel,
        status: 'PENDING',
        created_at: at,
        paid_at: null,
        return_to: returnTo,
        order_no: orderNo,
      })
      const start = await deps.pay!.start({
        bizType: 'TOPUP',
        bizNo: topupNo,
        userId,
        amount: body.amount,
        subject: `余额充值 ${yuan(body.amount)}`,
        channel,
        scene: body.scene ?? 'PC',
        returnPath: returnWithTopup(returnTo ?? DEFAULT_TOPUP_RETURN, topupNo),
        ...(clientIp ? { clientIp } : {}),
      })
      return { topupNo, payUrl: start.payUrl ?? '', qrCode: start.qrCode ?? null }
    },

    /**
     * A top-up's attempt was paid at a provider (the pay module's 'payment.paid', inside the
     * attempt's transaction): the top-up closes PAID and the wallet is credited, with its ledger row,
     * in that transaction; the owner is told after the commit. Throws (and so rolls the attempt back)
     * when the payment does not fit the top-up.
     */
    async creditPaidTopup(
      trx: Transaction<Database>,
      e: { attemptNo: string; channel: string; bizNo: string; userId: number; amount: number; at: number },
    ) {
      const tx = fundsRepo(trx)
      const row = await tx.topup(e.bizNo)
      if (!row || row.user_id !== e.userId || Number(row.amount) !== e.amount)
        throw new Error(`payment ${e.attemptNo} does not fit top-up ${e.bizNo}`)
      if (!(await tx.closeTopup(e.bizNo, 'PAID', e.at)))
        throw new Error(`top-up ${e.bizNo} is closed already`)
      const moved = await tx.move(e.userId, {
        type: 'TOPUP',
        available: e.amount,
        topupNo: e.bizNo,
        remark: `充值（${e.channel === 'ALIPAY' ? '支付宝' : '微信支付'}）`,
        at: e.at,
      })
      if (!moved) throw new Error('top-up credit failed')
      await deps.events?.publish(trx, 'topup.credited', {
        topupNo: e.bizNo,
        userId: e.userId,
        amount: e.amount,
        orderNo: row.order_no,
      })
      await afterCommit(trx, () =>
        notify(e.userId, '充值成功', `您的充值 ${yuan(e.amount)} 已到账，充值单号 ${e.bizNo}。`),
      )
    },

    /**
     * Money of an order came back to the buyer's balance ('order.refunded', inside that
     * transaction): the part that came through a channel top-up of this order goes on back to the
     * channel — a CHANNEL_REFUND row takes it out of the balance and the pay centre's PENDING refund
     * is written in the same transaction (docs/payments.md, "Refunds"). The channel part is refunded
     * first: a partial refund goes to the channel up to what the top-up brought in.
     */
    async refundOrderToChannel(trx: Transaction<Database>, e: DomainEventMap['order.refunded']) {
      if (!deps.pay) return
      let left = e.amount
      for (const topup of await fundsRepo(trx).paidTopupsOfOrder(e.orderNo, e.buyerId)) {
        if (left <= 0) break
        left -= await toChannel(trx, topup, left, e.orderNo, `订单 ${e.orderNo} 退款原路退回`, e.at)
      }
    },

    /**
     * A top-up made for an order that can no longer be paid (cancelled or paid another way before
     * the payment came): credited to the balance, it goes back to the channel at once — ledger rows
     * both ways. Answers the fen refunded.
     */
    async refundTopupToChannel(topupNo: string, reason: string): Promise<number> {
      const topup = await repo.topup(topupNo)
      if (!topup || topup.status !== 'PAID' || !deps.pay) return 0
      return db
        .transaction()
        .execute((trx) => toChannel(trx, topup, Number(topup.amount), topup.order_no, reason, now()))
    },

    /**
     * A refund to a channel ended ('payment.refundSettled', inside that transaction): a failed one
     * whose money had left the balance puts it back (CHANNEL_REFUND_RETURN); the owner is told.
     */
    async channelRefundSettled(trx: Transaction<Database>, e: DomainEventMap['payment.refundSettled']) {
      const where = e.channel === 'ALIPAY' ? '支付宝' : '微信支付'
      if (e.status === 'FAILED' && e.source === 'BALANCE') {
        const moved = await fundsRepo(trx).move(e.userId, {
          type: 'CHANNEL_REFUND_RETURN',
          available: e.amount,
          orderNo: e.orderNo,
          topupNo: e.bizNo || null,
          remark: `退回${where}失败，已退回余额（退款单 ${e.refundNo}）`,
          at: e.at,
        })
        if (!moved) throw new Error(`refund ${e.refundNo}: the balance could not take it back`)
      }
      const text =
        e.status === 'SUCCESS'
          ? `${yuan(e.amount)} 已原路退回您的${where}账户（退款单 ${e.refundNo}）。`
          : e.source === 'BALANCE'
            ? `${yuan(e.amount)} 未能退回${where}，已退回您的可用余额（退款单 ${e.refundNo}）。`
            : `${yuan(e.amount)} 未能退回${where}，客服将与您联系（退款单 ${e.refundNo}）。`
      await afterCommit(trx, () =>
        notify(e.userId, e.status === 'SUCCESS' ? '退款已到账' : '原路退款失败', text),
      )
    },

    /**
     * Unspent top-up money back to the channel it came through (docs/trading-rules.md,
     * "Withdrawals"): only top-ups paid at least the 参数设置 hold ago, oldest first, each through the
     * pay centre's refund of its attempt; with the payment password, in its transaction (the wallet
     * row locked). Refused with the time it becomes possible while the money is still held.
     */
    async refundUnspentTopups(userId: number, body: TopupRefundBody): Promise<TopupRefundResult> {
      if (!deps.pay) throw badRequest('暂不支持原路退回')
      const hold = await topupHoldHours(deps)
      return parts.withPayPassword(userId, body.payPassword, async (trx) => {
        const at = now()
        const held = (await heldTopups(fundsRepo(trx), userId))(hold)
        const ready = held.filter((t) => t.refundableAt <= at)
        const readyTotal = ready.reduce((sum, t) => sum + t.unspent, 0)
        if (body.amount > readyTotal) {
          const later = held.filter((t) => t.refundableAt > at)
          const total = readyTotal + later.reduce((sum, t) => sum + t.unspent, 0)
          if (later.length === 0 || body.amount > total)
            throw badRequest(`退回金额超出可原路退回的充值 ${yuan(readyTotal)}`, 'TOPUP_HELD')
          // the earliest time the asked amount is all out of its hold
          let sum = readyTotal
          const when = later.find((t) => (sum += t.unspent) >= body.amount)!.refundableAt
          throw badRequest(
            `充值到账后须满 ${hold} 小时才能原路退回：现在可退回 ${yuan(readyTotal)}，${yuan(body.amount)} 须到 ${chinaMinute(when)} 起`,
            'TOPUP_HELD',
          )
        }
        const result: TopupRefundResult = { refunded: 0, refunds: [] }
        for (const t of ready) {
          const left = body.amount - result.refunded
          if (left <= 0) break
          const refund = await refundToChannel(
            trx,
            { topup_no: t.topupNo, user_id: userId },
            Math.min(left, t.unspent),
            null,
            `未消费充值原路退回（充值单 ${t.topupNo}）`,
            at,
          )
          if (!refund) continue
          result.refunded += refund.amount
          result.refunds.push({ topupNo: t.topupNo, ...refund })
        }
        // a top-up whose channel cannot refund here (an old sandbox one): nothing moves, staff help
        if (result.refunded < body.amount) throw badRequest('部分充值无法原路退回，请联系客服处理')
        return result
      })
    },

    async topupDetail(userId: number, topupNo: string): Promise<Topup> {
      const row = await repo.topup(topupNo)
      if (!row || row.user_id !== userId) throw notFound('充值记录不存在')
      return toTopup(row)
    },
  }
}
