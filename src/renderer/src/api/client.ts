/**
 * Calls an endpoint of the contract (src/shared/api/contract.ts) through the request layer (http.ts,
 * which maps codes to toasts and redirects). Input and result types come from the declaration:
 *
 *   const notice = await call(NOTICE.detail, { params: { noticeId } })
 *   const page = await call(NOTICE.list, { query: { noticeType: 'GUIDE' } })   // { rows, total }
 *
 * Each api module wraps these in its query options and mutations (TanStack Query); pages never call
 * `call` or axios themselves.
 */
import type { ApiResult } from '@shared/api/envelope'
import { fillPath, type EndpointSpec, type InputOf, type ResultOf } from '@shared/api/contract'
import { API_BASE } from '@shared/constants'
import { platform } from '@renderer/platform'
import { ApiError, codeOf, http, type RequestOptions } from './http'

interface AnyInput {
  body?: unknown
  query?: object
  params?: Record<string, string | number>
}

type Envelope = ApiResult<unknown> & { rows?: unknown[]; total?: number } & Record<string, unknown>

/** The relative URL of an endpoint with its path parameters filled in. */
export function urlOf<E extends EndpointSpec>(endpoint: E, input: InputOf<E>): string {
  const params = (input as AnyInput).params
  return params ? fillPath(endpoint.path, params) : endpoint.path
}

/** The absolute URL (the API origin of the shell): for links the browser or the shell opens itself. */
export function absoluteUrlOf<E extends EndpointSpec>(
  endpoint: E,
  input: InputOf<E>,
  query?: string,
): string {
  const base = platform.apiBaseUrl() || API_BASE
  return `${base}${urlOf(endpoint, input)}${query ? `?${query}` : ''}`
}

/**
 * Where calls go instead of HTTP: the server-side renderer answers them in-process (docs/ssr.md).
 * It answers the envelope of the endpoint; a code other than 200 rejects the call (no toasts there).
 */
export type CallTransport = (request: {
  method: 'GET' | 'POST'
  url: string
  query?: object
  body?: unknown
}) => Promise<unknown>

let transport: CallTransport | null = null

/** Route every call through `next` (null: back to HTTP); returns the previous transport. */
export function setCallTransport(next: CallTransport | null): CallTransport | null {
  const previous = transport
  transport = next
  return previous
}

async function viaTransport(send: CallTransport, method: 'GET' | 'POST', url: string, input: AnyInput) {
  const answer = (await send({ method, url, query: input.query, body: input.body })) as Envelope
  const code = codeOf(answer, 200)
  if (code !== 200) throw new ApiError(answer?.msg ?? '', code, false, 'business', answer)
  return answer
}

export async function call<E extends EndpointSpec>(
  endpoint: E,
  input: InputOf<E>,
  options?: RequestOptions,
): Promise<ResultOf<E>> {
  const { body, query } = input as AnyInput
  const url = urlOf(endpoint, input)
  const answer = transport
    ? await viaTransport(transport, endpoint.method === 'GET' ? 'GET' : 'POST', url, input as AnyInput)
    : endpoint.method === 'GET'
      ? await http.get<Envelope>(url, query, options)
      : await http.post<Envelope>(url, body, options)
  switch (endpoint.answer.kind) {
    case 'page': {
      const { code: _code, msg: _msg, rows, total, ...extras } = answer
      return { ...extras, rows: Array.isArray(rows) ? rows : [], total: Number(total ?? 0) } as ResultOf<E>
    }
    case 'none':
      return undefined as ResultOf<E>
    default:
      return answer.data as ResultOf<E>
  }
}
