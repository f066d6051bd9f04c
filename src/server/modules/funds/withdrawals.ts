/**
 * Withdrawals: the money is frozen at once (WITHDRAW_FREEZE) and staff decide — or, to an Alipay
 * account at or under the 参数设置 threshold `funds.withdraw.autoApproveMax`, nobody does. Rejected:
 * the money returns with a reason the user reads (WITHDRAW_RETURN). Approved to an Alipay account
 * (where the install can pay out): PAYING, paid by the pay module's Alipay transfer, and the payout's
 * final event decides — PAID (WITHDRAW_DONE: the frozen money leaves) or FAILED (WITHDRAW_RETURN with
 * the provider's reason). Approved to a bank card: APPROVED, the money leaves at once (WITHDRAW_DONE)
 * and staff transfer it by hand. docs/payments.md, "Payouts". The payee account is a bank card or an
 * Alipay account (src/shared/rules/payee-account.ts), masked for the user, in full for staff; the
 * payee's name must be the user's verified real name.
 */
import type {
  CreateWithdrawBody,
  DecideWithdrawBody,
  HeldTopup,
  WithdrawInfo,
  Withdrawal,
} from '../../../shared/api'
import type { Selectable, Transaction } from 'kysely'
import type { Page } from '../../db/paging'
import type { Database } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import {
  maskPayeeAccount,
  normalizePayeeAccount,
  payeeAccountProblem,
  type StoredPayeeKind,
} from '../../../shared/rules/payee-account'
import { heldTopupNote, TOPUP_HOLD_DEFAULT_HOURS, TOPUP_HOLD_KEY } from '../../../shared/rules/withdraw-quote'
import { chinaDateTime } from '../common/exports'
import { businessNo, FUNDS_LIMITS, yuan } from './numbers'
import { fundsRepo, type FundsRepo } from './repo'
import type { FundsDeps } from './service'
import { record, type Actor } from '../oplog/service'
import type { PayoutFinal } from '../events/domain'

/** the 参数设置 key of the automatic approval threshold (fen; 0: every withdrawal waits for staff) */
export const AUTO_APPROVE_MAX_KEY = 'funds.withdraw.autoApproveMax'
/** a withdrawal PAYING this long without a payout row is sent again (the process died in between) */
const RESUME_AFTER_MS = 60_000

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

  /** An Alipay withdrawal is paid by a transfer where the install can pay out (else by staff, by hand). */
  const paidOut = (w: { account_kind: StoredPayeeKind; payee_name: string }) =>
    w.account_kind === 'ALIPAY' && w.payee_name !== '' && (deps.pay?.canPayOut('ALIPAY') ?? false)

  /**
   * Hands a PAYING withdrawal to the pay module: idempotent by the withdrawal number (one payout per
   * withdrawal). A failure here leaves it PAYING for `resumePayouts`.
   */
  async function sendPayout(w: Selectable<Database['withdrawals']>) {
    try {
      await deps.pay!.payout({
        biz: w.withdraw_no,
        channel: 'ALIPAY',
        amount: Number(w.amount),
        account: w.account,
        name: w.payee_name,
        remark: `提现 ${w.withdraw_no}`,
      })
    } catch (err) {
      deps.log?.(err, `funds: payout of ${w.withdraw_no} not sent`)
    }
  }

  async function autoApproveMax(): Promise<number> {
    const value = Number((await deps.configValue?.(AUTO_APPROVE_MAX_KEY))?.trim() || 0)
    return Number.isSafeInteger(value) && value > 0 ? value : 0
  }

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
      // the payee's name: the user's own verified real name (Alipay checks it against the account)
      const payeeName = body.payeeName.trim().replace(/\s+/g, '')
      if (deps.isVerifiedName && !(await deps.isVerifiedName(userId, payeeName)))
        throw badRequest('收款人姓名须与您实名认证的姓名一致', 'PAYEE_NAME_MISMATCH')
      const hold = await topupHoldHours(deps)
      const masked = maskPayeeAccount(body.accountKind, account)
      const at = now()
      const withdrawNo = businessNo('W', at)
      // at or under the threshold staff set, an Alipay withdrawal is paid out at once
      const auto =
        paidOut({ account_kind: body.accountKind, payee_name: payeeName }) &&
        body.amount <= (await autoApproveMax())
      // the payment password is checked in the withdrawal's own transaction (one commit)
      await parts.withPayPassword(userId, body.payPassword, async (trx) => {
        const tx = fundsRepo(trx)
        // the top-up hold: unspent top-up money goes back to its channel only (read under the wallet's lock)
        const held = (await heldTopups(tx, userId))(hold)
        const unspent = held.reduce((sum, t) => sum + t.unspent, 0)
        const available = Number((await tx.wallet(userId))?.available ?? 0)
        if (unspent > 0 && body.amount > available - unspent) {
          const first = held[0]!
          const when =
            first.refundableAt <= at
              ? '现在即可原路退回'
              : `最早 ${chinaMinute(first.refundableAt)} 起可原路退回`
          throw badRequest(
            `提现金额超出可提现余额 ${yuan(Math.max(0, available - unspent))}：${heldTopupNote(unspent)}（${when}）`,
            'TOPUP_HELD',
          )
        }
        await tx.insertWithdrawal({
          withdraw_no: withdrawNo,
          user_id: userId,
          amount: body.amount,
          account,
          account_kind: body.accountKind,
          status: auto ? 'PAYING' : 'PENDING',
          remark: '',
          payee_name: payeeName,
          held_topup: unspent,
          name_checked: deps.isVerifiedName ? 1 : 0,
          created_at: at,
          decided_at: auto ? at : null,
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
      if (auto) await sendPayout((await repo.withdrawal(withdrawNo))!)
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
      // approved to an Alipay account: PAYING, the money stays frozen until the transfer's outcome
      const transfer = body.approve && paidOut(row)
      const status = !body.approve ? 'REJECTED' : transfer ? 'PAYING' : 'APPROVED'
      await db.transaction().execute(async (trx) => {
        const tx = fundsRepo(trx)
        if (!(await tx.decideWithdrawal(body.withdrawNo, status, staffId, reason, at)))
          throw badRequest('该提现申请已处理')
        if (!transfer) {
          const moved = await tx.move(row.user_id, {
            type: body.approve ? 'WITHDRAW_DONE' : 'WITHDRAW_RETURN',
            available: body.approve ? 0 : amount,
            frozen: -amount,
            withdrawNo: body.withdrawNo,
            remark: body.approve ? '提现已打款' : `提现被驳回：${reason}`,
            at,
          })
          if (!moved) throw new Error('withdrawal frozen balance missing')
        }
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
      // the transfer's outcome tells the user (payoutPaid / payoutFailed)
      if (transfer) return sendPayout({ ...row, status, decided_at: at })
      await parts.notify(
        row.user_id,
        body.approve ? '提现成功' : '提现被驳回',
        body.approve
          ? `您的提现 ${yuan(amount)} 已打款至 ${masked}，提现单号 ${body.withdrawNo}。`
          : `您的提现 ${yuan(amount)}（提现单号 ${body.withdrawNo}）被驳回，金额已退回可用余额。驳回原因：${reason}`,
      )
    },

    /** 'payout.paid' (within the payout's transaction): the frozen money leaves. */
    async payoutPaid(trx: Transaction<Database>, e: PayoutFinal) {
      const tx = fundsRepo(trx)
      const row = await finishing(tx, e, 'PAID', '')
      const moved = await tx.move(row.user_id, {
        type: 'WITHDRAW_DONE',
        available: 0,
        frozen: -e.amount,
        withdrawNo: e.biz,
        remark: '提现已到账（支付宝转账）',
        at: e.at,
      })
      if (!moved) throw new Error('withdrawal frozen balance missing')
    },

    /** 'payout.failed' (within the payout's transaction): the money returns to the balance. */
    async payoutFailed(trx: Transaction<Database>, e: PayoutFinal & { reason: string }) {
      const tx = fundsRepo(trx)
      const row = await finishing(tx, e, 'FAILED', e.reason)
      const moved = await tx.move(row.user_id, {
        type: 'WITHDRAW_RETURN',
        available: e.amount,
        frozen: -e.amount,
        withdrawNo: e.biz,
        remark: `提现打款失败：${e.reason}`,
        at: e.at,
      })
      if (!moved) throw new Error('withdrawal frozen balance missing')
    },

    /** After a payout's final state committed: the user reads the outcome (and why it failed). */
    async tellPayout(e: PayoutFinal & { reason?: string }) {
      const row = await repo.withdrawal(e.biz)
      if (!row) return
      const masked = maskPayeeAccount(row.account_kind, row.account)
      await parts.notify(
        row.user_id,
        e.reason === undefined ? '提现成功' : '提现打款失败',
        e.reason === undefined
          ? `您的提现 ${yuan(e.amount)} 已通过支付宝转账至 ${masked}，提现单号 ${e.biz}。`
          : `您的提现 ${yuan(e.amount)}（提现单号 ${e.biz}）打款失败，金额已退回可用余额。原因：${e.reason}`,
      )
    },

    /**
     * Part of the job `funds-payouts`: withdrawals PAYING for a while are handed to the pay module
     * again — nothing is sent when their payout exists (the pay module polls it); one whose process
     * died between the approval and the payout's row is sent now.
     */
    async resumePayouts(): Promise<number> {
      if (!deps.pay?.canPayOut('ALIPAY')) return 0
      const rows = await repo.payingWithdrawals(now() - RESUME_AFTER_MS, 50)
      for (const row of rows) await sendPayout(row)
      return rows.length
    },

    /**
     * The withdrawal form's figures (docs/trading-rules.md, "Withdrawals"): what may go to an account
     * (the balance less unspent top-ups), the unspent top-ups with the time each may go back to its
     * channel, the inputs of the fee and arrival (shared/rules/withdraw-quote.ts) and the real name.
     */
    async withdrawInfo(userId: number): Promise<WithdrawInfo> {
      const [wallet, held, hold, autoMax, realName] = await Promise.all([
        repo.wallet(userId),
        heldTopups(repo, userId),
        topupHoldHours(deps),
        autoApproveMax(),
        deps.realNameOf ? deps.realNameOf(userId) : Promise.resolve(null),
      ])
      const available = Number(wallet?.available ?? 0)
      const unspent = held(hold).reduce((sum, t) => sum + t.unspent, 0)
      const at = now()
      return {
        available,
        withdrawable: Math.max(0, available - unspent),
        heldTopups: held(hold),
        refundableNow: held(hold)
          .filter((t) => t.refundableAt <= at)
          .reduce((sum, t) => sum + t.unspent, 0),
        holdHours: hold,
        autoApproveMax: autoMax,
        alipayPayout: deps.pay?.canPayOut('ALIPAY') ?? false,
        realName,
        at,
      }
    },
  }
}

/** The 参数设置 top-up hold, hours (default 24; a bad value: the default). */
export async function topupHoldHours(deps: Pick<FundsDeps, 'configValue'>): Promise<number> {
  const raw = (await deps.configValue?.(TOPUP_HOLD_KEY))?.trim()
  const value = Number(raw || TOPUP_HOLD_DEFAULT_HOURS)
  return Number.isFinite(value) && value >= 0 && value <= 24 * 365 ? value : TOPUP_HOLD_DEFAULT_HOURS
}

/** The user's unspent top-ups (oldest first), with when each may go back to its channel under a hold. */
export async function heldTopups(repo: FundsRepo, userId: number) {
  const rows = await repo.unspentTopups(userId)
  return (holdHours: number): HeldTopup[] =>
    rows.map((r) => ({
      topupNo: r.topup_no,
      channel: r.channel,
      unspent: Number(r.unspent),
      paidAt: Number(r.paid_at ?? 0),
      refundableAt: Number(r.paid_at ?? 0) + Math.round(holdHours * 3_600_000),
    }))
}

/** A time in a refusal: China time to the minute (2026-11-29 18:52). */
export const chinaMinute = (at: number) => chinaDateTime(at).slice(0, 16)

/** A withdrawal's payout ended: PAYING → PAID | FAILED once, or the payout's transaction rolls back. */
async function finishing(tx: FundsRepo, e: PayoutFinal, status: 'PAID' | 'FAILED', remark: string) {
  const row = await tx.withdrawal(e.biz)
  if (!row || Number(row.amount) !== e.amount || !(await tx.finishWithdrawal(e.biz, status, remark)))
    throw new Error(`payout ${e.payoutNo}: withdrawal ${e.biz} is not PAYING ${e.amount}`)
  return row
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
    payee_name: string
    held_topup: number
    name_checked: number
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
    failReason: r.status === 'FAILED' ? r.remark : '',
    payeeName: r.payee_name,
    heldTopup: Number(r.held_topup),
    nameChecked: Number(r.name_checked) === 1,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  }
}
