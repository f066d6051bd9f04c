/**
 * 包赔 (recovery protection; the rules are in docs/recovery-protection.md). A seller backs an account
 * listing with a period (days of the parameter protection.dayOptions). When the order's money reaches
 * the seller (settlement, inside the trade's transaction) the deposit — protection.depositPercent of
 * the price — is frozen from those proceeds; the sweeper gives back what is left when the period
 * (from the buyer's confirmation) ends without an open claim. The buyer files claims; staff approve
 * (paid from the deposit first, then the seller's available balance, the rest recorded as owed) or
 * reject. Orders are read through the trade service, money moves through the funds service, each
 * staff decision writes its op_logs row in the same transaction.
 */
import {
  Code,
  PROTECTION_CLAIM_REASON_LABELS,
  PROTECTION_CONFIG,
  PROTECTION_LIMITS,
  type ClaimListQuery,
  type DecideClaimBody,
  type FileClaimBody,
  type GoodsType,
  type OrderProtection,
  type ProtectionClaim,
  type ProtectionOptions,
  type ProtectionTerms,
  type StaffClaim,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { ApiError } from '../../plugins/envelope'
import type { FundsService } from '../funds/service'
import { yuan } from '../funds/numbers'
import type { GoodsService } from '../goods/service'
import type { ImageService } from '../image/service'
import type { MessageService } from '../message/service'
import { record, type Actor } from '../oplog/service'
import type { TradeService } from '../trade/service'
import type { Trx } from '../trade/core'
import { protectionRepo, type ClaimRow, type ProtectionRow } from './repo'

export const DAY = 24 * 60 * 60 * 1000
const bad = (msg: string) => new ApiError(Code.BAD_REQUEST, msg)
const missing = () => new ApiError(Code.NOT_FOUND, '理赔申请不存在')

/** The deposit of a price at a percent, in fen (rounded to the fen, never more than the price). */
export function depositOf(amount: number, percent: number): number {
  return Math.min(amount, Math.round((amount * percent) / 100))
}

/** A settled (or completing) order as the settlement hook receives it. */
export interface SettledOrder {
  order_no: string
  goods_id: number
  buyer_id: number
  seller_id: number
  amount: number
  completed_at: number | null
}

export interface ProtectionDeps {
  db: Db
  funds: Pick<FundsService, 'move' | 'availableIn'>
  trade: Pick<TradeService, 'detail' | 'orderForRuling' | 'settleEarly'>
  goods: Pick<GoodsService, 'briefs'>
  images: Pick<ImageService, 'attach' | 'byIds'>
  messages?: Pick<MessageService, 'create'>
  now: () => number
}

export function protectionService(deps: ProtectionDeps) {
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
    await r.insertProtection({
      order_no: o.order_no,
      goods_id: o.goods_id,
      buyer_id: o.buyer_id,
      seller_id: o.seller_id,
      days: terms.days,
      deposit: depositOf(Number(o.amount), depositPercent),
      status: 'PENDING',
      starts_at: start,
      ends_at: start + terms.days * DAY,
      created_at: at,
      updated_at: at,
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
    options: () => options(),
    onSettled,

    /**
     * The goods module, inside a publish's or an edit's transaction: sets (days > 0) or removes (0)
     * the listing's protection; undefined leaves it as it is. Accounts only, days of the parameter.
     */
    async setTerms(
      trx: Db,
      goodsId: number,
      sellerId: number,
      goodsType: GoodsType,
      days: number | undefined,
    ): Promise<void> {
      if (days === undefined) return
      if (days > 0) {
        if (goodsType !== 'ACCOUNT') throw bad('只有账号类商品可以设置包赔')
        const { dayOptions } = await options(trx)
        if (!dayOptions.includes(days)) throw bad(`包赔期限只能选择 ${dayOptions.join(' / ')} 天`)
      }
      await protectionRepo(trx).setTerms(goodsId, sellerId, days, now())
    },

    /** Public: the protection a listing offers (days 0: none). */
    async terms(goodsId: number): Promise<ProtectionTerms> {
      const [row, opts, [brief]] = await Promise.all([
        repo.termsOf(goodsId),
        options(),
        deps.goods.briefs([goodsId]),
      ])
      const days = row && brief?.goodsType === 'ACCOUNT' ? row.days : 0
      return {
        goodsId,
        days,
        depositPercent: opts.depositPercent,
        deposit: days > 0 && brief ? depositOf(brief.price, opts.depositPercent) : 0,
      }
    },

    /** An order's protection and its claims, for its buyer, seller or staff (null: none). */
    async order(userId: number, orderNo: string): Promise<OrderProtection | null> {
      const o = await trade.detail(userId, orderNo)
      const completed = (o.status === 'COMPLETED' || o.status === 'SETTLED') && o.completedAt !== null
      let p: ProtectionRow | null | undefined = await repo.protection(orderNo)
      if (!p && completed)
        p = await db.transaction().execute((trx) =>
          ensureIn(trx, {
            order_no: o.orderNo,
            goods_id: o.goodsId,
            buyer_id: o.buyerId,
            seller_id: o.sellerId,
            amount: o.amount,
            completed_at: o.completedAt,
          }),
        )
      if (!p) {
        // not completed yet: the listing's terms, the period not started
        const terms = await repo.termsOf(o.goodsId)
        if (!terms || completed || o.goodsType !== 'ACCOUNT') return null
        const { depositPercent } = await options()
        return {
          orderNo,
          days: terms.days,
          status: 'PENDING',
          deposit: depositOf(o.amount, depositPercent),
          depositHeld: 0,
          startsAt: null,
          endsAt: null,
          canClaim: false,
          claims: [],
        }
      }
      const claims = await repo.claimsOf(orderNo)
      const open = claims.some((c) => c.status === 'OPEN')
      return {
        ...protectionView(p),
        canClaim:
          o.myRole === 'buyer' &&
          completed &&
          !open &&
          now() < Number(p.ends_at) &&
          (p.status === 'PENDING' || p.status === 'ACTIVE'),
        claims: await Promise.all(claims.map(toClaim)),
      }
    },

    /** The buyer files a claim within the period; one open claim per order. */
    async fileClaim(userId: number, body: FileClaimBody): Promise<ProtectionClaim> {
      const o = await trade.detail(userId, body.orderNo)
      if (o.myRole !== 'buyer') throw new ApiError(Code.FORBIDDEN, '只有买家可以申请包赔理赔')
      if ((o.status !== 'COMPLETED' && o.status !== 'SETTLED') || o.completedAt === null)
        throw bad('订单确认收货后才能申请包赔理赔')
      const p = await db.transaction().execute((trx) =>
        ensureIn(trx, {
          order_no: o.orderNo,
          goods_id: o.goodsId,
          buyer_id: o.buyerId,
          seller_id: o.sellerId,
          amount: o.amount,
          completed_at: o.completedAt,
        }),
      )
      if (!p) throw bad('该订单没有包赔保障')
      const at = now()
      if (at >= Number(p.ends_at) || (p.status !== 'PENDING' && p.status !== 'ACTIVE'))
        throw bad('包赔期限已过，不能再申请理赔')
      const description = body.description.trim()
      if (!description) throw bad('情况说明不能为空')
      const imageIds = body.imageIds ?? []
      if (new Set(imageIds).size !== imageIds.length) throw bad('证据截图不能重复')
      if ((await repo.claimsOf(o.orderNo)).some((c) => c.status === 'OPEN'))
        throw bad('该订单已有处理中的理赔申请')
      let id: number
      try {
        id = await db.transaction().execute(async (trx) => {
          await deps.images.attach(trx, userId, null, imageIds)
          return protectionRepo(trx).insertClaim({
            order_no: o.orderNo,
            buyer_id: userId,
            seller_id: o.sellerId,
            reason: body.reason,
            description,
            image_ids: JSON.stringify(imageIds),
            status: 'OPEN',
            open_order_no: o.orderNo,
            decided_by: null,
            decided_at: null,
            created_at: at,
          })
        })
      } catch (err) {
        // two claims at once: the unique open_order_no keeps one
        if ((await repo.claimsOf(o.orderNo)).some((c) => c.status === 'OPEN'))
          throw bad('该订单已有处理中的理赔申请')
        throw err
      }
      await notify(userId, '包赔理赔已提交', `订单 ${o.orderNo} 的包赔理赔申请已提交，平台将尽快处理。`)
      await notify(
        o.sellerId,
        '买家申请了包赔理赔',
        `订单 ${o.orderNo}（${o.goodsTitle}）的买家申请了包赔理赔，平台审核期间保证金不会解冻。`,
      )
      return toClaim((await repo.claim(id))!)
    },

    async list(q: ClaimListQuery): Promise<Page<StaffClaim>> {
      const { rows, total } = await repo.page(q)
      return { rows: await Promise.all(rows.map(staffClaim)), total }
    },

    async detail(claimId: number): Promise<StaffClaim> {
      const c = await repo.claim(claimId)
      if (!c) throw missing()
      return staffClaim(c)
    },

    /**
     * Staff decide an open claim. Approve: an amount of at most what the buyer paid less earlier
     * approvals; an order still holding its escrow is settled first (which freezes the deposit), then
     * the payout comes from the deposit, then the seller's available balance, and what neither covers
     * is recorded as owed. Reject: a reason; the deposit stays until the period ends. Money, claim and
     * op_logs row in one transaction; both parties get a message after it.
     */
    async decide(actor: Actor, body: DecideClaimBody): Promise<StaffClaim> {
      const c = await repo.claim(body.claimId)
      if (!c) throw missing()
      if (c.status !== 'OPEN') throw bad('该理赔已处理')
      const reason = (body.reason ?? '').trim()
      const o = await trade.orderForRuling(c.order_no)
      if (!o) throw new Error(`claim ${c.id} without its order`)
      const at = now()
      if (!body.approve) {
        if (!reason) throw bad('请填写驳回原因')
        await db.transaction().execute(async (trx) => {
          if (
            !(await protectionRepo(trx).closeClaim(c.id, {
              status: 'REJECTED',
              reject_reason: reason,
              decided_by: actor.userId,
              decided_at: at,
            }))
          )
            throw bad('该理赔已处理')
          await record(trx, {
            actor,
            module: 'trade',
            action: 'protectionReject',
            target: c.id,
            before: { status: 'OPEN' },
            after: { status: 'REJECTED', reason },
            detail: `${c.order_no} ${reason}`,
            at,
          })
        })
        const text = `订单 ${c.order_no} 的包赔理赔申请已驳回：${reason}`
        await notify(c.buyer_id, '包赔理赔已驳回', text)
        await notify(c.seller_id, '包赔理赔已驳回', `${text}。保证金将在包赔期满后解冻。`)
        return this.detail(c.id)
      }
      const amount = body.amount
      if (amount === undefined) throw bad('请填写赔付金额')
      if (o.status !== 'COMPLETED' && o.status !== 'SETTLED')
        throw bad('订单当前状态不能赔付，请先处理订单纠纷')
      const earlier = (await repo.claimsOf(c.order_no))
        .filter((x) => x.status === 'APPROVED')
        .reduce((sum, x) => sum + approvedOf(x), 0)
      const cap = Number(o.amount) - earlier
      if (amount > cap)
        throw bad(`赔付金额不能超过订单实付金额${earlier > 0 ? '（扣除已赔付部分）' : ''} ${yuan(cap)}`)
      const paid = await db.transaction().execute(async (trx) => {
        const r = protectionRepo(trx)
        // the escrow still held: the seller's proceeds arrive now (the hook freezes the deposit)
        if (o.status === 'COMPLETED') await trade.settleEarly(trx, c.order_no)
        const p = await r.protection(c.order_no)
        const fromDeposit = Math.min(amount, p?.deposit_held ?? 0)
        if (p && fromDeposit > 0) {
          const ok = await funds.move(trx, c.seller_id, {
            type: 'PROTECTION_PAYOUT',
            available: 0,
            frozen: -fromDeposit,
            orderNo: c.order_no,
            remark: '包赔赔付（保证金）',
            at,
          })
          if (!ok) throw new Error('payout from the deposit failed')
          const held = p.deposit_held - fromDeposit
          if (
            !(await r.updateProtection(
              p.id,
              { status: p.status, held: p.deposit_held },
              { status: p.status, held, at },
            ))
          )
            throw bad('保证金状态已变化，请刷新后重试')
        }
        const fromBalance = Math.min(amount - fromDeposit, await funds.availableIn(trx, c.seller_id))
        if (fromBalance > 0) {
          const ok = await funds.move(trx, c.seller_id, {
            type: 'PROTECTION_PAYOUT',
            available: -fromBalance,
            orderNo: c.order_no,
            remark: '包赔赔付（保证金不足，从可用余额扣除）',
            at,
          })
          if (!ok) throw bad('卖家余额已变化，请刷新后重试')
        }
        const total = fromDeposit + fromBalance
        if (total > 0) {
          const ok = await funds.move(trx, c.buyer_id, {
            type: 'PROTECTION_PAYOUT',
            available: total,
            orderNo: c.order_no,
            remark: '包赔赔付',
            at,
          })
          if (!ok) throw new Error('payout to the buyer failed')
        }
        const owed = amount - total
        if (
          !(await r.closeClaim(c.id, {
            status: 'APPROVED',
            reject_reason: reason,
            paid_amount: total,
            from_deposit: fromDeposit,
            from_balance: fromBalance,
            owed_amount: owed,
            decided_by: actor.userId,
            decided_at: at,
          }))
        )
          throw bad('该理赔已处理')
        await record(trx, {
          actor,
          module: 'trade',
          action: 'protectionApprove',
          target: c.id,
          before: { status: 'OPEN', depositHeld: p?.deposit_held ?? 0 },
          after: { status: 'APPROVED', amount, fromDeposit, fromBalance, owed },
          detail: `${c.order_no} ${yuan(amount)}${reason ? ` ${reason}` : ''}`,
          at,
        })
        return { total, fromDeposit, fromBalance, owed }
      })
      await notify(
        c.buyer_id,
        '包赔理赔已赔付',
        `订单 ${c.order_no} 的包赔理赔已通过，${yuan(paid.total)} 已赔付至您的可用余额${paid.owed > 0 ? `，另有 ${yuan(paid.owed)} 由平台向卖家追偿` : ''}。`,
      )
      await notify(
        c.seller_id,
        '包赔理赔已赔付',
        `订单 ${c.order_no} 的包赔理赔已通过，赔付 ${yuan(amount)}：保证金 ${yuan(paid.fromDeposit)}，可用余额 ${yuan(paid.fromBalance)}${paid.owed > 0 ? `，尚欠 ${yuan(paid.owed)}` : ''}。`,
      )
      return this.detail(c.id)
    },

    /**
     * Ends the periods that are over without an open claim: what is left of the deposit goes back to
     * the seller's available balance. One failing protection is logged and skipped.
     */
    async sweep(): Promise<{ released: number; failed: string[] }> {
      const due = await repo.due(now())
      const failed: string[] = []
      let released = 0
      for (const d of due) {
        try {
          const done = await db.transaction().execute(async (trx) => {
            const r = protectionRepo(trx)
            const p = await r.protection(d.order_no)
            if (!p || (p.status !== 'ACTIVE' && p.status !== 'PENDING')) return 0
            const at = now()
            if (p.deposit_held > 0) {
              const ok = await funds.move(trx, p.seller_id, {
                type: 'PROTECTION_RELEASE',
                available: p.deposit_held,
                frozen: -p.deposit_held,
                orderNo: p.order_no,
                remark: '包赔期满，保证金解冻',
                at,
              })
              if (!ok) throw new Error('deposit release failed')
            }
            const status = p.status === 'ACTIVE' ? 'RELEASED' : 'ENDED'
            if (
              !(await r.updateProtection(
                p.id,
                { status: p.status, held: p.deposit_held },
                { status, held: 0, at },
              ))
            )
              throw new Error('protection changed during the release')
            return p.deposit_held
          })
          if (done > 0) {
            released++
            const p = (await repo.protection(d.order_no))!
            await notify(
              p.seller_id,
              '包赔保证金已解冻',
              `订单 ${p.order_no} 包赔期已满，保证金 ${yuan(done)} 已解冻至您的可用余额。`,
            )
          }
        } catch (err) {
          failed.push(d.order_no)
          console.error(`[protection] sweep skipped order ${d.order_no}`, err)
        }
      }
      return { released, failed }
    },
  }
}

export type ProtectionService = ReturnType<typeof protectionService>
