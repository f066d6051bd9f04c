/**
 * Health for load balancers and orchestrators (docs/scaling.md):
 * - GET /healthz — the process is alive (no dependencies checked): 200 `{ status: 'ok' }`;
 * - GET /readyz — the process can serve: the database answers, and Redis when REDIS_URL is set; 503
 *   with what failed otherwise, and 503 from the moment shutdown starts (`draining`), so the balancer
 *   stops sending new requests while open streams are drained.
 */
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
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

export function registerHealth(app: FastifyInstance, deps: { db: Db; shared: SharedState }) {
  let draining = false
  app.decorate('drain', () => {
    draining = true
  })
  app.addHook('preClose', async () => {
    draining = true
  })
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )
  app.get('/readyz', async (_request, reply) => {
    const database = await within(CHECK_TIMEOUT_MS, sql`select 1`.execute(deps.db)).then(
      () => 'ok',
      () => 'down',
    )
    const redis =
      deps.shared.kind === 'redis'
        ? await within(CHECK_TIMEOUT_MS, deps.shared.ping()).then(
            (up) => (up ? 'ok' : 'down'),
            () => 'down',
          )
        : 'unused'
    const ready = !draining && database === 'ok' && redis !== 'down'
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : draining ? 'draining' : 'unavailable', database, redis })
  })
}
