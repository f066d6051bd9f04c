/**
 * Closing a serving process without failing a request (SIGTERM in server.ts; docs/operations.md,
 * "Rolling restart"). In order:
 *
 * 1. drain: /readyz answers 503 and every answer carries `Connection: close` (plugins/health.ts), so
 *    each keep-alive connection ends after the request it carries; the process keeps listening and
 *    serving for `delayMs`. A proxy's idle keep-alive connections are closed by the proxy itself in
 *    that time (nginx's upstream `keepalive_timeout` is shorter: deploy/nginx/market.conf), so the
 *    process never closes a connection the proxy may be writing a request on;
 * 2. the listening socket is closed (new connections are refused: nginx passes the request to the
 *    other process, even a POST, since nothing was sent) — without Node's immediate close of "idle"
 *    connections, which would also reset a connection accepted a moment ago whose request is not
 *    parsed yet; `settleMs` later such requests are running;
 * 3. `app.close()`: live-event streams get a last event with a `retry:` hint and end (clients
 *    reconnect through the proxy to another process and resume after Last-Event-ID); jobs stop; the
 *    connections still idle are closed — Node closes those idle after a request, `closeUnusedConnections`
 *    those that never carried one (a browser's preconnect; Node would wait for its headers timeout,
 *    60 s) —, requests in flight finish and their connections close; then the database and Redis are
 *    released.
 *
 * The caller bounds the whole (server.ts exits after `boundMs(...)` at the latest).
 */
import { Server as NetServer, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

export interface GracefulCloseOptions {
  /** how long the process keeps serving after readiness turned 503 (SHUTDOWN_DELAY_MS) */
  delayMs: number
  /** after the listener closed, time for just-accepted connections to deliver their request */
  settleMs?: number
}

/** settleMs when not given: a request accepted before the listener closed is parsed within it */
export const SETTLE_MS = 500
/** what requests in flight get to finish after app.close() began, before server.ts forces the exit */
export const FINISH_MS = 15_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** the longest a graceful close may take before the process should exit anyway */
export function boundMs(opts: GracefulCloseOptions): number {
  return opts.delayMs + (opts.settleMs ?? SETTLE_MS) + FINISH_MS
}

export async function closeGracefully(app: FastifyInstance, opts: GracefulCloseOptions): Promise<void> {
  app.drain()
  if (opts.delayMs > 0) await sleep(opts.delayMs)
  const server = app.server
  if (server.listening) {
    // net's close: the listener only (http's close would also destroy every connection without a
    // request in progress, including one whose request bytes are still unread)
    NetServer.prototype.close.call(server)
    await sleep(opts.settleMs ?? SETTLE_MS)
  }
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
