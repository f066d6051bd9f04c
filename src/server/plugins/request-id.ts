/**
 * Request ids (docs/operations.md, "Monitoring"): every request gets one — the `x-request-id` the
 * balancer sent when it looks sane (1–64 of A–Z a–z 0–9 - _; nginx's `$request_id` is 32 hex
 * digits), else a new one of 12 hex digits. Fastify puts it on every log line of the request
 * (`reqId`), the answer carries it in the `x-request-id` header, and every error envelope in
 * `requestId` (plugins/envelope.ts), which the renderer shows as 错误编号 — so a user's report finds
 * the log lines.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

export const REQUEST_ID_HEADER = 'x-request-id'
const SANE = /^[A-Za-z0-9_-]{1,64}$/

/** Fastify's `genReqId`: the incoming id when sane, else a fresh one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  if (typeof given === 'string' && SANE.test(given)) return given
  return randomBytes(6).toString('hex')
}

/** Every answer (API, pages, files, the live-event stream, 404s) names its request id. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
}
