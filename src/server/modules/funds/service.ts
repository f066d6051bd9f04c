/**
 * Funds: wallets (available / frozen, integer fen), the ledger, the payment password (scrypt at rest,
 * 5 wrong tries lock payment for 30 minutes, kept in the database), top-ups through a payment gateway
 * (notifications applied exactly once), withdrawals (frozen until staff decide) and the invariant.
 * Every balance change is a ledger row in the same transaction (repo.move).
 */
import {
  Code,
  LEDGER_TYPE_LABELS,
  TRADE_RULES,
  type CreateTopupBody,
  type CreateWithdrawBody,
  type DecideWithdrawBody,
  type LedgerEntry,
  type LedgerQuery,
  type SetPayPasswordBody,
  type Topup,
  type Wallet,
  type Withdrawal,
} from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { ApiError } from '../../plugins/envelope'
import { payPinProblem } from '../../../shared/rules/pay-pin'
import {
  maskPayeeAccount,
  normalizePayeeAccount,
  payeeAccountProblem,
  type StoredPayeeKind,
} from '../../../shared/rules/payee-account'
import { DEFAULT_TOPUP_RETURN, safeReturnPath } from '../../../shared/rules/return-to'
import { keyedQueue } from '../../lib/keyed-queue'
import { hashPassword, verifyPassword } from '../auth/password'
import type { PasswordCipher } from '../auth/rsa'
import { csvId } from '../common/csv'
import { chinaDateTime, csvYuan, EXPORT_MAX_ROWS, type ExportsService } from '../common/exports'
import type { MessageService } from '../message/service'
import type { PaymentGateway } from './gateway'
import { businessNo, yuan } from './numbers'
import { fundsRepo } from './repo'

export const FUNDS_LIMITS = {
  topupMin: 100,
  topupMax: 5_000_000,
  withdrawMin: 100,
  withdrawMax: 5_000_000,
} as const

const bad = (msg: string) => new ApiError(Code.BAD_REQUEST, msg)

export interface FundsDeps {
  db: Db
  cipher: PasswordCipher
  /** the login password check of the auth module (its lockout applies): throws when wrong */
  confirmLoginPassword: (userId: number, cipherText: string, ip: string) => Promise<void>
  gateways: PaymentGateway[]
  messages?: MessageService
  /** CSV exports (the desktop client downloads them) */
  exports?: ExportsService
  now: () => number
}

/** How long a payment-password check may hold its lease, and how long a caller waits for one. */
const PAY_CHECK_LEASE_MS = 10_000
const PAY_CHECK_WAIT_MS = 15_000

export function fundsService(deps: FundsDeps) {
  const { db, cipher, now } = deps
  const repo = fundsRepo(db)
  // checks of one user wait here in order (this process); the lease orders them across processes
  const payChecks = keyedQueue()

  async function takePayCheckLease(userId: number) {
    await repo.ensureWallet(userId, now())
    const started = Date.now()
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const lease = await repo.takePayCheck(userId, now(), PAY_CHECK_LEASE_MS)
      if (lease) return lease
      if (Date.now() - started > PAY_CHECK_WAIT_MS) throw bad('支付处理中，请稍后再试')
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
  const gateway = (channel: string) => {
    const found = deps.gateways.find((g) => g.channel === channel)
    if (!found) throw bad('暂不支持该支付方式')
    return found
  }

  async function notify(userId: number, title: string, content: string) {
    if (deps.messages) await deps.messages.create(userId, { title, content, messageType: 'SYSTEM' })
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
    repo,

    async wallet(userId: number): Promise<Wallet> {
      const row = await repo.wallet(userId)
      const locked = row?.pay_locked_until ? Number(row.pay_locked_until) : null
      return {
        available: Number(row?.available ?? 0),
        frozen: Number(row?.frozen ?? 0),
        inEscrowAsBuyer: await repo.escrowOf(userId, 'buyer'),
        pendingSettlement: await repo.escrowOf(userId, 'seller'),
        hasPayPassword: Boolean(row?.pay_password_hash),
        payLockedUntil: locked !== null && locked > now() ? locked : null,
      }
    },

    async ledger(userId: number, q: LedgerQuery): Promise<Page<LedgerEntry>> {
      const { rows, total } = await repo.ledgerPage(userId, q)
      return {
        total,
        rows: rows.map((r) => ({
          ledgerId: Number(r.id),
          type: r.type,
          amount: Number(r.amount),
          frozenAmount: Number(r.frozen_amount),
          availableAfter: Number(r.available_after),
          frozenAfter: Number(r.frozen_after),
          orderNo: r.order_no,
          topupNo: r.topup_no,
          withdrawNo: r.withdraw_no,
          remark: r.remark,
          createdAt: Number(r.created_at),
        })),
      }
    },

    /** My ledger (with the ledger page's filters) as a CSV export. */
    async exportLedger(userId: number, q: LedgerQuery) {
      if (!deps.exports) throw new Error('the exports service is not wired')
      const { rows } = await this.ledger(userId, { ...q, pageNum: 1, pageSize: EXPORT_MAX_ROWS })
      return deps.exports.createCsv(
        userId,
        '收支明细',
        [
          '时间',
          '类型',
          '可用余额变动(元)',
          '冻结变动(元)',
          '可用余额(元)',
          '冻结余额(元)',
          '关联单号',
          '备注',
        ],
        rows.map((e) => [
          chinaDateTime(e.createdAt),
          LEDGER_TYPE_LABELS[e.type],
          csvYuan(e.amount),
          csvYuan(e.frozenAmount),
          csvYuan(e.availableAfter),
          csvYuan(e.frozenAfter),
          csvId(e.orderNo ?? e.topupNo ?? e.withdrawNo ?? ''),
          e.remark,
        ]),
      )
    },

    async setPayPassword(userId: number, body: SetPayPasswordBody, ip: string) {
      await deps.confirmLoginPassword(userId, body.loginPassword, ip)
      const pay = cipher.decrypt(body.payPassword)
      const problem = pay === null ? '支付密码必须是 6 位数字' : payPinProblem(pay)
      if (problem) throw bad(problem)
      await repo.setPayPassword(userId, await hashPassword(pay!), now())
    },

    /**
     * Checks the payment password (RSA ciphertext). Only wrong answers count: 5 in a row lock payment
     * for 30 minutes. Checks of one user run one at a time (a lease in the wallet row, waited for in
     * order), so guesses that arrive at once are each counted before the next is looked at, and ten
     * right answers at once all pass.
     */
    async checkPayPassword(userId: number, cipherText: string) {
      await payChecks.run(userId, async () => {
        const lease = await takePayCheckLease(userId)
        const lockedMessage = (until: number) =>
          `支付密码错误次数过多，请 ${Math.ceil((until - now()) / 60000)} 分钟后再试`
        if (!lease.hash) {
          await repo.releasePayCheck(userId)
          throw bad('请先设置支付密码')
        }
        if (lease.lockedUntil !== null && lease.lockedUntil > now()) {
          await repo.releasePayCheck(userId)
          throw bad(lockedMessage(lease.lockedUntil))
        }
        const plain = cipher.decrypt(cipherText)
        let right: boolean
        try {
          right = plain !== null && (await verifyPassword(plain, lease.hash))
        } catch (err) {
          await repo.releasePayCheck(userId)
          throw err
        }
        const max = TRADE_RULES.payPasswordMaxFailures
        const failures = await repo.finishPayCheck(
          userId,
          right ? { right } : { right, maxFailures: max, lockUntil: now() + TRADE_RULES.payPasswordLockMs },
        )
        if (right) return
        if (failures >= max) throw bad('支付密码错误次数过多，支付已锁定 30 分钟')
        throw bad(`支付密码错误，还可尝试 ${max - failures} 次`)
      })
    },

    // ---------------------------------------------------------------- top-ups
    async createTopup(userId: number, body: CreateTopupBody) {
      if (body.amount < FUNDS_LIMITS.topupMin || body.amount > FUNDS_LIMITS.topupMax)
        throw bad(`充值金额须在 ${yuan(FUNDS_LIMITS.topupMin)} 至 ${yuan(FUNDS_LIMITS.topupMax)} 之间`)
      const gw = gateway(body.channel)
      // where the gateway sends the user back: an allow-listed same-site page only (no open redirect)
      const returnTo = body.returnTo === undefined ? null : safeReturnPath(body.returnTo)
      if (body.returnTo !== undefined && returnTo === null) throw bad('返回页面不正确')
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
      })
      return { topupNo, ...gw.createPayment({ topupNo, amount: body.amount, userId }) }
    },

    async topupDetail(userId: number, topupNo: string): Promise<Topup> {
      const row = await repo.topup(topupNo)
      if (!row || row.user_id !== userId) throw new ApiError(Code.NOT_FOUND, '充值记录不存在')
      return toTopup(row)
    },

    /**
     * For the sandbox gateway's own page: the top-up with its owner and the page to return to (checked
     * again here, so a stored value can never redirect elsewhere). The route checks who may see it.
     */
    async gatewayTopup(topupNo: string) {
      const row = await repo.topup(topupNo)
      if (!row) return null
      return {
        ...toTopup(row),
        userId: row.user_id,
        returnTo: safeReturnPath(row.return_to) ?? DEFAULT_TOPUP_RETURN,
      }
    },

    /**
     * A gateway's asynchronous notification: verified (signature, amount), then applied exactly once
     * — the PENDING → PAID update and the ledger row share one transaction, and only the caller whose
     * update changed the row credits the wallet. Answers whether this call applied it.
     */
    async applyNotification(
      channel: string,
      headers: Record<string, string | string[] | undefined>,
      body: unknown,
    ): Promise<{ applied: boolean; status: string }> {
      let n
      try {
        n = gateway(channel).verifyNotification(headers, body)
      } catch {
        throw bad('通知验签失败')
      }
      const row = await repo.topup(n.topupNo)
      if (!row || row.channel !== channel) throw bad('充值单不存在')
      if (Number(row.amount) !== n.amount) throw bad('通知金额与充值单不符')
      const at = now()
      const applied = await db.transaction().execute(async (trx) => {
        const tx = fundsRepo(trx)
        if (!(await tx.closeTopup(n.topupNo, n.status, at))) return false
        if (n.status === 'PAID') {
          const moved = await tx.move(row.user_id, {
            type: 'TOPUP',
            available: n.amount,
            topupNo: n.topupNo,
            remark: `充值（${channel === 'sandbox' ? '沙箱支付' : channel}）`,
            at,
          })
          if (!moved) throw new Error('top-up credit failed')
        }
        return true
      })
      if (applied && n.status === 'PAID')
        await notify(row.user_id, '充值成功', `您的充值 ${yuan(n.amount)} 已到账，充值单号 ${n.topupNo}。`)
      return { applied, status: applied ? n.status : (await repo.topup(n.topupNo))!.status }
    },

    // ---------------------------------------------------------------- withdrawals
    async createWithdrawal(userId: number, body: CreateWithdrawBody): Promise<Withdrawal> {
      if (body.amount < FUNDS_LIMITS.withdrawMin || body.amount > FUNDS_LIMITS.withdrawMax)
        throw bad(`提现金额须在 ${yuan(FUNDS_LIMITS.withdrawMin)} 至 ${yuan(FUNDS_LIMITS.withdrawMax)} 之间`)
      // a bank card (16–19 digits, Luhn) or an Alipay account (mainland mobile or e-mail)
      const account = normalizePayeeAccount(body.accountKind, body.account)
      const problem = payeeAccountProblem(body.accountKind, account)
      if (problem) throw bad(problem)
      const masked = maskPayeeAccount(body.accountKind, account)
      await this.checkPayPassword(userId, body.payPassword)
      const at = now()
      const withdrawNo = businessNo('W', at)
      await db.transaction().execute(async (trx) => {
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
        if (!moved) throw bad('可用余额不足')
      })
      return toWithdrawal(await repo.withdrawalView(withdrawNo), false)
    },

    async withdrawals(
      userId: number,
      q: { pageNum?: number; pageSize?: number; status?: string; all?: boolean },
    ): Promise<Page<Withdrawal>> {
      const all = q.all === true && (await repo.isAdmin(userId))
      if (q.all && !all) throw new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN)
      const page = await repo.withdrawalPage(all ? null : userId, q)
      // staff pay the money out: they see the full account; the user sees it masked
      return { total: page.total, rows: page.rows.map((row) => toWithdrawal(row, all)) }
    },

    async decideWithdrawal(adminId: number, body: DecideWithdrawBody) {
      if (!(await repo.isAdmin(adminId))) throw new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN)
      // a rejection always says why (the user reads it in the withdrawal list and the message)
      const reason = body.approve ? '' : (body.reason ?? '').trim()
      if (!body.approve && !reason) throw bad('驳回提现须填写驳回原因')
      const row = await repo.withdrawal(body.withdrawNo)
      if (!row) throw new ApiError(Code.NOT_FOUND, '提现申请不存在')
      const at = now()
      const amount = Number(row.amount)
      const masked = maskPayeeAccount(row.account_kind, row.account)
      await db.transaction().execute(async (trx) => {
        const tx = fundsRepo(trx)
        const status = body.approve ? 'APPROVED' : 'REJECTED'
        if (!(await tx.decideWithdrawal(body.withdrawNo, status, adminId, reason, at)))
          throw bad('该提现申请已处理')
        const moved = await tx.move(row.user_id, {
          type: body.approve ? 'WITHDRAW_DONE' : 'WITHDRAW_RETURN',
          available: body.approve ? 0 : amount,
          frozen: -amount,
          withdrawNo: body.withdrawNo,
          remark: body.approve ? '提现已打款' : `提现被驳回：${reason}`,
          at,
        })
        if (!moved) throw new Error('withdrawal frozen balance missing')
      })
      await notify(
        row.user_id,
        body.approve ? '提现成功' : '提现被驳回',
        body.approve
          ? `您的提现 ${yuan(amount)} 已打款至 ${masked}，提现单号 ${body.withdrawNo}。`
          : `您的提现 ${yuan(amount)}（提现单号 ${body.withdrawNo}）被驳回，金额已退回可用余额。驳回原因：${reason}`,
      )
    },

    /**
     * Σ(available + frozen) + Σ escrow == Σ paid top-ups − Σ approved withdrawals, no ledger gaps, and
     * no account listing sold twice.
     */
    async invariant() {
      return checkInvariant(db)
    },
  }
}

export async function checkInvariant(db: Db) {
  const repo = fundsRepo(db)
  const sums = await repo.sums()
  const gaps = await repo.ledgerGaps()
  const held = sums.available + sums.frozen + sums.escrow
  const expected = sums.topups - sums.withdrawn
  const ok =
    held === expected &&
    gaps.paid.length === 0 &&
    gaps.settled.length === 0 &&
    gaps.refunded.length === 0 &&
    gaps.escrowWrong.length === 0 &&
    gaps.oversold.length === 0 &&
    gaps.unbalanced.length === 0 &&
    gaps.rulings.length === 0
  return { ok, held, expected, ...sums, gaps }
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

export type FundsService = ReturnType<typeof fundsService>
