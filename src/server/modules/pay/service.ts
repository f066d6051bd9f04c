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
import type { Db } from '../../db'
import { badRequest } from '../../http/errors'
import type { DomainEvents } from '../events/domain'
import { payoutService } from './payouts'
import { refundService } from './refunds'
import { payRepo } from './repo'
import {
  ProviderUnavailable,
  type PayProvider,
  type PayProviderChannel,
  type PayScene,
  type PaymentStart,
  type VerifiedNotification,
} from './provider'
import { FOR_STAFF, RAW_KEPT, type BizType, type Verdict } from './verdicts'

export type { BizType, Verdict } from './verdicts'
export { REFUND_CHASE_AFTER_MS, type BeginRefund } from './refunds'

/** How long a person has to pay an attempt (the provider closes it then, and so do we). */
export const ATTEMPT_TTL_MS = 30 * 60_000
/** The chasing job asks the provider about attempts older than this whose notification has not come. */
export const CHASE_AFTER_MS = 60_000
const CHASE_BATCH = 50

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

  // refunds through the providers (pay/refunds.ts)
  const { refundLatePayment, refundNotification, ...refunds } = refundService({
    db,
    provider,
    events,
    notifyUrl: deps.notifyUrl,
    record,
    now,
    log: deps.log,
  })

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
    // refunded there by itself (refunds.ts; a provider unreachable now leaves it to the refunds
    // job); a failure of ours here is logged, the CLOSED_ATTEMPT row stays for staff
    if (verdict === 'CLOSED_ATTEMPT')
      await refundLatePayment(channel, n.attemptNo).catch((err: unknown) =>
        deps.log(err, `pay: refunding the late payment ${n.attemptNo}`),
      )
    return verdict
  }

  return {
    // payouts to a person's account (pay/payouts.ts)
    ...payoutService({ db, provider, events, now, log: deps.log }),

    // refunds through the providers (pay/refunds.ts)
    ...refunds,

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
