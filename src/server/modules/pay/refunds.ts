/**
 * Refunds through the providers (docs/payments.md, "Refunds"): a business's paid attempt refunded
 * (idempotent by our refund number), a late payment for a closed attempt sent back, the providers'
 * refund notifications, and the job that asks about refunds still pending. Part of the pay centre
 * (pay/service.ts), which wires it.
 */
import { randomInt } from 'node:crypto'
import type { OrderChannelRefund } from '../../../shared/api/order-detail'
import type { Db } from '../../db'
import { afterCommit } from '../../db/after-commit'
import type { DomainEvents } from '../events/domain'
import { payRepo } from './repo'
import type { PayRefundsTable } from './tables'
import {
  ProviderUnavailable,
  type PayProvider,
  type PayProviderChannel,
  type VerifiedNotification,
} from './provider'
import { RAW_KEPT, type BizType, type Verdict } from './verdicts'

/** The refunds job asks the provider about refunds pending longer than this. */
export const REFUND_CHASE_AFTER_MS = 60_000
const REFUND_BATCH = 50

const refundNoAt = (at: number) => `R${at}${randomInt(100_000, 1_000_000)}`

/** A refund of the money a business (a top-up) took through its paid attempt. */
export interface BeginRefund {
  bizType: BizType
  bizNo: string
  /** at most this much (fen): what the attempt has not refunded yet caps it */
  amount: number
  /** the order the refund is for (the buyer sees it there) */
  orderNo: string | null
  reason: string
}

type RefundRow = Awaited<ReturnType<ReturnType<typeof payRepo>['refund']>> & {}

export function refundService(deps: {
  db: Db
  provider: (channel: string) => PayProvider | null
  events: DomainEvents
  /** the absolute address of our notify endpoint of a channel */
  notifyUrl: (channel: PayProviderChannel) => string
  /** records a notification's verdict (pay_notifications) */
  record: (
    channel: string,
    n: Partial<VerifiedNotification>,
    verdict: Verdict,
    rawBody: string,
  ) => Promise<void>
  now: () => number
  log: (err: unknown, what: string) => void
}) {
  const { db, events, now, provider, record } = deps
  const repo = payRepo(db)

  /**
   * A refund ended: PENDING → SUCCESS or FAILED once, with 'payment.refundSettled' in that
   * transaction (a failed one's money goes back to the balance there) and, when failed, a row for staff.
   */
  async function finishRefund(
    row: RefundRow,
    status: 'SUCCESS' | 'FAILED',
    failReason: string | null,
  ): Promise<boolean> {
    const at = now()
    const attempt = await repo.attempt(row.attempt_no)
    return db.transaction().execute(async (trx) => {
      const tx = payRepo(trx)
      if (!(await tx.settleRefund(row.refund_no, status, failReason, at))) return false
      await events.publish(trx, 'payment.refundSettled', {
        refundNo: row.refund_no,
        channel: row.channel as PayProviderChannel,
        status,
        source: row.source as 'BALANCE' | 'PROVIDER',
        userId: row.user_id,
        orderNo: row.order_no,
        bizNo: attempt?.biz_no ?? '',
        amount: Number(row.amount),
        failReason,
        at,
      })
      if (status === 'FAILED')
        await tx.record({
          channel: row.channel,
          notify_id: `refund:${row.refund_no}`,
          attempt_no: row.attempt_no,
          verdict: 'REFUND_FAILED',
          amount: Number(row.amount),
          needs_staff: 1,
          raw: (failReason ?? '').slice(0, RAW_KEPT),
          created_at: at,
        })
      return true
    })
  }

  /**
   * Asks the provider to refund (idempotent by our refund number): a SUCCESS ends the refund, a
   * refusal fails it; an unreachable provider or a refund still settling leaves it PENDING for the
   * refunds job. Never throws.
   */
  async function submitRefund(refundNo: string, ask: 'refund' | 'query' = 'refund'): Promise<void> {
    const row = await repo.refund(refundNo)
    if (!row || row.status !== 'PENDING') return
    const p = provider(row.channel)
    const attempt = await repo.attempt(row.attempt_no)
    if (!p || !attempt) return
    try {
      let result = ask === 'query' ? await p.queryRefund(row.attempt_no, refundNo) : null
      // never seen by the provider (our request was lost): asked again, the same number
      if (!result || result.status === 'NOT_FOUND')
        result = await p.refund({
          attemptNo: row.attempt_no,
          refundNo,
          amount: Number(row.amount),
          total: Number(attempt.amount),
          reason: row.reason,
          notifyUrl: deps.notifyUrl(row.channel as PayProviderChannel),
        })
      if (result.status === 'SUCCESS') await finishRefund(row, 'SUCCESS', null)
      else if (result.status === 'FAILED') await finishRefund(row, 'FAILED', '支付渠道退款失败')
    } catch (err) {
      if (err instanceof ProviderUnavailable) deps.log(err, `pay: refund ${refundNo} waits`)
      else {
        // the provider refused it (the trade's state, the amount): it will not succeed by asking again
        deps.log(err, `pay: refund ${refundNo} refused`)
        await finishRefund(
          row,
          'FAILED',
          err instanceof Error ? err.message.slice(0, 500) : '退款被拒绝',
        ).catch((e: unknown) => deps.log(e, `pay: failing refund ${refundNo}`))
      }
    }
  }

  async function insertRefund(
    trx: Db,
    attempt: { attempt_no: string; channel: string; user_id: number },
    r: Pick<PayRefundsTable, 'refund_no' | 'order_no' | 'source' | 'amount' | 'reason'>,
  ) {
    const at = now()
    await payRepo(trx).insertRefund({
      ...r,
      attempt_no: attempt.attempt_no,
      channel: attempt.channel,
      user_id: attempt.user_id,
      status: 'PENDING',
      fail_reason: null,
      created_at: at,
      updated_at: at,
    })
  }

  /**
   * A payment for an attempt we had closed (a signed notification, or the chasing job's query, said
   * it is paid, of the attempt's amount): it is refunded there in full — it never reached our balance
   * (docs/payments.md, "Refunds"). Our refund number is derived from the attempt, so a repeated
   * notification never refunds twice. The provider is asked first: a trade it says is not paid is
   * not refunded. When it cannot be asked (5xx, a timeout), the PENDING row is written all the same
   * and the refunds job asks until the refund ends — the provider refuses to refund a trade that was
   * never paid, which fails the refund (staff see it) without touching any balance.
   */
  async function refundLatePayment(channel: PayProviderChannel, attemptNo: string): Promise<void> {
    const p = provider(channel)!
    const attempt = await repo.attempt(attemptNo)
    if (!attempt || attempt.status !== 'CLOSED') return
    const refundNo = `L${attemptNo.slice(1)}`
    if (!(await repo.refund(refundNo))) {
      let amount = Number(attempt.amount)
      try {
        const trade = await p.query(attemptNo)
        if (trade.status !== 'PAID') return
        amount = trade.amount
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err
        deps.log(err, `pay: late payment ${attemptNo}: refunded without the provider's confirmation`)
      }
      await insertRefund(db, attempt, {
        refund_no: refundNo,
        order_no: attempt.biz_type === 'ORDER' ? attempt.biz_no : null,
        source: 'PROVIDER',
        amount,
        reason: '支付单已关闭后到账，原路退回',
      })
    }
    await submitRefund(refundNo)
  }

  /** A refund's notification: finishes our refund it names (the provider says it is refunded). */
  async function refundNotification(
    channel: PayProviderChannel,
    n: VerifiedNotification,
    rawBody: string,
  ): Promise<void> {
    const row = n.refundNo ? await repo.refund(n.refundNo) : undefined
    let verdict: Verdict
    if (!row || row.attempt_no !== n.attemptNo || row.channel !== channel) verdict = 'UNKNOWN_REFUND'
    else if (n.status === 'REFUND_FAILED') {
      verdict = (await finishRefund(row, 'FAILED', '支付渠道退款失败')) ? 'REFUND_FAILED' : 'DUPLICATE'
    } else {
      // the provider's word ends it (our own call may have ended it first: the same outcome)
      await finishRefund(row, 'SUCCESS', null)
      verdict = 'REFUNDED'
    }
    // a failed refund recorded its staff row already
    if (verdict !== 'REFUND_FAILED') await record(channel, n, verdict, rawBody)
  }

  return {
    // for the pay centre's notifications (not part of PayService)
    refundLatePayment,
    refundNotification,

    /**
     * Starts a refund of a business's paid attempt inside the caller's transaction (funds, when an
     * order's money came back to the balance: it takes the same amount out with a CHANNEL_REFUND row
     * there): the PENDING row is written now, the provider asked once the transaction committed.
     * Answers what is refunded (capped by what the attempt has not refunded yet), null when nothing.
     */
    async beginRefund(
      trx: Db,
      r: BeginRefund,
    ): Promise<{ refundNo: string; amount: number; channel: PayProviderChannel } | null> {
      const tx = payRepo(trx)
      const attempt = (await tx.ofBusiness(r.bizType, r.bizNo)).find((a) => a.status === 'PAID')
      if (!attempt || !provider(attempt.channel)) return null
      const amount = Math.min(r.amount, Number(attempt.amount) - (await tx.refundedOf(attempt.attempt_no)))
      if (amount <= 0) return null
      const refundNo = refundNoAt(now())
      await insertRefund(trx, attempt, {
        refund_no: refundNo,
        order_no: r.orderNo,
        source: 'BALANCE',
        amount,
        reason: r.reason,
      })
      // asked once committed (the caller's request waits for the provider's first answer); a failure
      // of ours here leaves it PENDING for the refunds job, the refund of the order stands
      await afterCommit(trx, () =>
        submitRefund(refundNo).catch((err: unknown) => deps.log(err, `pay: refund ${refundNo}`)),
      )
      return { refundNo, amount, channel: attempt.channel as PayProviderChannel }
    },

    /**
     * The refunds job (one process): refunds pending for a while are asked about (and asked again
     * when the provider never saw them) until they end.
     */
    async chaseRefunds(): Promise<{ asked: number; settled: number }> {
      const rows = await repo.pendingRefunds(now() - REFUND_CHASE_AFTER_MS, REFUND_BATCH)
      for (const row of rows) await submitRefund(row.refund_no, 'query')
      let settled = 0
      for (const row of rows) if ((await repo.refund(row.refund_no))?.status !== 'PENDING') settled++
      return { asked: rows.length, settled }
    },

    /** A user's refunds of an order to a channel (the order page shows where the money went and when). */
    refundsOfOrder: async (orderNo: string, userId: number): Promise<OrderChannelRefund[]> =>
      (await repo.refundsOfOrder(orderNo))
        .filter((r) => r.user_id === userId)
        .map((r) => ({
          refundNo: r.refund_no,
          channel: r.channel as PayProviderChannel,
          amount: Number(r.amount),
          status: r.status as 'PENDING' | 'SUCCESS' | 'FAILED',
          createdAt: Number(r.created_at),
          updatedAt: Number(r.updated_at),
        })),
  }
}
