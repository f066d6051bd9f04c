/**
 * Security headers on every response, API and web bundle alike.
 *
 * Written by hand rather than with @fastify/helmet, on purpose:
 * - helmet serialises the Content-Security-Policy as `a;b` where ours is `a; b` (the exact value
 *   web.test.ts checks), so the header would change;
 * - helmet's defaults add eight more headers, several of which would break this app and would each
 *   have to be switched off: Cross-Origin-Resource-Policy: same-origin blocks the desktop renderer
 *   (app://marketplace) from loading the API's images, Cross-Origin-Opener-Policy: same-origin makes
 *   the customer-service popup look closed (platform/web.ts checks `popup.closed`), and
 *   Strict-Transport-Security is wrong on a server that may answer over plain HTTP.
 * Four fixed headers need nothing more than this hook.
 */
import type { FastifyInstance } from 'fastify'
import { BOOT_SCRIPT_CSP } from '../modules/ssr/boot'

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // Written for the HTML pages; harmless on JSON and files, so it goes on every response. The one
  // inline script allowed is a rendered page's boot script, by its hash (modules/ssr/boot.ts).
  'content-security-policy': `default-src 'self'; script-src 'self' ${BOOT_SCRIPT_CSP}; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
} as const

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(HEADERS)
    return payload
  })
}
