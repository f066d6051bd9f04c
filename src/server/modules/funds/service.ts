/**
 * Funds: wallets (available / frozen, integer fen), the ledger, the payment password (keyed hash at rest,
 * 5 wrong tries lock payment for 30 minutes, kept in the database), top-ups through the pay centre's providers
 * (credited once, inside the paid attempt's transaction), withdrawals (frozen until staff decide) and the invariant.
 * Money moves only through this service: `move` takes the caller's Kysely transaction (the compiler
 * checks that it runs inside one) and writes the ledger row of every balance change with it.
 */
import {
  LEDGER_TYPE_LABELS,
  TRADE_RULES,
  WITHDRAW_STATUS_LABELS,
  type LedgerEntry,
  type LedgerQuery,
  type SetPayPasswordBody,
  type Wallet,
} from '../../../shared/api'
import type { Selectable, Transaction } from 'kysely'
import type { Db } from '../../db'
import type { Database } from '../../db/schema'
import type { Page } from '../../db/paging'
import { type ApiError, badRequest } from '../../http/errors'
import { payPinProblem } from '../../../shared/rules/pay-pin'
import { keyedQueue } from '../../lib/keyed-queue'
import type { PasswordCipher } from '../auth/rsa'
import { csvId } from '../common/csv'
import { chinaDateTime, csvYuan, EXPORT_MAX_ROWS, type ExportsService } from '../common/exports'
import type { MessageService } from '../message/service'
import type { PinHasher } from './pin-hash'
import { FUNDS_LIMITS } from './numbers'
import { fundsRepo, type Movement } from './repo'
import { checkInvariant } from './invariant'
import { topupService } from './topups'
import { withdrawalService } from './withdrawals'
import { socket } from '../../plug'
import type { PayService } from '../pay/service'
import type { DomainEvents } from '../events/domain'

/** A ledger row as the API shows it (amounts in fen, as numbers). */
const ledgerEntry = (r: Selectable<Database['ledger']>): LedgerEntry => ({
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
})

export interface FundsDeps {
  db: Db
  cipher: PasswordCipher
  /** the payment PIN's keyed hash (pin-hash.ts) */
  pins: PinHasher
  /** the login password check of the auth module (its lockout applies): throws when wrong */
  confirmLoginPassword: (userId: number, cipherText: string, ip: string) => Promise<void>
  messages?: MessageService
  /** CSV exports (the desktop client downloads them) */
  exports?: ExportsService
  /** whether a user is staff (the auth module's roles): staff list and decide withdrawals */
  isStaff: (userId: number) => Promise<boolean>
  /** domain events: 'topup.credited' (an order's top-up pays it: the trade module) */
  events?: DomainEvents
  /** the pay centre: top-ups through Alipay and WeChat Pay, withdrawals paid out by Alipay, refunds to the channel (docs/payments.md) */
  pay?: Pick<PayService, 'start' | 'channels' | 'payout' | 'canPayOut' | 'beginRefund'>
  /** the real-name gate of the account module: throws (with the reason) unless a verified adult */
  requireRealName?: (userId: number, what: string) => Promise<void>
  /** whether a name is the user's verified real name (the account module): a withdrawal's payee name */
  isVerifiedName?: (userId: number, name: string) => Promise<boolean>
  /** the verified real name, masked (李*), or null (the account module): the withdrawal form's hint */
  realNameOf?: (userId: number) => Promise<string | null>
  /** a 参数设置 value (the system module): the automatic approval threshold of withdrawals */
  configValue?: (key: string) => Promise<string | undefined>
  log?: (err: unknown, what: string) => void
  now: () => number
}

export function fundsService(deps: FundsDeps) {
  const { db, cipher, now } = deps
  const repo = fundsRepo(db)
  // checks of one user wait here in order (this process, one connection each at most); the wallet
  // row's lock orders them across processes
  const payChecks = keyedQueue()
  // the trade module (built after this one: it moves money through it) plugs in its escrow (plug.ts)
  const plugs = {
    escrowOf: socket<(userId: number, side: 'buyer' | 'seller') => Promise<number>>(
      "funds: money of a user's orders in escrow (trade module)",
    ),
  }

  async function notify(userId: number, title: string, content: string) {
    if (deps.messages) await deps.messages.create(userId, { title, content, messageType: 'SYSTEM' })
  }

  /**
   * Checks the payment password (RSA ciphertext) and runs `fn` in the same transaction, so a payment
   * commits once (docs/scaling.md, "Payments at database speed"). Only wrong answers count: 5 in a row
   * lock payment for 30 minutes. The check comes first in the transaction and locks the wallet row,
   * so checks of one user run one at a time (waiting in order in this process): guesses that arrive
   * at once are each counted before the next is looked at, and ten right answers at once all pass.
   * A wrong answer commits its count alone (`fn` does not run) and then throws; a right one forgets
   * earlier failures, also when `fn` then throws and rolls the payment back.
   */
  async function withPayPassword<T>(
    userId: number,
    cipherText: string,
    fn: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return payChecks.run(userId, async () => {
      const plain = await cipher.decrypt(cipherText)
      let hadFailures = false
      const outcome = await db
        .transaction()
        .execute(async (trx): Promise<{ refused: ApiError } | { value: T }> => {
          const tx = fundsRepo(trx)
          const pin = await tx.payPasswordState(userId)
          if (!pin?.hash) return { refused: badRequest('请先设置支付密码') }
          const at = now()
          if (pin.lockedUntil !== null && pin.lockedUntil > at)
            return {
              refused: badRequest(
                `支付密码错误次数过多，请 ${Math.ceil((pin.lockedUntil - at) / 60000)} 分钟后再试`,
                'PAY_PASSWORD_LOCKED',
              ),
            }
          const checked = plain === null ? null : await deps.pins.verify(plain, pin.hash)
          if (!checked?.right) {
            const max = TRADE_RULES.payPasswordMaxFailures
            const failures = await tx.countPayFailure(userId, max, at + TRADE_RULES.payPasswordLockMs)
            return {
              refused: badRequest(
                failures >= max
                  ? '支付密码错误次数过多，支付已锁定 30 分钟'
                  : `支付密码错误，还可尝试 ${max - failures} 次`,
                'PAY_PASSWORD_WRONG',
              ),
            }
          }
          // an older hash (scrypt, or an old key) moves to the current keyed hash
          if (checked.rehash) await tx.replacePayPasswordHash(userId, pin.hash, deps.pins.hash(plain!))
          hadFailures = pin.failures > 0 || pin.lockedUntil !== null
          if (hadFailures) await tx.clearPayFailures(userId)
          return { value: await fn(trx) }
        })
        .catch(async (err: unknown) => {
          // the right answer still counts as one when what followed it failed
          if (hadFailures) await repo.clearPayFailures(userId)
          throw err
        })
      if ('refused' in outcome) throw outcome.refused
      return outcome.value
    })
  }

  /** The payment password alone (e.g. confirming receipt): `withPayPassword` with nothing after it. */
  const checkPayPassword = (userId: number, cipherText: string) =>
    withPayPassword(userId, cipherText, async () => undefined)

  const withdrawals = withdrawalService(deps, { repo, withPayPassword, notify })
  const topups = topupService(deps, { repo, notify, withPayPassword })

  return {
    plugs,
    /**
     * The one way money moves: applies a balance change and writes its ledger row inside the caller's
     * transaction; false (nothing changed) when a balance would go below zero.
     */
    move(trx: Transaction<Database>, userId: number, movement: Movement): Promise<boolean> {
      return fundsRepo(trx).move(userId, movement)
    },

    /** The available balance inside the caller's transaction (包赔 payouts decide how much it covers). */
    async availableIn(trx: Transaction<Database>, userId: number): Promise<number> {
      return Number((await fundsRepo(trx).wallet(userId))?.available ?? 0)
    },

    async wallet(userId: number): Promise<Wallet> {
      const row = await repo.wallet(userId)
      const locked = row?.pay_locked_until ? Number(row.pay_locked_until) : null
      return {
        available: Number(row?.available ?? 0),
        frozen: Number(row?.frozen ?? 0),
        inEscrowAsBuyer: await plugs.escrowOf.get()(userId, 'buyer'),
        pendingSettlement: await plugs.escrowOf.get()(userId, 'seller'),
        hasPayPassword: Boolean(row?.pay_password_hash),
        payLockedUntil: locked !== null && locked > now() ? locked : null,
      }
    },

    async ledger(userId: number, q: LedgerQuery): Promise<Page<LedgerEntry>> {
      const { rows, total } = await repo.ledgerPage(userId, q)
      return {
        total,
        rows: rows.map(ledgerEntry),
      }
    },

    /** Staff (console 订单管理): the ledger rows of one order, both parties', oldest first. */
    async orderLedger(orderNo: string): Promise<Array<LedgerEntry & { userId: number; userName: string }>> {
      const rows = await repo.orderLedger(orderNo)
      return rows.map((r) => ({ ...ledgerEntry(r), userId: r.user_id, userName: r.user_name }))
    },

    /** Staff: withdrawals (of a status, or all) as a CSV export, accounts in full. */
    async exportWithdrawals(staffId: number, status?: string) {
      if (!deps.exports) throw new Error('the exports service is not wired')
      const { rows } = await withdrawals.staffWithdrawals({ status, pageNum: 1, pageSize: EXPORT_MAX_ROWS })
      // the console's words: 已打款 where the member reads 已通过 (db/seed/console.ts)
      const STATUS: Record<string, string> = { ...WITHDRAW_STATUS_LABELS, APPROVED: '已打款' }
      return deps.exports.createCsv(
        staffId,
        '提现审核',
        ['提现单号', '用户', '金额(元)', '收款账户', '状态', '申请时间', '处理时间', '备注'],
        rows.map((w) => [
          csvId(w.withdrawNo),
          w.userName,
          csvYuan(w.amount),
          csvId(w.fullAccount ?? w.account),
          STATUS[w.status] ?? w.status,
          chinaDateTime(w.createdAt),
          w.decidedAt ? chinaDateTime(w.decidedAt) : '',
          w.rejectReason,
        ]),
      )
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
      const pay = await cipher.decrypt(body.payPassword)
      const problem = pay === null ? '支付密码必须是 6 位数字' : payPinProblem(pay)
      if (problem) throw badRequest(problem)
      await repo.setPayPassword(userId, deps.pins.hash(pay!), now())
    },

    checkPayPassword,
    withPayPassword,

    /** 找回支付密码 (the account module checked the SMS code and the real name): a new PIN, lock lifted. */
    async resetPayPassword(userId: number, cipherText: string) {
      const pay = await cipher.decrypt(cipherText)
      const problem = pay === null ? '支付密码必须是 6 位数字' : payPinProblem(pay)
      if (problem) throw badRequest(problem)
      await repo.setPayPassword(userId, deps.pins.hash(pay!), now())
    },

    // ---------------------------------------------------------------- top-ups
    ...topups,

    ...withdrawals,

    /**
     * Σ(available + frozen) + Σ escrow == Σ paid top-ups − Σ approved withdrawals, no ledger gaps, and
     * no account listing sold twice.
     */
    async invariant() {
      return checkInvariant(db)
    },
  }
}

export type FundsService = ReturnType<typeof fundsService>
export { checkInvariant, FUNDS_LIMITS }
export type { Movement }
