/**
 * 包赔 (recovery protection; the rules are in docs/recovery-protection.md). A seller backs an account
 * listing with a period (days of the parameter protection.dayOptions). When the order's money reaches
 * the seller (settlement, inside the trade's transaction) the deposit — protection.depositPercent of
 * the price — is frozen from those proceeds; the sweeper gives back what is left when the period
 * (from the buyer's confirmation) ends without an open claim. The buyer files claims; staff approve
 * (paid from the deposit first, then the seller's available balance, the rest recorded as owed) or
 * reject. Orders are read through the trade service, money moves through the funds service, each
 * staff decision writes its op_logs row in the same transaction. The shared parts are in core.ts,
 * the staff decisions in staff.ts.
 */
import type {
  FileClaimBody,
  GoodsType,
  Order,
  OrderProtection,
  ProtectionClaim,
  ProtectionTerms,
} from '../../../shared/api'
import type { Db } from '../../db'
import { badRequest, forbidden } from '../../http/errors'
import { yuan } from '../funds/numbers'
import { depositOf, protectionCore, type ProtectionDeps } from './core'
import { protectionRepo, type ProtectionRow } from './repo'
import { staffClaims } from './staff'

export { DAY, depositOf, type ProtectionDeps, type SettledOrder } from './core'

export function protectionService(deps: ProtectionDeps) {
  const core = protectionCore(deps)
  const { db, funds, trade, now, repo, notify, options, ensureIn, toClaim, protectionView } = core

  /** The order's protection row, made now if its completion has not made it yet. */
  const ensureFor = (o: Order, completedAt: number) =>
    db.transaction().execute((trx) =>
      ensureIn(trx, {
        order_no: o.orderNo,
        goods_id: o.goodsId,
        buyer_id: o.buyerId,
        seller_id: o.sellerId,
        amount: o.amount,
        completed_at: completedAt,
        protection_fee: o.protectionFee,
      }),
    )

  return {
    options: () => options(),
    onSettled: core.onSettled,

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
      extra?: { fee: number; days: number },
    ): Promise<void> {
      if (days === undefined) {
        if (extra && (extra.fee > 0 || extra.days > 0)) throw badRequest('设置额外包赔前请先选择包赔期限')
        return
      }
      if (days > 0) {
        if (goodsType !== 'ACCOUNT') throw badRequest('只有账号类商品可以设置包赔')
        const { dayOptions } = await options(trx)
        if (!dayOptions.includes(days)) throw badRequest(`包赔期限只能选择 ${dayOptions.join(' / ')} 天`)
      }
      // 额外包赔: a fee and the days it adds, both or neither (docs/recovery-protection.md)
      if (extra && extra.fee > 0 !== extra.days > 0)
        throw badRequest('额外包赔费用和延长天数需同时填写（不提供时都填 0）')
      if (extra && extra.fee > 0 && days === 0) throw badRequest('不提供包赔的商品不能设置额外包赔')
      await protectionRepo(trx).setTerms(goodsId, sellerId, days, extra, now())
    },

    /** Public: the protection a listing offers (days 0: none). */
    async terms(goodsId: number): Promise<ProtectionTerms> {
      const [row, opts, [brief]] = await Promise.all([
        repo.termsOf(goodsId),
        options(),
        deps.goods.briefs([goodsId]),
      ])
      const days = row && brief?.goodsType === 'ACCOUNT' ? row.days : 0
      const extraFee = days > 0 && row ? Number(row.extra_fee) : 0
      return {
        goodsId,
        days,
        depositPercent: opts.depositPercent,
        deposit: days > 0 && brief ? depositOf(brief.price, opts.depositPercent) : 0,
        extra: extraFee > 0 && row ? { fee: extraFee, days: Number(row.extra_days) } : null,
      }
    },

    /**
     * At checkout the buyer adds the listing's 额外包赔 to the unpaid order (its fee joins the amount,
     * so the payment, the escrow, a refund and the settlement carry it), or takes it off again.
     */
    async extra(userId: number, orderNo: string, add: boolean): Promise<Order> {
      const o = await trade.detail(userId, orderNo)
      if (o.myRole !== 'buyer') throw forbidden()
      if (o.status !== 'UNPAID') throw badRequest('订单已不是待支付状态，不能再更改额外包赔')
      const terms = await repo.termsOf(o.goodsId)
      const fee = add && terms && o.goodsType === 'ACCOUNT' ? Number(terms.extra_fee) : 0
      if (add && fee <= 0) throw badRequest('该商品未提供额外包赔')
      const done = await db.transaction().execute((trx) => trade.setProtectionFee(trx, orderNo, fee))
      if (!done) throw badRequest('订单状态已变化，请刷新')
      return trade.detail(userId, orderNo)
    },

    /** An order's protection and its claims, for its buyer, seller or staff (null: none). */
    async order(userId: number, orderNo: string): Promise<OrderProtection | null> {
      const o = await trade.detail(userId, orderNo)
      const completedAt = o.status === 'COMPLETED' || o.status === 'SETTLED' ? o.completedAt : null
      const completed = completedAt !== null
      let p: ProtectionRow | null | undefined = await repo.protection(orderNo)
      if (!p && completed) p = await ensureFor(o, completedAt)
      if (!p) {
        // not completed yet: the listing's terms, the period not started
        const terms = await repo.termsOf(o.goodsId)
        if (!terms || completed || o.goodsType !== 'ACCOUNT') return null
        const { depositPercent } = await options()
        const extraDays = o.protectionFee > 0 ? Number(terms.extra_days) : 0
        return {
          orderNo,
          days: terms.days + extraDays,
          status: 'PENDING',
          deposit: depositOf(o.amount, depositPercent),
          depositHeld: 0,
          extraDays,
          extraFee: o.protectionFee,
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
      if (o.myRole !== 'buyer') throw forbidden('只有买家可以申请包赔理赔')
      if ((o.status !== 'COMPLETED' && o.status !== 'SETTLED') || o.completedAt === null)
        throw badRequest('订单确认收货后才能申请包赔理赔')
      const p = await ensureFor(o, o.completedAt)
      if (!p) throw badRequest('该订单没有包赔保障')
      const at = now()
      if (at >= Number(p.ends_at) || (p.status !== 'PENDING' && p.status !== 'ACTIVE'))
        throw badRequest('包赔期限已过，不能再申请理赔')
      const description = body.description.trim()
      if (!description) throw badRequest('情况说明不能为空')
      const imageIds = body.imageIds ?? []
      if (new Set(imageIds).size !== imageIds.length) throw badRequest('证据截图不能重复')
      if ((await repo.claimsOf(o.orderNo)).some((c) => c.status === 'OPEN'))
        throw badRequest('该订单已有处理中的理赔申请')
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
          throw badRequest('该订单已有处理中的理赔申请')
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

    ...staffClaims(core),

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
