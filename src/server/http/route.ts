/**
 * Registers a route from its declaration in src/shared/api (the contract, typed once): the schemas
 * validate the input (src/server/plugins/validation.ts), `access` sets the session check
 * (plugins/auth.ts), and the handler's result is wrapped in the envelope the declaration names
 * (plugins/envelope.ts). The handler's request and result types come from the declaration, so a
 * route cannot drift from what the renderer sends and expects.
 *
 *   route(app, NOTICE.detail, async (r) => notices.detail(r.params.noticeId))
 *   route(app, TRADE.confirm, { message: '已确认收货' }, async (r) => trade.confirm(uid(r), …))
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
  onRequestHookHandler,
} from 'fastify'
import type { BodyOf, EndpointSpec, ParamsOf, QueryOf, ResultOf } from '../../shared/api/contract'
import { ok, okFlat, PAGE_MSG, SerializedPage } from '../plugins/envelope'
import { sessionOf, type Session } from '../plugins/auth'
import type { Code } from '../../shared/api/envelope'

type Part<T> = [T] extends [never] ? undefined : T

const JSON_TYPE = 'application/json; charset=utf-8'

/** The request as a handler of endpoint E sees it. */
export type RequestOf<E> = FastifyRequest<{
  Body: Part<BodyOf<E>>
  Querystring: Part<QueryOf<E>>
  Params: Part<ParamsOf<E>>
}>

export interface RouteExtras<E = never> {
  /** the success `msg` (default 操作成功); a function when it depends on the result or the request */
  message?: string | ((result: ResultOf<E>, request: RequestOf<E>) => string)
  /** hooks before the handler, e.g. a rate limit */
  onRequest?: onRequestHookHandler | onRequestHookHandler[]
  /** anything else fastify takes (error handler of a download route, …) */
  fastify?: Omit<RouteShorthandOptions, 'schema' | 'config' | 'onRequest'>
}

/** A list endpoint's handler may answer with its rows serialised already (plugins/envelope.ts). */
type SerializedOf<E> = E extends { answer: { kind: 'page'; t?: infer T; x?: infer X } }
  ? SerializedPage<T, X extends object ? X : object>
  : never
type Answer<E> = ResultOf<E> | SerializedOf<E>
type Handler<E> = (request: RequestOf<E>, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>
type RawHandler<E> = (request: RequestOf<E>, reply: FastifyReply) => Promise<unknown> | unknown

/** A raw route (files, sandbox pages, streams) answers itself; the others return their result. */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: E['answer']['kind'] extends 'raw' ? RawHandler<E> : Handler<E>,
): void
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: E['answer']['kind'] extends 'raw' ? RawHandler<E> : Handler<E>,
): void
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  extrasOrHandler: RouteExtras<E> | RawHandler<E>,
  maybeHandler?: RawHandler<E>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler
  const handler = (typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler) as RawHandler<E>
  const schema = {
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
  }
  const auth = endpoint.access === 'user' ? true : endpoint.access === 'optional' ? 'optional' : false
  const kind = endpoint.answer.kind
  const permission = endpoint.permission
  if (permission && endpoint.access !== 'user')
    throw new Error(`${endpoint.path}: a permission needs access 'user'`)
  const hooks = [extras.onRequest ?? []].flat()
  // after the auth plugin's onRequest hook has set the session (route hooks run after global ones)
  if (permission) hooks.unshift(async (request) => app.requirePermission(request, permission))
  app.route({
    ...extras.fastify,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { auth },
    ...(hooks.length ? { onRequest: hooks } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as RequestOf<E>, reply)
      const message =
        typeof extras.message === 'function'
          ? extras.message(result as ResultOf<E>, request as RequestOf<E>)
          : extras.message
      switch (kind) {
        case 'raw':
          return result
        case 'data':
          return ok(result, message)
        case 'none':
          return ok(undefined, message)
        case 'flat':
          return okFlat(result as object, message)
        case 'page': {
          if (result instanceof SerializedPage) return reply.type(JSON_TYPE).send(result.body)
          const { rows, total, ...rest } = result as { rows: unknown[]; total: number }
          return { code: 200 satisfies (typeof Code)['OK'], msg: PAGE_MSG, rows, total, ...rest }
        }
      }
    },
  })
}

/** The caller's user id on a route declared with access 'user'. */
export const uid = (request: FastifyRequest): number => sessionOf(request).userId

/** The caller's session, or null (routes declared with access 'optional'). */
export const sessionOrNull = (request: FastifyRequest): Session | null => request.session
