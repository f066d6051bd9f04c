import type { FastifyInstance } from 'fastify'
import { DESKTOP_APP_ORIGIN } from '../../shared/constants'

/**
 * Cross-origin access for the desktop renderer (app://marketplace) and any extra origins listed in
 * CORS_ORIGINS (e.g. the electron-vite dev server). The web bundle is same-origin and needs none.
 * The token travels in the Authorization header, never in cookies, so credentials stay off.
 */
export function registerCors(app: FastifyInstance, extraOrigins: readonly string[]) {
  const allowed = new Set([DESKTOP_APP_ORIGIN, ...extraOrigins])
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (!origin || !allowed.has(origin)) return
    reply.header('access-control-allow-origin', origin)
    reply.header('vary', 'Origin')
    reply.header('access-control-expose-headers', 'Content-Disposition')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
        .header('access-control-allow-headers', 'Authorization, Content-Type')
        .header('access-control-max-age', '600')
        .code(204)
        .send()
    }
  })
}
