/**
 * The pay centre (docs/payments.md): payment attempts through the providers (pay/provider.ts), their
 * notifications applied exactly once, and the job that chases attempts whose notification never came.
 *
 * Exactly once: an attempt moves WAITING → PAID by one conditional UPDATE (`where status =
 * 'WAITING'`), and the business effect — the top-up's credit, later the order's payment — is the
 * `within` handler of the domain event 'payment.paid', in the same transaction. A repeated
 * notification, or one racing the chasing job, finds the attempt PAID and changes nothing. A
 * notification is re-checked against our row (attempt, app id, amount) before anything moves; one
 * that does not fit is recorded for staff (pay_notifications) and never applied.
 */
import { randomInt } from 'node:crypto'
import type { PayAttemptView } from '../../../shared/api/pay'
import type { OrderChannelRefund } from '../../../shared/api/order-detail'
import type { Db } from '../../db'
import { badRequest } from '../../http/errors'
import { afterCommit } from '../../db/after-commit'
import type { DomainEvents } from '../events/domain'
import { payoutService } from './payouts'
import { payRepo } from './repo'
import type { PayRefundsTable } from './tables'
import {
  ProviderUnavailable,
  type PayProvider,
  type PayProviderChannel,
  type PayScene,
  type PaymentStart,
  type VerifiedNotification,
} from './provider'

/** How long a person has to pay an attempt (the provider closes it then, and so do we). */
export const ATTEMPT_TTL_MS = 30 * 60_000
/** The chasing job asks the provider about attempts older than this whose notification has not come. */
export const CHASE_AFTER_MS = 60_000
const CHASE_BATCH = 50
const RAW_KEPT = 2_000

export type BizType = 'TOPUP' | 'ORDER'

export type Verdict =
  | 'APPLIED'
  | 'DUPLICATE'
  | 'UNKNOWN_ATTEMPT'
  | 'AMOUNT_MISMATCH'
  | 'APP_MISMATCH'
  | 'CLOSED_ATTEMPT'
  | 'BAD_SIGNATURE'
  | 'NOT_PAID'
  /** a refund's notification finished our refund */
  | 'REFUNDED'
  /** a refund's notification of no refund of ours (or of another attempt) */
  | 'UNKNOWN_REFUND'
  /** the provider refused a refund: its money is back in the balance, staff look (no notification) */
  | 'REFUND_FAILED'

/** Verdicts staff must look at (the others are the normal course). */
const FOR_STAFF: ReadonlySet<Verdict> = new Set([
  'UNKNOWN_ATTEMPT',
  'AMOUNT_MISMATCH',
  'APP_MISMATCH',
  'CLOSED_ATTEMPT',
  'BAD_SIGNATURE',
  'UNKNOWN_REFUND',
  'REFUND_FAILED',
])

/** The refunds job asks the provider about refunds pending longer than this. */
export const REFUND_CHASE_AFTER_MS = 60_000
const REFUND_BATCH = 50

export interface PayServiceDeps {
  db: Db
  providers: readonly PayProvider[]
  events: DomainEvents
  /** the absolute address of our notify endpoint of a channel */
  notifyUrl: (channel: PayProviderChannel) => string
  /** an absolute address of our site for a path (where the person's browser returns after paying) */
  siteUrl: (path: string) => string
  now: () => number
  log: (err: unknown, what: string) => void
}

export interface StartPayment {
  bizType: BizType
  bizNo: string
  userId: number
  amount: number
  subject: string
  channel: PayProviderChannel
  scene: PayScene
  /** the same-site page the person returns to after paying (a checked path) */
  returnPath: string
  /** the payer's IP address (WeChat Pay's H5 payment requires it) */
  clientIp?: string
}

const attemptNoAt = (at: number) => `P${at}${randomInt(100_000, 1_000_000)}`
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

export function payService(deps: PayServiceDeps) {
  const { db, events, now } = deps
  const repo = payRepo(db)

  function provider(channel: string): PayProvider | null {
    return deps.providers.find((p) => p.channel === channel) ?? null
  }

  async function record(
    channel: string,
    n: Partial<VerifiedNotification>,
    verdict: Verdict,
    rawBody: string,
  ): Promise<void> {
    await repo.record({
      channel,
      notify_id: n.notifyId ?? '',
      attempt_no: n.attemptNo ?? '',
      verdict,
      amount: n.amount ?? 0,
      needs_staff: FOR_STAFF.has(verdict) ? 1 : 0,
      raw: rawBody.slice(0, RAW_KEPT),
      created_at: now(),
    })
  }

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
   * A payment for an attempt we had closed: confirmed paid with the provider, it is refunded there
   * in full — it never reached our balance (docs/payments.md, "Refunds"). Our refund number is
   * derived from the attempt, so a repeated notification never refunds twice.
   */
  async function refundLatePayment(channel: PayProviderChannel, attemptNo: string): Promise<void> {
    const p = provider(channel)!
    const trade = await p.query(attemptNo)
    if (trade.status !== 'PAID') return
    const attempt = await repo.attempt(attemptNo)
    if (!attempt || attempt.status !== 'CLOSED') return
    const refundNo = `L${attemptNo.slice(1)}`
    if (!(await repo.refund(refundNo)))
      await insertRefund(db, attempt, {
        refund_no: refundNo,
        order_no: attempt.biz_type === 'ORDER' ? attempt.biz_no : null,
        source: 'PROVIDER',
        amount: trade.amount,
        reason: '支付单已关闭后到账，原路退回',
      })
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

  /**
   * Applies what a provider says of an attempt (a notification, or the chasing job's query): the
   * verdict, after the business effect committed with the attempt's move when it is APPLIED.
   */
  async function apply(
    channel: PayProviderChannel,
    n: VerifiedNotification,
    rawBody: string,
  ): Promise<Verdict> {
    const p = provider(channel)!
    const attempt = await repo.attempt(n.attemptNo)
    let verdict: Verdict
    if (!attempt || attempt.channel !== channel) verdict = 'UNKNOWN_ATTEMPT'
    else if (n.appId !== p.appId) verdict = 'APP_MISMATCH'
    else if (n.status !== 'PAID') {
      // the provider closed it (or it still waits): nothing to apply; a close is mirrored
      if (n.status === 'CLOSED') await repo.settle(n.attemptNo, { status: 'CLOSED' }, now())
      verdict = 'NOT_PAID'
    } else if (n.amount !== Number(attempt.amount)) verdict = 'AMOUNT_MISMATCH'
    else {
      const at = now()
      const applied = await db.transaction().execute(async (trx) => {
        if (
          !(await payRepo(trx).settle(
            n.attemptNo,
            { status: 'PAID', tradeNo: n.tradeNo, paidAt: n.at || at },
            at,
          ))
        )
          return false
        await events.publish(trx, 'payment.paid', {
          attemptNo: attempt.attempt_no,
          channel,
          bizType: attempt.biz_type as BizType,
          bizNo: attempt.biz_no,
          userId: attempt.user_id,
          amount: Number(attempt.amount),
          at,
        })
        return true
      })
      if (applied) verdict = 'APPLIED'
      else {
        const current = await repo.attempt(n.attemptNo)
        // paid already (a repeat, or the chasing job came first); closed: a late payment for staff
        verdict = current?.status === 'PAID' ? 'DUPLICATE' : 'CLOSED_ATTEMPT'
      }
    }
    await record(channel, n, verdict, rawBody)
    // a provider we cannot ask now: the late payment stays for staff (its CLOSED_ATTEMPT row)
    if (verdict === 'CLOSED_ATTEMPT')
      await refundLatePayment(channel, n.attemptNo).catch((err: unknown) =>
        deps.log(err, `pay: refunding the late payment ${n.attemptNo}`),
      )
    return verdict
  }

  return {
    // payouts to a person's account (pay/payouts.ts)
    ...payoutService({ db, provider, events, now, log: deps.log }),

    /** The channels configured (the pay page offers these). */
    channels: () => deps.providers.map((p) => p.channel),

    /** A new attempt at the provider: where the person pays it. */
    async start(s: StartPayment): Promise<PaymentStart & { attemptNo: string; expiresAt: number }> {
      const p = provider(s.channel)
      if (!p) throw badRequest('暂不支持该支付方式')
      const at = now()
      const attemptNo = attemptNoAt(at)
      const expiresAt = at + ATTEMPT_TTL_MS
      await repo.insertAttempt({
        attempt_no: attemptNo,
        channel: s.channel,
        biz_type: s.bizType,
        biz_no: s.bizNo,
        user_id: s.userId,
        amount: s.amount,
        scene: s.scene,
        status: 'WAITING',
        provider_trade_no: null,
        paid_at: null,
        expires_at: expiresAt,
        created_at: at,
        updated_at: at,
      })
      try {
        const start = await p.create({
          attemptNo,
          amount: s.amount,
          subject: s.subject,
          scene: s.scene,
          notifyUrl: deps.notifyUrl(s.channel),
          returnUrl: deps.siteUrl(s.returnPath),
          expiresAt,
          ...(s.clientIp ? { clientIp: s.clientIp } : {}),
        })
        return { attemptNo, expiresAt, ...start }
      } catch (err) {
        // the provider never took it: closed here, so the chasing job leaves it alone
        await repo.settle(attemptNo, { status: 'CLOSED' }, now())
        if (err instanceof ProviderUnavailable)
          throw badRequest('支付通道暂时不可用，请稍后重试或换一种支付方式')
        throw err
      }
    },

    /**
     * A provider's notification (the raw request): verified, applied at most once, recorded; answers
     * what the provider must hear (its retry decides on it).
     */
    async notification(
      channel: PayProviderChannel,
      request: { headers: Record<string, string | string[] | undefined>; rawBody: string },
    ) {
      const p = provider(channel)
      if (!p) return { status: 404, contentType: 'text/plain', body: 'unknown channel' }
      let n: VerifiedNotification
      try {
        n = await p.verifyNotification(request)
      } catch (err) {
        deps.log(err, `pay: ${channel} notification refused`)
        await record(channel, {}, 'BAD_SIGNATURE', request.rawBody)
        return p.answer(false)
      }
      try {
        if (n.kind === 'REFUND') await refundNotification(channel, n, request.rawBody)
        else await apply(channel, n, request.rawBody)
        return p.answer(true)
      } catch (err) {
        // our side failed (the database): the provider retries later
        deps.log(err, `pay: ${channel} notification not applied`)
        return p.answer(false)
      }
    },

    /** The attempt, for its owner (the pay page polls it while the person pays). */
    async attempt(userId: number, attemptNo: string): Promise<PayAttemptView | null> {
      const row = await repo.attempt(attemptNo)
      if (!row || row.user_id !== userId) return null
      return {
        attemptNo,
        status: row.status as PayAttemptView['status'],
        amount: Number(row.amount),
        bizType: row.biz_type as BizType,
        bizNo: row.biz_no,
      }
    },

    /**
     * The chasing job (every minute, one process): attempts whose notification has not come are
     * asked about; paid ones are applied like a notification, expired ones closed at the provider.
     */
    async chase(): Promise<{ asked: number; applied: number; closed: number }> {
      const at = now()
      const rows = await repo.waitingBefore(at - CHASE_AFTER_MS, CHASE_BATCH)
      let applied = 0
      let closed = 0
      for (const row of rows) {
        const channel = row.channel as PayProviderChannel
        const p = provider(channel)
        if (!p) continue
        try {
          const trade = await p.query(row.attempt_no)
          if (trade.status === 'PAID') {
            const verdict = await apply(
              channel,
              {
                kind: 'PAYMENT',
                appId: p.appId,
                attemptNo: row.attempt_no,
                status: 'PAID',
                amount: trade.amount,
                tradeNo: trade.tradeNo,
                notifyId: `query:${row.attempt_no}`,
                at: trade.paidAt ?? at,
              },
              '',
            )
            if (verdict === 'APPLIED') applied++
          } else if (
            trade.status === 'CLOSED' ||
            (Number(row.expires_at) <= at && trade.status === 'NOT_FOUND')
          ) {
            if (await repo.settle(row.attempt_no, { status: 'CLOSED' }, now())) closed++
          } else if (Number(row.expires_at) <= at) {
            await p.close(row.attempt_no)
            if (await repo.settle(row.attempt_no, { status: 'CLOSED' }, now())) closed++
          }
        } catch (err) {
          // one attempt the provider cannot answer now: the next run asks again
          deps.log(err, `pay: chasing ${row.attempt_no}`)
        }
      }
      return { asked: rows.length, applied, closed }
    },

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

    /** Staff: the notifications (those that need a look first). */
    async notifications(onlyStaff: boolean, pageNum: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        repo.notifications(onlyStaff, (pageNum - 1) * pageSize, pageSize),
        repo.notificationCount(onlyStaff),
      ])
      return { rows, total }
    },
  }
}

export type PayService = ReturnType<typeof payService>
