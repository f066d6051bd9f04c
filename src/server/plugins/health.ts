/**
 * Health for load balancers and orchestrators (docs/scaling.md, docs/operations.md "Monitoring"):
 * - GET /health (alias /healthz) — the process is alive (no dependencies checked): 200 `{ status: 'ok' }`;
 * - GET /ready (alias /readyz) — the process can serve: the database answers and has run every
 *   migration this build knows, and Redis answers when REDIS_URL is set; 503 with what failed
 *   otherwise, and 503 from the moment shutdown starts (`draining`), so the balancer stops sending
 *   new requests while open streams are drained.
 */
import { sql } from 'kysely'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SharedState } from '../cluster/state'
import type { Db } from '../db'

const CHECK_TIMEOUT_MS = 2000

declare module 'fastify' {
  interface FastifyInstance {
    /** readiness answers 503 from now on (server.ts calls it on SIGTERM, before closing) */
    drain(): void
  }
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export interface HealthDeps {
  db: Db
  shared: SharedState
  /** the migrations the database has not run (db/migrate.ts) */
  pendingMigrations: () => Promise<string[]>
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps) {
  let draining = false
  app.decorate('drain', () => {
    draining = true
  })
  app.addHook('preClose', async () => {
    draining = true
  })
  const alive = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' })
  app.get('/health', alive)
  app.get('/healthz', alive)
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const database = await within(CHECK_TIMEOUT_MS, sql`select 1`.execute(deps.db)).then(
      () => 'ok',
      () => 'down',
    )
    // migrations: 'ok', 'pending' (this build is newer than the database), or 'unknown' (no answer)
    const migrations =
      database === 'ok'
        ? await within(CHECK_TIMEOUT_MS, deps.pendingMigrations()).then(
            (pending) => (pending.length === 0 ? 'ok' : 'pending'),
            () => 'unknown',
          )
        : 'unknown'
    const redis =
      deps.shared.kind === 'redis'
        ? await within(CHECK_TIMEOUT_MS, deps.shared.ping()).then(
            (up) => (up ? 'ok' : 'down'),
            () => 'down',
          )
        : 'unused'
    const ok = !draining && database === 'ok' && migrations === 'ok' && redis !== 'down'
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ready' : draining ? 'draining' : 'unavailable', database, migrations, redis })
  }
  app.get('/ready', ready)
  app.get('/readyz', ready)
}
