import { sql, type Kysely } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * Money and stock guarded by the database too (docs/api-conventions.md, "Numbers"): the API refuses
 * anything but safe integers, and the tables refuse non-integer, non-finite and negative amounts,
 * prices, quantities and stock, so a bug in a service can never store ∞ or −5 fen.
 *
 * PostgreSQL: the columns are bigint/integer (no ∞ possible); CHECK constraints add "not negative".
 * SQLite: a column's type is only an affinity (it would keep 'Infinity' as a REAL), so BEFORE INSERT /
 * UPDATE triggers check `typeof(x) = 'integer'` and the sign.
 */
interface Guard {
  table: string
  /** integer, ≥ 0 (null allowed where the column is nullable) */
  nonNegative: string[]
  /** integer, any sign */
  signed?: string[]
}

export const NUMBER_GUARDS: Guard[] = [
  { table: 'goods', nonNegative: ['price', 'stock'] },
  { table: 'orders', nonNegative: ['unit_price', 'quantity', 'amount', 'escrow_amount'] },
  { table: 'bids', nonNegative: ['ask_price', 'price', 'counter_price'] },
  { table: 'wallets', nonNegative: ['available', 'frozen'] },
  {
    table: 'ledger',
    nonNegative: ['available_after', 'frozen_after'],
    signed: ['amount', 'frozen_amount'],
  },
  { table: 'topups', nonNegative: ['amount'] },
  { table: 'withdrawals', nonNegative: ['amount'] },
]

const sqliteCondition = (g: Guard) =>
  [
    ...g.nonNegative.map((c) => `(new.${c} is not null and (typeof(new.${c}) <> 'integer' or new.${c} < 0))`),
    ...(g.signed ?? []).map((c) => `(new.${c} is not null and typeof(new.${c}) <> 'integer')`),
  ].join(' or ')

async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres') {
  for (const g of NUMBER_GUARDS) {
    if (dialect === 'postgres') {
      const check = g.nonNegative.map((c) => `(${c} is null or ${c} >= 0)`).join(' and ')
      await sql
        .raw(`alter table ${g.table} add constraint ${g.table}_numbers_guard check (${check})`)
        .execute(db)
      continue
    }
    const columns = [...g.nonNegative, ...(g.signed ?? [])]
    const when = sqliteCondition(g)
    const message = `${g.table}: ${columns.join(', ')} must be non-negative integers`
    await sql
      .raw(
        `create trigger ${g.table}_numbers_insert before insert on ${g.table} when ${when} ` +
          `begin select raise(abort, '${message}'); end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger ${g.table}_numbers_update before update of ${columns.join(', ')} on ${g.table} ` +
          `when ${when} begin select raise(abort, '${message}'); end`,
      )
      .execute(db)
  }
}

const migration: MigrationFactory = (dialect) => ({
  up: (db) => up(db, dialect),
  async down(db) {
    for (const g of NUMBER_GUARDS) {
      if (dialect === 'postgres')
        await sql.raw(`alter table ${g.table} drop constraint ${g.table}_numbers_guard`).execute(db)
      else {
        await sql.raw(`drop trigger ${g.table}_numbers_insert`).execute(db)
        await sql.raw(`drop trigger ${g.table}_numbers_update`).execute(db)
      }
    }
  },
})
export default migration
