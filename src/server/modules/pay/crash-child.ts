/**
 * The process that dies (crash.test.ts; docs/payments.md, "Failures and their tests"): a server on
 * the test's data directory whose Alipay is the real adapter talking to the test's simulator, killed
 * by SIGKILL at one chosen point — no handler, no rollback of ours, no answer — as a crash or an OOM
 * kill would. Run by the test bundled (src/server/test-bundle.ts): `node <bundle> <spec.json>`.
 *
 * - `payment`: listens; the test pays at the simulator, whose notification reaches this process,
 *   which dies inside the transaction that applies it (after the wallet's TOPUP ledger row, before
 *   the commit) — a SQLite trigger of this connection only (TEMP) calls a function that kills it.
 * - `payout`: approves a withdrawal (staff's call); the provider wrapper lets Alipay take the
 *   transfer and kills the process before the answer reaches the pay centre.
 */
import { readFileSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { buildApp } from '../../app'
import { createAlipayProvider } from './alipay'
import type { PayProvider } from './provider'

export interface CrashSpec {
  scenario: 'payment' | 'payout'
  dataDir: string
  port: number
  siteOrigin: string
  appId: string
  privateKey: string
  alipayPublicKey: string
  gateway: string
  /** payout: the withdrawal staff approve, and a staff token allowed to */
  withdrawNo?: string
  adminToken?: string
}

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as CrashSpec
const die = (): never => {
  process.kill(process.pid, 'SIGKILL')
  throw new Error('unreachable')
}

// the app's own SQLite connection (the first statement prepared on market.db): the trigger must be its
const connections: SQLite.Database[] = []
const proto = SQLite.prototype as unknown as { prepare: (this: SQLite.Database, sql: string) => unknown }
const prepare = proto.prepare
proto.prepare = function (this: SQLite.Database, sql: string) {
  if (connections.length === 0 && this.name.endsWith('market.db')) connections.push(this)
  return prepare.call(this, sql)
}

const alipay = createAlipayProvider({
  appId: spec.appId,
  privateKey: spec.privateKey,
  alipayPublicKey: spec.alipayPublicKey,
  gateway: spec.gateway,
  timeoutMs: 5_000,
})
const provider: PayProvider =
  spec.scenario === 'payout'
    ? {
        ...alipay,
        // Alipay took the transfer and answered; we die before the answer is recorded
        payout: async (request) => {
          await alipay.payout(request)
          return die()
        },
      }
    : alipay

const app = await buildApp({
  dataDir: spec.dataDir,
  captchaEnabled: false,
  payProviders: [provider],
  payChaseMs: 0,
  payReconcileMs: 0,
  tradeSweepMs: 0,
  savedSearchSweepMs: 0,
  siteOrigin: spec.siteOrigin,
})

if (spec.scenario === 'payment') {
  const [db] = connections
  if (!db) throw new Error('the app opened no SQLite connection on market.db')
  db.function('crash_now', () => die())
  db.exec(`CREATE TEMP TRIGGER crash_before_commit AFTER INSERT ON ledger WHEN NEW.type = 'TOPUP'
           BEGIN SELECT crash_now(); END`)
  await app.listen({ port: spec.port, host: '127.0.0.1' })
  process.stdout.write('ready\n')
} else {
  const res = await app.inject({
    method: 'POST',
    url: '/api/funds/admin/withdraw/decide',
    headers: { authorization: `Bearer ${spec.adminToken}` },
    payload: { withdrawNo: spec.withdrawNo, approve: true },
  })
  // only when the wrapper was never called: the test fails on this process's exit code
  process.stdout.write(`approval answered ${res.body.slice(0, 300)}\n`)
  process.exit(3)
}
