/**
 * Payment attempts, payouts and refunds counted by state (the metrics and 系统状态, modules/monitor):
 * one grouped count per table. It reads every row, so its callers keep the answer a few seconds.
 */
import type { Db } from '../../db'

export interface PayStateCounts {
  /** pay_attempts: WAITING, PAID, CLOSED */
  attempts: Record<string, number>
  /** pay_payouts: PAYING, PAID, FAILED */
  payouts: Record<string, number>
  /** pay_refunds: PENDING, SUCCESS, FAILED */
  refunds: Record<string, number>
}

export async function payStateCounts(db: Db): Promise<PayStateCounts> {
  const count = async (table: 'pay_attempts' | 'pay_payouts' | 'pay_refunds') => {
    const rows = await db
      .selectFrom(table)
      .select(({ fn }) => ['status', fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  }
  const [attempts, payouts, refunds] = await Promise.all([
    count('pay_attempts'),
    count('pay_payouts'),
    count('pay_refunds'),
  ])
  return { attempts, payouts, refunds }
}
