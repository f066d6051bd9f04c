/**
 * Closing a serving process without failing a request (SIGTERM in server.ts; docs/operations.md,
 * "Rolling restart"). In order:
 *
 * 1. drain: /readyz answers 503 and every answer carries `Connection: close` (plugins/health.ts), so
 *    each keep-alive connection ends after the request it carries; the process keeps listening and
 *    serving for `delayMs`. A proxy's idle keep-alive connections are closed by the proxy itself in
 *    that time (nginx's upstream `keepalive_timeout` is shorter: deploy/nginx/market.conf), so the
 *    process never closes a connection the proxy may be writing a request on;
 * 2. fence: GET, HEAD and OPTIONS are answered 503 at once, other methods still served. nginx passes
 *    such a 503 on to the other process and takes this one out of its rotation for `fail_timeout`, so
 *    no more requests come; after `quietMs` without a request (at most `fenceMs`) —
 * 3. the listening socket is closed. Closing it while a proxy's connections wait in its accept queue
 *    would reset them, and a POST whose connection was reset is lost (nginx does not send it twice);
 *    the fence makes sure none is coming. New connections are refused from now on (nginx passes the
 *    request on, even a POST, since nothing was sent). Node's http close, which also closes "idle"
 *    connections, is not used here; `settleMs` later a connection accepted at the last moment has
 *    delivered its request;
 * 4. `app.close()`: live-event streams get a last event with a `retry:` hint and end (clients
 *    reconnect through the proxy to another process and resume after Last-Event-ID); jobs stop; the
 *    connections still idle are closed — Node closes those idle after a request, `closeUnusedConnections`
 *    those that never carried one (a browser's preconnect; Node would wait for its headers timeout,
 *    60 s) —, requests in flight finish and their connections close; then the database and Redis are
 *    released.
 *
 * With `delayMs` 0 (no balancer: one process, development, tests) steps 1–3 are left out: the close
 * begins at once. The caller bounds the whole (server.ts exits after `boundMs(...)` at the latest).
 */
import { Server as NetServer, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

export interface GracefulCloseOptions {
  /** how long the process keeps serving after readiness turned 503 (SHUTDOWN_DELAY_MS) */
  delayMs: number
  /** the fence ends after this long without a request (QUIET_MS) */
  quietMs?: number
  /** the fence ends after this long anyway (FENCE_MS) */
  fenceMs?: number
  /** after the listener closed, time for just-accepted connections to deliver their request */
  settleMs?: number
}

/** quietMs when not given: nginx took the process out at its first 503, so nothing comes any more */
export const QUIET_MS = 1000
/** fenceMs when not given (a proxy that never passes a request on, only POSTs…) */
export const FENCE_MS = 5000

/** settleMs when not given: a request accepted before the listener closed is parsed within it */
export const SETTLE_MS = 1000
/** what requests in flight get to finish after app.close() began, before server.ts forces the exit */
export const FINISH_MS = 15_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** the longest a graceful close may take before the process should exit anyway */
export function boundMs(opts: GracefulCloseOptions): number {
  return opts.delayMs + (opts.fenceMs ?? FENCE_MS) + (opts.settleMs ?? SETTLE_MS) + FINISH_MS
}

export async function closeGracefully(app: FastifyInstance, opts: GracefulCloseOptions): Promise<void> {
  const server = app.server
  let lastRequestAt = Date.now()
  const seen = () => (lastRequestAt = Date.now())
  server.on('request', seen)
  app.drain()
  // SHUTDOWN_DELAY_MS=0: no balancer to wait for (one process, development, tests): close at once
  if (opts.delayMs > 0 && server.listening) {
    await sleep(opts.delayMs)
    app.fence()
    const quietMs = opts.quietMs ?? QUIET_MS
    const until = Date.now() + (opts.fenceMs ?? FENCE_MS)
    while (Date.now() < until && Date.now() - lastRequestAt < quietMs)
      await sleep(Math.min(until, lastRequestAt + quietMs) - Date.now() + 1)
    // net's close: the listener only (http's close would also destroy every connection without a
    // request in progress)
    NetServer.prototype.close.call(server)
    await sleep(opts.settleMs ?? SETTLE_MS)
  }
  server.off('request', seen)
  // streams end (preClose hooks), http's close reaps the idle connections and waits for the rest
  await app.close()
}

/**
 * At close, destroys the connections that never carried a request (app.ts registers it; a direct
 * `app.close()` in tests gets it too). A connection counts as used from its first request's headers.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const unused = new Set<Socket>()
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket)
    socket.once('close', () => unused.delete(socket))
  })
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket))
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy()
    unused.clear()
  })
}
