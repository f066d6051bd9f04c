/**
 * Health for load balancers and orchestrators (docs/scaling.md, docs/operations.md "Monitoring"):
 * - GET /health (alias /healthz) — the process is alive (no dependencies checked): 200 `{ status: 'ok' }`;
 * - GET /ready (alias /readyz) — the process can serve: the database answers and has run every
 *   migration this build knows, and Redis answers when REDIS_URL is set; 503 with what failed
 *   otherwise, and 503 from the moment shutdown starts (`draining`), so the balancer stops sending
 *   new requests while open streams are drained.
 *
 * From `drain()` on, every answer also carries `Connection: close`, so each keep-alive connection ends
 * after the request it is serving; from `fence()` on, GET, HEAD and OPTIONS are answered 503, so nginx
 * passes them on and stops sending here (the rolling restart, http/graceful-close.ts and
 * docs/operations.md).
 */
import { sql } from 'kysely'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SharedState } from '../cluster/state'
import type { Db } from '../db'

const CHECK_TIMEOUT_MS = 2000
/**
 * Requests a fenced process still serves: those nginx does not pass on to another process once they
 * were sent (without `non_idempotent` in proxy_next_upstream), so a 503 would reach the client.
 */
const SERVED_WHEN_FENCED = new Set(['POST', 'PATCH', 'LOCK'])

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * readiness answers 503 and every answer closes its connection from now on
     * (http/graceful-close.ts calls it on SIGTERM, before closing)
     */
    drain(): void
    /**
     * from now on GET, HEAD and OPTIONS are answered 503 at once (a proxy sends them to another
     * process and takes this one out of its rotation), other methods are still served
     */
    fence(): void
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
  // at the answer, not the request: one that was in flight when the drain began closes its connection too
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close')
    done(null, payload)
  })
  let fenced = false
  app.decorate('fence', () => {
    draining = fenced = true
  })
  // fenced: a proxy passes these on to another process (and takes this one out); the rest is served
  app.addHook('onRequest', (request, reply, done) => {
    if (!fenced || SERVED_WHEN_FENCED.has(request.method)) return done()
    reply.code(503).header('retry-after', '1').send({ status: 'closing' })
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
