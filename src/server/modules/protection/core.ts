/**
 * What the parts of 包赔 share (docs/recovery-protection.md): dependencies, the parameters, the
 * order's protection row made from the listing's terms, the settlement hook that freezes the deposit
 * from the proceeds, and the claim as the API answers it. service.ts and staff.ts build on this.
 */
import {
  PROTECTION_CLAIM_REASON_LABELS,
  PROTECTION_CONFIG,
  PROTECTION_LIMITS,
  type ProtectionClaim,
  type ProtectionOptions,
  type StaffClaim,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { FundsService } from '../funds/service'
import type { GoodsService } from '../goods/service'
import type { ImageService } from '../image/service'
import type { MessageService } from '../message/service'
import type { TradeService } from '../trade/service'
import type { SettlingOrder, Trx } from '../trade/core'
import { protectionRepo, type ClaimRow, type ProtectionRow } from './repo'
import type { DomainEvents } from '../events/domain'

export const DAY = 24 * 60 * 60 * 1000
export const CLAIM_NOT_FOUND = '理赔申请不存在'

/** The deposit of a price at a percent, in fen (rounded to the fen, never more than the price). */
export function depositOf(amount: number, percent: number): number {
  return Math.min(amount, Math.round((amount * percent) / 100))
}

/** A settled (or completing) order as the settlement hook receives it. */
export type SettledOrder = SettlingOrder

export interface ProtectionDeps {
  db: Db
  funds: Pick<FundsService, 'move' | 'availableIn'>
  trade: Pick<TradeService, 'detail' | 'orderForRuling' | 'settleEarly' | 'setProtectionFee'>
  goods: Pick<GoodsService, 'briefs'>
  images: Pick<ImageService, 'attach' | 'byIds'>
  messages?: Pick<MessageService, 'create'>
  /** 'order.refunded' with a payout to the buyer (its order's channel part goes back to the channel) */
  events?: DomainEvents
  now: () => number
}

export function protectionCore(deps: ProtectionDeps) {
  const { db, funds, trade, now } = deps
  const repo = protectionRepo(db)

  async function notify(userId: number, title: string, content: string) {
    try {
      await deps.messages?.create(userId, { title, content, messageType: 'ORDER' })
    } catch (err) {
      console.error('[protection] message not written', err)
    }
  }

  /** The parameters (参数设置), read with the caller's connection; broken values fall back to the defaults. */
  async function options(via: Db = db): Promise<ProtectionOptions> {
    const r = protectionRepo(via)
    const percentText = (await r.config(PROTECTION_CONFIG.depositPercent))?.trim() ?? ''
    const percent = /^\d{1,3}$/.test(percentText) && Number(percentText) <= 100 ? Number(percentText) : null
    const daysText = (await r.config(PROTECTION_CONFIG.dayOptions)) ?? ''
    const days = daysText
      .split(',')
      .map((d) => d.trim())
      .filter((d) => /^\d{1,3}$/.test(d))
      .map(Number)
      .filter((d) => d >= 1 && d <= 365)
    return {
      dayOptions:
        days.length > 0 ? [...new Set(days)].sort((a, b) => a - b) : [...PROTECTION_LIMITS.defaultDayOptions],
      depositPercent: percent ?? PROTECTION_LIMITS.defaultDepositPercent,
    }
  }

  /** The order's protection row, made from the listing's terms the first time it is needed (null: none). */
  async function ensureIn(trx: Db, o: SettledOrder): Promise<ProtectionRow | null> {
    const r = protectionRepo(trx)
    const existing = await r.protection(o.order_no)
    if (existing) return existing
    if (o.completed_at === null) return null
    const terms = await r.termsOf(o.goods_id)
    if (!terms) return null
    const at = now()
    const { depositPercent } = await options(trx)
    const start = Number(o.completed_at)
    // 额外包赔 bought at checkout lengthens the period by the offer's days (the listing is locked
    // from the order on, so the offer is the one the buyer paid for)
    const extraFee = Number(o.protection_fee ?? 0)
    const extraDays = extraFee > 0 ? Number(terms.extra_days) : 0
    const days = terms.days + extraDays
    await r.insertProtection({
      order_no: o.order_no,
      goods_id: o.goods_id,
      buyer_id: o.buyer_id,
      seller_id: o.seller_id,
      days,
      deposit: depositOf(Number(o.amount), depositPercent),
      status: 'PENDING',
      starts_at: start,
      ends_at: start + days * DAY,
      created_at: at,
      updated_at: at,
      extra_days: extraDays,
      extra_fee: extraFee,
    })
    return (await r.protection(o.order_no)) ?? null
  }

  /**
   * The settlement hook (inside the trade's transaction, right after the seller's SETTLEMENT): freezes
   * the deposit from the proceeds while the period runs. Nothing for an unprotected order.
   */
  async function onSettled(trx: Trx, o: SettledOrder, at: number): Promise<void> {
    const p = await ensureIn(trx, o)
    if (!p || p.status !== 'PENDING' || p.deposit <= 0 || at >= Number(p.ends_at)) return
    const moved = await funds.move(trx, o.seller_id, {
      type: 'PROTECTION_FREEZE',
      available: -p.deposit,
      frozen: p.deposit,
      orderNo: o.order_no,
      remark: `包赔保证金冻结（${p.days} 天）`,
      at,
    })
    if (!moved) throw new Error('protection deposit freeze failed')
    if (
      !(await protectionRepo(trx).updateProtection(
        p.id,
        { status: 'PENDING', held: 0 },
        { status: 'ACTIVE', held: p.deposit, at },
      ))
    )
      throw new Error('protection changed during the freeze')
  }

  async function toClaim(c: ClaimRow): Promise<ProtectionClaim> {
    return {
      claimId: Number(c.id),
      orderNo: c.order_no,
      reason: c.reason,
      reasonLabel: PROTECTION_CLAIM_REASON_LABELS[c.reason] ?? c.reason,
      description: c.description,
      images: await deps.images.byIds(JSON.parse(c.image_ids) as string[]),
      status: c.status,
      paidAmount: Number(c.paid_amount),
      owedAmount: Number(c.owed_amount),
      rejectReason: c.reject_reason,
      createdAt: Number(c.created_at),
      decidedAt: c.decided_at === null ? null : Number(c.decided_at),
    }
  }

  function protectionView(p: ProtectionRow) {
    return {
      orderNo: p.order_no,
      days: p.days,
      status: p.status,
      deposit: p.deposit,
      depositHeld: p.deposit_held,
      extraDays: p.extra_days,
      extraFee: p.extra_fee,
      startsAt: Number(p.starts_at),
      endsAt: Number(p.ends_at),
    }
  }

  async function staffClaim(c: ClaimRow): Promise<StaffClaim> {
    const [o, p] = await Promise.all([trade.orderForRuling(c.order_no), repo.protection(c.order_no)])
    if (!o || !p) throw new Error(`claim ${c.id} without its order or protection`)
    return {
      ...(await toClaim(c)),
      buyerId: c.buyer_id,
      buyerName: c.buyer_name,
      sellerId: c.seller_id,
      sellerName: c.seller_name,
      goodsId: o.goods_id,
      goodsTitle: o.title,
      orderAmount: Number(o.amount),
      orderStatus: o.status,
      protection: protectionView(p),
    }
  }

  const approvedOf = (c: { paid_amount: number; owed_amount: number }) =>
    Number(c.paid_amount) + Number(c.owed_amount)

  return {
    deps,
    db,
    funds,
    trade,
    now,
    repo,
    notify,
    options,
    ensureIn,
    onSettled,
    toClaim,
    protectionView,
    staffClaim,
    approvedOf,
  }
}

export type ProtectionCore = ReturnType<typeof protectionCore>
