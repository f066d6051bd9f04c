/**
 * 工作台 figures (docs/console.md): a read-only report over other modules' tables (orders, users,
 * listings, disputes, withdrawals, 在线客服 conversations) — counts only, nothing is written. Days are
 * China days (UTC+8).
 */
import type { Dashboard, DashboardDay } from '../../../shared/api/oplog'
import type { Db } from '../../db'

const DAY = 24 * 60 * 60 * 1000
const CHINA = 8 * 60 * 60 * 1000
const dayStart = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA
const dateOf = (start: number) => new Date(start + CHINA).toISOString().slice(0, 10)

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2)
}

export function dashboardService(db: Db, now: () => number) {
  const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0)
  return {
    async get(): Promise<Dashboard> {
      const today = dayStart(now())
      const from = today - 29 * DAY
      const [paid, users, pendingGoods, openDisputes, pendingWithdrawals, csWaiting, csAnswered] =
        await Promise.all([
          db.selectFrom('orders').select(['paid_at', 'amount']).where('paid_at', '>=', from).execute(),
          db.selectFrom('users').select('created_at').where('created_at', '>=', from).execute(),
          count(
            db
              .selectFrom('goods')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'AUDITING')
              .where('deleted_at', 'is', null)
              .executeTakeFirst(),
          ),
          count(
            db
              .selectFrom('disputes')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'OPEN')
              .executeTakeFirst(),
          ),
          count(
            db
              .selectFrom('withdrawals')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'PENDING')
              .executeTakeFirst(),
          ),
          count(
            db
              .selectFrom('cs_conversations')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'WAITING')
              .executeTakeFirst(),
          ),
          // first responses today: seconds from when waiting counted (docs/customer-service.md)
          db
            .selectFrom('cs_conversations')
            .select(['wait_from', 'first_response_at'])
            .where('first_response_at', '>=', today)
            .execute(),
        ])
      const days: DashboardDay[] = Array.from({ length: 30 }, (_, i) => ({
        date: dateOf(from + i * DAY),
        orders: 0,
        gmv: 0,
        newUsers: 0,
      }))
      const slot = (at: number) => days[Math.floor((dayStart(at) - from) / DAY)]
      for (const o of paid) {
        const d = o.paid_at === null ? undefined : slot(Number(o.paid_at))
        if (d) {
          d.orders += 1
          d.gmv += Number(o.amount)
        }
      }
      for (const u of users) {
        const d = slot(Number(u.created_at))
        if (d) d.newUsers += 1
      }
      const last = days[days.length - 1]!
      return {
        today: {
          orders: last.orders,
          gmv: last.gmv,
          newUsers: last.newUsers,
          pendingGoods,
          openDisputes,
          pendingWithdrawals,
          csWaiting,
          csFirstResponseMedianSeconds: median(
            csAnswered.map((r) =>
              Math.max(0, Math.round((Number(r.first_response_at) - Number(r.wait_from)) / 1000)),
            ),
          ),
        },
        days,
      }
    },
  }
}
