/**
 * Payouts (docs/payments.md, "Payouts"): money to a person's account by a provider transfer (Alipay's
 * alipay.fund.trans.uni.transfer; WeChat cannot pay out). Never sent twice: the row is written PAYING
 * in its own transaction before the provider is called, our payout number is the provider's
 * out_biz_no (its idempotency key: asking again answers the first transfer), and a business has at
 * most one payout (`biz` unique). An answer moves the row PAYING → PAID | FAILED by compare-and-set
 * and publishes 'payout.paid' / 'payout.failed' in that transaction (funds moves the money with it).
 * A provider that cannot answer leaves the row PAYING: the job `pay-payouts` asks until it is final,
 * and sends again (same out_biz_no) when the provider never got it.
 */
import { randomInt } from 'node:crypto'
import type { Db } from '../../db'
import { badRequest } from '../../http/errors'
import type { DomainEvents } from '../events/domain'
import type { PayProvider, PayProviderChannel, PayoutResult } from './provider'
import { payRepo } from './repo'
import type { PayPayoutsTable } from './tables'

/** The job asks about payouts left PAYING for longer than this. */
export const PAYOUT_POLL_AFTER_MS = 60_000
const POLL_BATCH = 50

export type PayoutStatus = 'PAYING' | 'PAID' | 'FAILED'

export interface PayoutOrder {
  /** the business paid out: the withdrawal number */
  biz: string
  channel: PayProviderChannel
  /** fen */
  amount: number
  /** the payee's account at the provider */
  account: string
  /** the payee's real name */
  name: string
  /** what the payee reads on the transfer */
  remark: string
}

const payoutNoAt = (at: number) => `T${at}${randomInt(100_000, 1_000_000)}`

export function payoutService(deps: {
  db: Db
  provider: (channel: string) => PayProvider | null
  events: DomainEvents
  now: () => number
  log: (err: unknown, what: string) => void
}) {
  const { db, events, now } = deps
  const repo = payRepo(db)
  type Row = Pick<PayPayoutsTable, 'payout_no' | 'biz' | 'channel' | 'amount' | 'account' | 'name'>

  /** What the provider answered, applied once: the final state and its event, or PAYING kept. */
  async function settle(row: Row, result: PayoutResult): Promise<PayoutStatus> {
    if (result.status !== 'PAID' && result.status !== 'FAILED') {
      await repo.touchPayout(row.payout_no, now())
      return 'PAYING'
    }
    const at = now()
    const reason = result.failReason || '转账失败'
    const moved = await db.transaction().execute(async (trx) => {
      const to =
        result.status === 'PAID'
          ? { status: 'PAID' as const, providerNo: result.providerNo, failReason: null }
          : { status: 'FAILED' as const, providerNo: result.providerNo, failReason: reason }
      if (!(await payRepo(trx).settlePayout(row.payout_no, to, at))) return false
      const final = {
        payoutNo: row.payout_no,
        biz: row.biz,
        channel: row.channel as PayProviderChannel,
        amount: Number(row.amount),
        at,
      }
      if (result.status === 'PAID') await events.publish(trx, 'payout.paid', final)
      else await events.publish(trx, 'payout.failed', { ...final, reason })
      return true
    })
    if (moved) return result.status
    // the job or another process came first: what it wrote stands
    return ((await repo.payoutOfBiz(row.biz))?.status ?? 'PAYING') as PayoutStatus
  }

  /** Sends (or sends again: same out_biz_no) a PAYING payout; anything but an answer leaves it PAYING. */
  async function send(p: PayProvider, row: Row): Promise<PayoutStatus> {
    let result: PayoutResult
    try {
      result = await p.payout({
        payoutNo: row.payout_no,
        amount: Number(row.amount),
        account: row.account,
        name: row.name,
        remark: `提现 ${row.biz}`,
      })
    } catch (err) {
      // timed out, 5xx, garbage: whether the provider took it is unknown; the job asks
      deps.log(err, `pay: payout ${row.payout_no} left PAYING`)
      await repo.touchPayout(row.payout_no, now())
      return 'PAYING'
    }
    return settle(row, result)
  }

  return {
    /** Whether a channel can pay out to a person's account (Alipay yes; WeChat no). */
    canPayOut: (channel: PayProviderChannel) => deps.provider(channel)?.canPayOut === true,

    /**
     * Pays a business out: the row PAYING first (its own transaction), then the provider. Asking
     * again for the same business sends nothing: the state of its one payout is answered.
     */
    async payout(order: PayoutOrder): Promise<PayoutStatus> {
      const p = deps.provider(order.channel)
      if (!p || !p.canPayOut) throw badRequest('该渠道暂不支持打款')
      const at = now()
      const inserted = await repo.insertPayout({
        payout_no: payoutNoAt(at),
        biz: order.biz,
        channel: order.channel,
        amount: order.amount,
        account: order.account,
        name: order.name,
        status: 'PAYING',
        provider_no: null,
        fail_reason: null,
        created_at: at,
        updated_at: at,
      })
      const row = await repo.payoutOfBiz(order.biz)
      if (!row) throw new Error(`payout of ${order.biz} missing`)
      if (!inserted) return row.status as PayoutStatus
      return send(p, row)
    },

    /** The payout of a business, if any (its state and the provider's reason of a failure). */
    payoutOf: (biz: string) => repo.payoutOfBiz(biz),

    /**
     * The job `pay-payouts`: PAYING payouts are asked about until final; one the provider never got
     * (the process died before the call, or the call never arrived) is sent again with its number.
     */
    async pollPayouts(): Promise<{ asked: number; paid: number; failed: number }> {
      const rows = await repo.payingBefore(now() - PAYOUT_POLL_AFTER_MS, POLL_BATCH)
      let paid = 0
      let failed = 0
      for (const row of rows) {
        const p = deps.provider(row.channel)
        if (!p) continue
        try {
          const result = await p.queryPayout(row.payout_no)
          const status = result.status === 'NOT_FOUND' ? await send(p, row) : await settle(row, result)
          if (status === 'PAID') paid++
          if (status === 'FAILED') failed++
        } catch (err) {
          // the provider cannot answer now: the next run asks again
          deps.log(err, `pay: polling payout ${row.payout_no}`)
        }
      }
      return { asked: rows.length, paid, failed }
    },
  }
}
