/**
 * A fixed-window limiter per client IP, used as a route's onRequest hook (e.g. login, captcha).
 * One process counts in its own memory; with REDIS_URL the counters live in Redis, so every server
 * process counts the same hits (app.shared, docs/scaling.md). Same call everywhere:
 * `rateLimit({ max, windowMs, now })`.
 */
import type { FastifyRequest } from 'fastify'
import { Code } from '../../shared/api'
import { MSG } from '../../shared/messages'
import { ApiError } from './envelope'

const PRUNE_AT = 10_000

export function rateLimit(opts: { max: number; windowMs: number; now: () => number }) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const local = (ip: string, now: number) => {
    let window = windows.get(ip)
    if (!window || window.resetAt <= now) {
      if (windows.size >= PRUNE_AT) {
        for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key)
      }
      window = { count: 0, resetAt: now + opts.windowMs }
      windows.set(ip, window)
    }
    return ++window.count
  }
  return async (request: FastifyRequest) => {
    const now = opts.now()
    const shared = request.server.shared
    const count =
      shared?.kind === 'redis'
        ? // one counter per route and address, whichever process answers
          await shared.hit(
            `rl:${request.method}:${request.routeOptions.url}:${request.ip}`,
            opts.windowMs,
            now,
          )
        : local(request.ip, now)
    if (count > opts.max) throw new ApiError(Code.TOO_MANY, MSG.TOO_MANY_REQUESTS)
  }
}
