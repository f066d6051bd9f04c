/**
 * Work that must wait until a transaction committed (docs/architecture.md, "Domain events"): the
 * after-commit handlers of domain events (modules/events/domain.ts) — clearing caches, sending
 * messages — must never see, or announce, a change that was then rolled back.
 *
 * Kysely's callback transactions have no commit hook, so `openDatabase` gives its instance one
 * (`withCommitHooks`): every `db.transaction().execute(fn)` keeps a list for its transaction object,
 * `afterCommit(trx, fn)` adds to it, and the list runs, in order, once the transaction committed and
 * before `execute` returns — so a request answers after its caches were cleared. A rolled-back
 * transaction drops its list. Called with the database itself (no transaction: each statement has
 * committed already), the work runs at once.
 */
import type { Kysely, TransactionBuilder } from 'kysely'

type Work = () => Promise<void>

const pending = new WeakMap<object, Work[]>()

/**
 * Runs `work` once `trx` committed (at once when `trx` is not a transaction). Its failure is the
 * caller's to catch: the transaction has committed, nothing rolls back.
 */
export async function afterCommit(trx: { readonly isTransaction: boolean }, work: Work): Promise<void> {
  if (!trx.isTransaction) return work()
  const list = pending.get(trx)
  if (!list)
    throw new Error(
      'afterCommit: a transaction not made by db.transaction() of openDatabase (no commit hooks)',
    )
  list.push(work)
}

function hooked<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder)
  const setIsolationLevel = builder.setIsolationLevel.bind(builder)
  builder.execute = async (fn) => {
    const list: Work[] = []
    const result = await execute((trx) => {
      pending.set(trx, list)
      return fn(trx)
    })
    // committed: the list may grow while it runs (a handler publishing in its own autocommit writes)
    for (let i = 0; i < list.length; i++) await list[i]()
    return result
  }
  builder.setIsolationLevel = (level) => hooked(setIsolationLevel(level))
  return builder
}

/** Gives `db.transaction()` commit hooks (openDatabase does this for every instance it makes). */
export function withCommitHooks<DB>(db: Kysely<DB>): Kysely<DB> {
  const transaction = db.transaction.bind(db)
  db.transaction = () => hooked(transaction())
  return db
}
