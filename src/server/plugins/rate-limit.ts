/**
 * A fixed-window limiter per route and client IP, used as a route's onRequest hook (e.g. login,
 * captcha): a window opens at an address's first request and lasts `windowMs`. The counters are the
 * app's shared state (app.shared, cluster/state.ts): this process's memory, or with REDIS_URL Redis, so
 * every server process counts the same hits (docs/scaling.md). Same call everywhere:
 * `rateLimit({ max, windowMs, now })`.
 */
import type { FastifyRequest } from 'fastify'
import { tooMany } from '../http/errors'

export function rateLimit(opts: { max: number; windowMs: number; now: () => number }) {
  return async (request: FastifyRequest) => {
    // one counter per route and address: in this process, or with REDIS_URL shared by every process
    const count = await request.server.shared.hit(
      `rl:${request.method}:${request.routeOptions.url}:${request.ip}`,
      opts.windowMs,
      opts.now(),
    )
    if (count > opts.max) throw tooMany()
  }
}
