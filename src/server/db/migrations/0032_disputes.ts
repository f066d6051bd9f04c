import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Disputes (仲裁) keep their record after the ruling: who opened one, when, why and from which order
 * state; who ruled, when, the decision, the two amounts (fen back to the buyer, fen settled to the
 * seller — they add up to the order amount) and the written reason. One OPEN dispute per order at a
 * time (a partial unique index); staff list them open and ruled.
 *
 * Orders disputed before this migration get their record from the order (disputed_from,
 * dispute_reason), the room's system lines (when opened, the ruling's text) and the ledger (the
 * amounts refunded and settled); the opener and the ruling staff member are unknown (null).
 *
 * Amounts are guarded like migration 0030's: integers, never negative (SQLite checks the storage
 * type too, since a column type there is only an affinity).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    const amount = (c: string) =>
      dialect === 'sqlite'
        ? sql.raw(`${c} is null or (typeof(${c}) = 'integer' and ${c} >= 0)`)
        : sql.raw(`${c} is null or ${c} >= 0`)
    await createTableWithId(db, 'disputes', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('opened_by', 'integer')
      .addColumn('opener_side', 'text')
      .addColumn('from_status', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('opened_at', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('ruled_by', 'integer')
      .addColumn('ruled_at', 'bigint')
      .addColumn('decision', 'text')
      .addColumn('refund_amount', 'bigint')
      .addColumn('settle_amount', 'bigint')
      .addColumn('ruling_reason', 'text')
      .addCheckConstraint('disputes_status_check', sql`status in ('OPEN', 'RULED')`)
      .addCheckConstraint('disputes_refund_check', amount('refund_amount'))
      .addCheckConstraint('disputes_settle_check', amount('settle_amount'))
      .execute()
    await sql`create unique index disputes_open_order_idx on disputes (order_no) where status = 'OPEN'`.execute(
      db,
    )
    await db.schema.createIndex('disputes_order_idx').on('disputes').columns(['order_no', 'id']).execute()
    await db.schema.createIndex('disputes_status_idx').on('disputes').columns(['status', 'id']).execute()

    // ruled orders: the amounts as the ledger moved them (rulings before 0032 were whole: all to one side)
    await sql`
      insert into disputes (order_no, opened_by, opener_side, from_status, reason, opened_at, status,
        ruled_by, ruled_at, decision, refund_amount, settle_amount, ruling_reason)
      select x.order_no, null, null, x.disputed_from, coalesce(x.dispute_reason, ''),
        coalesce((select min(p.created_at) from warrant_posts p
                  where p.order_no = x.order_no and p.sender_role = 'system'
                    and p.content like '订单进入仲裁：%'), x.updated_at),
        case when x.is_open = 1 then 'OPEN' else 'RULED' end,
        null,
        case when x.is_open = 1 then null else coalesce(x.settled_at, x.refunded_at, x.updated_at) end,
        case when x.is_open = 1 then null when x.refund = 0 then 'RELEASE' when x.settle = 0 then 'REFUND'
             else 'SPLIT' end,
        case when x.is_open = 1 then null else x.refund end,
        case when x.is_open = 1 then null else x.settle end,
        case when x.is_open = 1 then null
             else coalesce((select p.content from warrant_posts p
                            where p.order_no = x.order_no and p.sender_role = 'system'
                              and p.content like '平台裁决：%'
                            order by p.id desc limit 1), '') end
      from (
        select o.order_no, o.disputed_from, o.dispute_reason, o.updated_at, o.settled_at, o.refunded_at,
          case when o.status = 'ARBITRATING' then 1 else 0 end as is_open,
          coalesce((select sum(l.amount) from ledger l
                    where l.order_no = o.order_no and l.type = 'ORDER_REFUND'), 0) as refund,
          coalesce((select sum(l.amount) from ledger l
                    where l.order_no = o.order_no and l.type = 'SETTLEMENT'), 0) as settle
        from orders o
        where o.disputed_from is not null and o.status in ('ARBITRATING', 'SETTLED', 'REFUNDED')
      ) x
      order by x.order_no`.execute(db)
  },
})
export default migration
