/**
 * Withdrawals: the money is frozen at once (WITHDRAW_FREEZE) and staff decide — paid out
 * (WITHDRAW_DONE) or rejected with a reason the user reads (WITHDRAW_RETURN). The payee account is a
 * bank card or an Alipay account (src/shared/rules/payee-account.ts), masked for the user, in full
 * for staff who pay it out.
 */
import type { CreateWithdrawBody, DecideWithdrawBody, Withdrawal } from '../../../shared/api'
import type { Transaction } from 'kysely'
import type { Page } from '../../db/paging'
import type { Database } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import {
  maskPayeeAccount,
  normalizePayeeAccount,
  payeeAccountProblem,
  type StoredPayeeKind,
} from '../../../shared/rules/payee-account'
import { businessNo, FUNDS_LIMITS, yuan } from './numbers'
import { fundsRepo, type FundsRepo } from './repo'
import type { FundsDeps } from './service'
import { record, type Actor } from '../oplog/service'

export function withdrawalService(
  deps: FundsDeps,
  parts: {
    repo: FundsRepo
    withPayPassword: <T>(
      userId: number,
      cipherText: string,
      fn: (trx: Transaction<Database>) => Promise<T>,
    ) => Promise<T>
    notify: (userId: number, title: string, content: string) => Promise<void>
  },
) {
  const { db, now } = deps
  const { repo } = parts
  return {
    async createWithdrawal(userId: number, body: CreateWithdrawBody): Promise<Withdrawal> {
      // money leaves the platform only to a verified adult (docs/account-security.md)
      if (deps.requireRealName) await deps.requireRealName(userId, '提现')
      if (body.amount < FUNDS_LIMITS.withdrawMin || body.amount > FUNDS_LIMITS.withdrawMax)
        throw badRequest(
          `提现金额须在 ${yuan(FUNDS_LIMITS.withdrawMin)} 至 ${yuan(FUNDS_LIMITS.withdrawMax)} 之间`,
        )
      // a bank card (16–19 digits, Luhn) or an Alipay account (mainland mobile or e-mail)
      const account = normalizePayeeAccount(body.accountKind, body.account)
      const problem = payeeAccountProblem(body.accountKind, account)
      if (problem) throw badRequest(problem)
      const masked = maskPayeeAccount(body.accountKind, account)
      const at = now()
      const withdrawNo = businessNo('W', at)
      // the payment password is checked in the withdrawal's own transaction (one commit)
      await parts.withPayPassword(userId, body.payPassword, async (trx) => {
        const tx = fundsRepo(trx)
        await tx.insertWithdrawal({
          withdraw_no: withdrawNo,
          user_id: userId,
          amount: body.amount,
          account,
          account_kind: body.accountKind,
          status: 'PENDING',
          remark: '',
          created_at: at,
          decided_at: null,
          decided_by: null,
        })
        const moved = await tx.move(userId, {
          type: 'WITHDRAW_FREEZE',
          available: -body.amount,
          frozen: body.amount,
          withdrawNo,
          remark: `提现申请，到账账户 ${masked}`,
          at,
        })
        if (!moved) throw badRequest('可用余额不足')
      })
      return toWithdrawal(await repo.withdrawalView(withdrawNo), false)
    },

    async withdrawals(
      userId: number,
      q: { pageNum?: number; pageSize?: number; status?: string; all?: boolean },
    ): Promise<Page<Withdrawal>> {
      const all = q.all === true && (await deps.isStaff(userId))
      if (q.all && !all) throw forbidden()
      const page = await repo.withdrawalPage(all ? null : userId, q)
      // staff pay the money out: they see the full account; the user sees it masked
      return { total: page.total, rows: page.rows.map((row) => toWithdrawal(row, all)) }
    },

    /** Staff: every withdrawal, the account in full. */
    async staffWithdrawals(q: {
      pageNum?: number
      pageSize?: number
      status?: string
    }): Promise<Page<Withdrawal>> {
      const page = await repo.withdrawalPage(null, q)
      return { total: page.total, rows: page.rows.map((row) => toWithdrawal(row, true)) }
    },

    /**
     * Staff (permission-declared endpoints): pay out or reject with a reason; the decision, its ledger
     * row and its operation-log row are one transaction.
     */
    async decideWithdrawal(actor: Actor, body: DecideWithdrawBody) {
      const staffId = actor.userId
      // a rejection always says why (the user reads it in the withdrawal list and the message)
      const reason = body.approve ? '' : (body.reason ?? '').trim()
      if (!body.approve && !reason) throw badRequest('驳回提现须填写驳回原因')
      const row = await repo.withdrawal(body.withdrawNo)
      if (!row) throw notFound('提现申请不存在')
      const at = now()
      const amount = Number(row.amount)
      const masked = maskPayeeAccount(row.account_kind, row.account)
      await db.transaction().execute(async (trx) => {
        const tx = fundsRepo(trx)
        const status = body.approve ? 'APPROVED' : 'REJECTED'
        if (!(await tx.decideWithdrawal(body.withdrawNo, status, staffId, reason, at)))
          throw badRequest('该提现申请已处理')
        const moved = await tx.move(row.user_id, {
          type: body.approve ? 'WITHDRAW_DONE' : 'WITHDRAW_RETURN',
          available: body.approve ? 0 : amount,
          frozen: -amount,
          withdrawNo: body.withdrawNo,
          remark: body.approve ? '提现已打款' : `提现被驳回：${reason}`,
          at,
        })
        if (!moved) throw new Error('withdrawal frozen balance missing')
        await record(trx, {
          actor,
          module: 'funds',
          action: body.approve ? 'withdraw-approve' : 'withdraw-reject',
          target: body.withdrawNo,
          before: { status: 'PENDING', amount, userId: row.user_id },
          after: { status },
          detail: reason,
          at,
        })
      })
      await parts.notify(
        row.user_id,
        body.approve ? '提现成功' : '提现被驳回',
        body.approve
          ? `您的提现 ${yuan(amount)} 已打款至 ${masked}，提现单号 ${body.withdrawNo}。`
          : `您的提现 ${yuan(amount)}（提现单号 ${body.withdrawNo}）被驳回，金额已退回可用余额。驳回原因：${reason}`,
      )
    },
  }
}

/** A withdrawal as the API answers it: the account masked, in full only for staff (`full`). */
function toWithdrawal(
  r: {
    withdraw_no: string
    user_id: number
    nick_name: string
    amount: number
    account: string
    account_kind: StoredPayeeKind
    status: Withdrawal['status']
    remark: string
    created_at: number
    decided_at: number | null
  },
  full: boolean,
): Withdrawal {
  return {
    withdrawNo: r.withdraw_no,
    userId: r.user_id,
    userName: r.nick_name,
    amount: Number(r.amount),
    accountKind: r.account_kind,
    account: maskPayeeAccount(r.account_kind, r.account),
    ...(full ? { fullAccount: r.account } : {}),
    status: r.status,
    rejectReason: r.status === 'REJECTED' ? r.remark : '',
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  }
}
