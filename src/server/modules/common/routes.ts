/**
 * File downloads (GET /api/common/download?fileName=…&delete=true).
 *
 * Only exports the server generated for the caller are served (see exports.ts); the name is
 * matched against the caller's own records, never used as a path. A navigation cannot send the
 * Authorization header, so the request carries a single-use download ticket (POST
 * /common/downloadTicket) — or the header, for programmatic clients.
 *
 * HTTP status exception: this route answers failures with the real HTTP status (401, 403, 404,
 * 400) and the usual JSON envelope as the body. A download is a navigation: with HTTP 200 a browser
 * would save the error envelope as a file; with a 4xx status the download fails visibly instead
 * (Electron reports it as interrupted).
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify'
import { COMMON } from '../../../shared/api/common'
import { Code } from '../../../shared/api/envelope'
import { ApiError, forbidden, invalid, notFound, serverError, unauthorized } from '../../http/errors'
import { route } from '../../http/route'
import { bearerToken, sessionOf, type Authenticator } from '../../plugins/auth'
import { fail } from '../../plugins/envelope'
import { rateLimit } from '../../plugins/rate-limit'
import { contentDisposition, mimeOf, type ExportsService } from './exports'
import type { SessionCheck, TicketService } from './tickets'

const FILE_GONE = '文件不存在或已过期，请重新导出'

function sendDownloadError(reply: FastifyReply, err: FastifyError | ApiError) {
  let error: ApiError
  if (err instanceof ApiError) error = err
  else if ((err as FastifyError).validation) error = invalid(err.message)
  else {
    reply.log.error({ err }, 'download failed')
    error = serverError()
  }
  // 521/522 (session ended) are 401 for the browser: the business code stays in the body
  const { code } = error
  const status = code === Code.SESSION_ENDED || code === Code.SESSION_REPLACED ? 401 : code
  return reply
    .code(status >= 400 && status < 600 ? status : 400)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(fail(error, reply.request.id))
}

export const commonRoutes: FastifyPluginAsync<{
  exports: ExportsService
  tickets: TicketService
  auth: Authenticator
  sessionAlive: SessionCheck
  now: () => number
}> = async (app, { exports, tickets, auth, sessionAlive, now }) => {
  route(app, COMMON.downloadTicket, async (request) => {
    const session = sessionOf(request)
    const { fileName } = request.body
    if (!(await exports.owns(session.userId, fileName))) throw notFound(FILE_GONE)
    const ticket = await tickets.issue(session, { kind: 'download', fileName })
    return { ticket, expiresIn: Math.round(tickets.ttlMs / 1000) }
  })

  route(
    app,
    COMMON.download,
    {
      onRequest: rateLimit({ max: 60, windowMs: 60_000, now }),
      fastify: {
        errorHandler: (err, _request, reply) => sendDownloadError(reply, err as FastifyError | ApiError),
      },
    },
    async (request, reply) => {
      const { fileName, ticket } = request.query
      let userId: number
      const token = bearerToken(request)
      if (token) {
        userId = (await auth.authenticate(token)).userId
      } else {
        if (!ticket) throw unauthorized()
        const grant = await tickets.consume(ticket, { kind: 'download', fileName })
        if (!grant || !(await sessionAlive(grant.tokenHash))) {
          throw forbidden('下载凭证无效或已过期，请重新下载')
        }
        userId = grant.userId
      }

      const file = await exports.find(userId, fileName)
      const size = file
        ? await stat(file.absPath).then(
            (s) => (s.isFile() ? s.size : -1),
            () => -1,
          )
        : -1
      if (!file || size < 0) throw notFound(FILE_GONE)

      if (request.query.delete) {
        // delete=true: the file goes once it has been sent completely
        reply.raw.once('finish', () => {
          exports.remove(file).catch((err: unknown) => request.log.warn({ err }, 'export not removed'))
        })
      }
      return reply
        .header('content-type', mimeOf(file.fileName))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('content-length', String(size))
        .header('cache-control', 'no-store')
        .send(createReadStream(file.absPath))
    },
  )
}
