/**
 * 包赔 staff decisions (console 包赔理赔, docs/recovery-protection.md): the claim list and detail, and
 * approving (deposit first, then the seller's available balance, the rest owed) or rejecting a claim,
 * with the money, the claim and its op_logs row in one transaction and both parties' messages after.
 */
import { badRequest, notFound } from '../../http/errors'
import type { ClaimListQuery, DecideClaimBody, StaffClaim } from '../../../shared/api'
import type { Page } from '../../db/paging'
import { yuan } from '../funds/numbers'
import type { Db } from '../../db'
import { record, type Actor, type OpEntry } from '../oplog/service'
import { CLAIM_NOT_FOUND, type ProtectionCore } from './core'
import { protectionRepo } from './repo'

export function staffClaims(core: ProtectionCore) {
  const { db, funds, trade, now, repo, notify, staffClaim, approvedOf } = core
  const staff = {
    async list(q: ClaimListQuery): Promise<Page<StaffClaim>> {
      const { rows, total } = await repo.page(q)
      return { rows: await Promise.all(rows.map(staffClaim)), total }
    },

    async detail(claimId: number): Promise<StaffClaim> {
      const c = await repo.claim(claimId)
      if (!c) throw notFound(CLAIM_NOT_FOUND)
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
      if (!c) throw notFound(CLAIM_NOT_FOUND)
      if (c.status !== 'OPEN') throw badRequest('该理赔已处理')
      const reason = (body.reason ?? '').trim()
      const o = await trade.orderForRuling(c.order_no)
      if (!o) throw new Error(`claim ${c.id} without its order`)
      const at = now()
      /** the decision on the claim and its log row; 该理赔已处理 when another decision came first */
      const close = async (
        trx: Db,
        decision: Omit<
          Parameters<ReturnType<typeof protectionRepo>['closeClaim']>[1],
          'decided_by' | 'decided_at'
        >,
        log: Pick<OpEntry, 'action' | 'before' | 'after' | 'detail'>,
      ) => {
        const closed = await protectionRepo(trx).closeClaim(c.id, {
          ...decision,
          decided_by: actor.userId,
          decided_at: at,
        })
        if (!closed) throw badRequest('该理赔已处理')
        await record(trx, { actor, module: 'trade', target: c.id, ...log, at })
      }
      if (!body.approve) {
        if (!reason) throw badRequest('请填写驳回原因')
        await db.transaction().execute(async (trx) => {
          await close(
            trx,
            { status: 'REJECTED', reject_reason: reason },
            {
              action: 'protectionReject',
              before: { status: 'OPEN' },
              after: { status: 'REJECTED', reason },
              detail: `${c.order_no} ${reason}`,
            },
          )
        })
        const text = `订单 ${c.order_no} 的包赔理赔申请已驳回：${reason}`
        await notify(c.buyer_id, '包赔理赔已驳回', text)
        await notify(c.seller_id, '包赔理赔已驳回', `${text}。保证金将在包赔期满后解冻。`)
        return staff.detail(c.id)
      }
      const amount = body.amount
      if (amount === undefined) throw badRequest('请填写赔付金额')
      if (o.status !== 'COMPLETED' && o.status !== 'SETTLED')
        throw badRequest('订单当前状态不能赔付，请先处理订单纠纷')
      const earlier = (await repo.claimsOf(c.order_no))
        .filter((x) => x.status === 'APPROVED')
        .reduce((sum, x) => sum + approvedOf(x), 0)
      const cap = Number(o.amount) - earlier
      if (amount > cap)
        throw badRequest(
          `赔付金额不能超过订单实付金额${earlier > 0 ? '（扣除已赔付部分）' : ''} ${yuan(cap)}`,
        )
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
            throw badRequest('保证金状态已变化，请刷新后重试')
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
          if (!ok) throw badRequest('卖家余额已变化，请刷新后重试')
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
          // a payout to the buyer returns the way the order was paid: its channel part to the channel
          await core.deps.events?.publish(trx, 'order.refunded', {
            orderNo: c.order_no,
            buyerId: c.buyer_id,
            amount: total,
            at,
          })
        }
        const owed = amount - total
        await close(
          trx,
          {
            status: 'APPROVED',
            reject_reason: reason,
            paid_amount: total,
            from_deposit: fromDeposit,
            from_balance: fromBalance,
            owed_amount: owed,
          },
          {
            action: 'protectionApprove',
            before: { status: 'OPEN', depositHeld: p?.deposit_held ?? 0 },
            after: { status: 'APPROVED', amount, fromDeposit, fromBalance, owed },
            detail: `${c.order_no} ${yuan(amount)}${reason ? ` ${reason}` : ''}`,
          },
        )
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
      return staff.detail(c.id)
    },
  }
  return staff
}
