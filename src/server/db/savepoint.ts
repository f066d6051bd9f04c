/**
 * A part of a transaction that may fail alone: `fn` runs behind a savepoint of `trx`; should it
 * throw, only its own writes are rolled back and the error is rethrown, the transaction goes on.
 * (Kysely's callback transactions have no savepoint API; both SQLite and PostgreSQL take this SQL.)
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from './schema'

export async function inSavepoint<T>(
  trx: Transaction<Database>,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  const id = sql.id(name)
  await sql`savepoint ${id}`.execute(trx)
  try {
    const value = await fn()
    await sql`release savepoint ${id}`.execute(trx)
    return value
  } catch (err) {
    await sql`rollback to savepoint ${id}`.execute(trx)
    throw err
  }
}
