/**
 * A small in-process fixed-window limiter per client IP, used as a route's onRequest hook
 * (e.g. login, captcha). One process, one map: enough for a single server instance.
 */
import type { FastifyRequest } from 'fastify'
import { Code } from '../../shared/api'
import { MSG } from '../../shared/messages'
import { ApiError } from './envelope'

const PRUNE_AT = 10_000

export function rateLimit(opts: { max: number; windowMs: number; now: () => number }) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return async (request: FastifyRequest) => {
    const now = opts.now()
    let window = windows.get(request.ip)
    if (!window || window.resetAt <= now) {
      if (windows.size >= PRUNE_AT) {
        for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip)
      }
      window = { count: 0, resetAt: now + opts.windowMs }
      windows.set(request.ip, window)
    }
    window.count += 1
    if (window.count > opts.max) throw new ApiError(Code.TOO_MANY, MSG.TOO_MANY_REQUESTS)
  }
}
