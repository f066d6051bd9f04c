/**
 * The one response envelope (architecture.md): `{ code, msg, data }`, lists `{ code, msg, rows, total }`,
 * and the error handling that maps every failure onto it.
 *
 * HTTP status policy (decided once): every /api answer goes out with HTTP 200 and the business code in
 * the body — also 400, 401, 404, 429, 500 and 521. The client (RuoYi's interceptor,
 * docs/error-codes.md) reads `code` from the body, and a non-2xx status would send it down its transport-failure path
 * (网络开小差啦) instead of its 401/521 handling. Only non-API answers (the web bundle, its 404 and the
 * 503 "bundle not built" page) use real HTTP statuses.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { Code, type ApiResult, type TableResult } from '../../shared/api'
import { MSG } from '../../shared/messages'
import type { Page } from '../db/paging'
import { ApiError, badRequest, invalid, serverError } from '../http/errors'
import { REQUEST_ID_HEADER } from './request-id'
import { schemaErrorFormatterFor } from './validation'

const OK_MSG = '操作成功'
const BAD_REQUEST_MSG = '请求格式不正确'

export function ok<T>(data?: T, msg: string = OK_MSG): ApiResult<T> {
  return { code: Code.OK, msg, data }
}

/**
 * RuoYi-style answer with its fields at the top level (`res.token`, `res.captchaEnabled`…), also
 * repeated in `data` so a client reading either place works.
 */
export function okFlat<T extends object>(fields: T, msg: string = OK_MSG): ApiResult<T> & T {
  return { code: Code.OK, msg, ...fields, data: fields }
}

/** The `msg` of every list answer. */
export const PAGE_MSG = '查询成功'

export function table<T>(page: Page<T>): TableResult<T> {
  return { code: Code.OK, msg: PAGE_MSG, rows: page.rows, total: page.total }
}

const PAGE_HEAD = Buffer.from(`{"code":${Code.OK},"msg":${JSON.stringify(PAGE_MSG)},"rows":[`)
const COMMA = Buffer.from(',')

/**
 * A list answer whose rows are serialised already (each row's JSON, UTF-8, made once and kept, e.g.
 * the listings' rows: goods/brief-json.ts): `route()` sends `{ code, msg, rows, total, ...extra }`
 * joined from those bytes instead of serialising and encoding every row again (serialising was a
 * fifth of a search's time, writing the answer's text as UTF-8 another: docs/scaling.md
 * "The list endpoint"). `R` is the rows' type, as the endpoint declares it.
 */
export class SerializedPage<R, X extends object = object> {
  declare readonly rowType?: R
  private joined: Buffer | undefined

  constructor(
    /** each row's JSON as UTF-8 */
    readonly rows: readonly Buffer[],
    readonly total: number,
    readonly extra: X,
  ) {}

  /** The answer's JSON as UTF-8 (joined once: an answer kept in a cache is sent many times). */
  get body(): Buffer {
    if (this.joined === undefined) {
      // the extra fields without their braces: '' or '"totalCapped":false'
      const extra = JSON.stringify(this.extra).slice(1, -1)
      const parts: Buffer[] = [PAGE_HEAD]
      for (const [i, row] of this.rows.entries()) {
        if (i > 0) parts.push(COMMA)
        parts.push(row)
      }
      parts.push(Buffer.from(`],"total":${this.total}${extra ? `,${extra}` : ''}}`))
      this.joined = Buffer.concat(parts)
    }
    return this.joined
  }
}

/**
 * The error envelope `{ code, msg, reason, requestId }` of a business error (docs/error-codes.md):
 * `requestId` is the request's id (plugins/request-id.ts), the 错误编号 a user can report.
 */
export function fail(err: ApiError, requestId?: string): ApiResult<never> {
  return requestId === undefined
    ? { code: err.code, msg: err.message, reason: err.reason }
    : { code: err.code, msg: err.message, reason: err.reason, requestId }
}

/** What any error answers: a business error itself, the framework's refusals as 400, the rest 500. */
function describe(err: FastifyError | ApiError): ApiError {
  if (err instanceof ApiError) return err
  if (err.validation) return invalid(err.message)
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return badRequest(MSG.BODY_TOO_LARGE)
  if (err.code?.startsWith('FST_ERR_CTP_')) return badRequest(MSG.BAD_JSON)
  if (err.statusCode !== undefined && err.statusCode < 500) return badRequest(BAD_REQUEST_MSG)
  return serverError()
}

/** The business code of the error a request was answered with (the request metrics' `code`). */
const answeredCodes = new WeakMap<object, number>()
export const errorCodeOf = (request: object): number | undefined => answeredCodes.get(request)

/** Sends any error as an envelope; real faults are logged here and never carry a stack to the client. */
export function sendError(reply: FastifyReply, err: FastifyError | ApiError) {
  const error = describe(err)
  if (error.code === Code.SERVER_ERROR) reply.log.error({ err }, 'request failed')
  answeredCodes.set(reply.request, error.code)
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .header(REQUEST_ID_HEADER, reply.request.id)
    .send(fail(error, reply.request.id))
}

export function registerEnvelope(app: FastifyInstance) {
  // The API speaks JSON only: a text/plain body is refused as not-JSON instead of reaching a handler.
  app.removeContentTypeParser('text/plain')
  app.addHook('onRoute', (route) => {
    route.schemaErrorFormatter ??= schemaErrorFormatterFor(route.schema)
  })
  app.setErrorHandler((err: FastifyError | ApiError, _request, reply) => sendError(reply, err))
}
