/**
 * The request layer: one axios instance for every /api call (docs/api-conventions.md,
 * docs/error-codes.md).
 *
 * - base URL from the platform (web '/api', desktop '<origin>/api'), 10 s time-out, JSON;
 * - `Authorization: Bearer <token>` unless the call passes `skipAuth`;
 * - GET params as a query string with object values flattened as `name[key]` (query-string.ts);
 * - answers are judged by the business `code` of the body (absent → 200), never by the HTTP status,
 *   and an error's kind by its `reason` (ErrorReason), never by the text of `msg`:
 *     200        resolve with the body;
 *     500        error toast 网络不稳定，请稍后再试！ with the answer's 错误编号 (its requestId), go home, reject;
 *     521/522    the server's msg as a warning, clear the login, go to /login.html, reject;
 *     401        error toast 认证失败…, clear the login, go to the login page with a redirect, reject;
 *     403/404    fixed message; other codes: the server's msg (or 系统未知错误…); toast and reject —
 *                unless the call passes `errors: 'caller'`: then no toast, and the caller shows
 *                `ApiError.message` itself (the login form does, in the form);
 * - transport failure (no answer, time-out, gateway down): error toast 网络开小差啦… for 5 s, reject.
 *
 * Side effects go through a small seam (`configureHttp`) so tests can assert every path, and the app
 * can route navigation through the router instead of reloading the page.
 *
 * axios itself is loaded with the first call (`httpClient()`): a server-rendered page makes no call
 * before the visitor does something, so its first load carries no request library (docs/ssr.md).
 */
import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios'
import { Code, type ErrorReason } from '@shared/api/envelope'
import { NETWORK_TOAST_SECONDS, REQUEST_TIMEOUT_MS, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { CODE_MESSAGES, MSG } from '@shared/messages'
import { platform } from '@renderer/platform'
import { isRealNameRefusal } from '@shared/rules/real-name'
import { promptRealName } from '@renderer/utils/real-name-prompt'
import { toast, type ToastKind } from '@renderer/utils/toast'
import { loginPathWithRedirect, LOGIN_PATH } from '@renderer/utils/login-redirect'
import { toQueryString } from './query-string'

/** Per-call options of the request layer. */
export interface RequestOptions {
  /** send the call without the Authorization header (captcha, public key, login, register) */
  skipAuth?: boolean
  /**
   * Who shows a business error (a non-200 code other than 401, 500, 521, 522, which always act globally).
   * 'global' (default): an error toast. 'caller': no toast; the caller shows `ApiError.message`.
   */
  errors?: 'global' | 'caller'
}

declare module 'axios' {
  // the per-call options ride on axios's own config (module augmentation must keep axios's signature)
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface AxiosRequestConfig<D = any> extends RequestOptions {}
}

/** Why a call failed: the business code of the answer, or a transport failure (code 0). */
export class ApiError extends Error {
  /** the envelope's machine-readable reason (docs/error-codes.md); undefined without an answer */
  readonly reason: ErrorReason | undefined
  /** the request's id the server logged (the envelope's requestId): shown as 错误编号 for server errors */
  readonly requestId: string | undefined

  constructor(
    message: string,
    /** business code; 0 when no answer arrived */
    readonly code: number,
    /** true when the request layer already showed this message to the user */
    readonly notified: boolean,
    readonly kind: 'business' | 'transport' | 'canceled' = 'business',
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
    this.reason = reasonOf(body)
    this.requestId = requestIdOf(body)
  }
}

/** A server fault (5xx business code) with the id to report: 错误编号 <id>; undefined otherwise. */
export function errorReference(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.requestId === undefined) return undefined
  return error.code >= 500 && error.code < 600 ? `错误编号 ${error.requestId}` : undefined
}

/** The side effects of the request layer, replaceable (tests, and the app wires the router in). */
export interface HttpEffects {
  /** show a closable toast for `seconds` */
  notify(kind: ToastKind, text: string, seconds?: number): void
  /** go to a path of this app */
  navigate(to: string): void
  /** forget the login: token, user info, roles (no reload) */
  clearSession(): void
  /** the current path and query, for the login redirect */
  currentPath(): string
  /** the trading gate refused for want of a real name: offer the real-name page */
  realNameRequired(text: string): void
}

const defaultEffects: HttpEffects = {
  notify: (kind, text, seconds) => toast(kind, text, seconds),
  navigate: (to) => window.location.assign(to),
  clearSession: () => {
    void platform.clearToken()
    localStorage.removeItem(USER_INFO_STORAGE_KEY)
  },
  currentPath: () => window.location.pathname + window.location.search,
  realNameRequired: (text) => promptRealName(text, (to) => effects.navigate(to)),
}

let effects: HttpEffects = { ...defaultEffects }

/** Replace some side effects; returns a function that restores the previous ones. */
export function configureHttp(partial: Partial<HttpEffects>): () => void {
  const previous = effects
  effects = { ...effects, ...partial }
  return () => {
    effects = previous
  }
}

/** The business code of an answer: the body's `code` (number or numeric text), else 200. */
export function codeOf(body: unknown, httpStatus: number): number {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = Number((body as { code: unknown }).code)
    if (Number.isFinite(code)) return code
  }
  // no envelope at all: an HTTP error page (proxy, crash) keeps its status; anything else is success
  if (typeof body !== 'object' || body === null) return httpStatus >= 400 ? httpStatus : Code.OK
  return Code.OK
}

function reasonOf(body: unknown): ErrorReason | undefined {
  if (body && typeof body === 'object' && 'reason' in body) {
    const reason = (body as { reason: unknown }).reason
    if (typeof reason === 'string') return reason as ErrorReason
  }
  return undefined
}

function requestIdOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'requestId' in body) {
    const id = (body as { requestId: unknown }).requestId
    if (typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)) return id
  }
  return undefined
}

function serverMsg(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'msg' in body) {
    const msg = (body as { msg: unknown }).msg
    if (typeof msg === 'string' && msg.trim() !== '') return msg
  }
  return undefined
}

function transportFailure(): never {
  effects.notify('error', MSG.NETWORK_DOWN, NETWORK_TOAST_SECONDS)
  throw new ApiError(MSG.NETWORK_DOWN, 0, true, 'transport')
}

/** Turn one HTTP answer into the body (code 200) or a rejected ApiError, with the effects of docs/error-codes.md. */
export function handleResponse(response: AxiosResponse): unknown {
  const config = response.config ?? {}
  const body: unknown = response.data
  // binary answers (downloads) carry no envelope unless the server answered with JSON
  if ((config.responseType === 'blob' || config.responseType === 'arraybuffer') && response.status < 400) {
    return body
  }
  // a gateway without the API behind it (proxy 502/503/504 with an HTML page) is a transport failure
  if ((typeof body !== 'object' || body === null) && response.status >= 502 && response.status <= 504) {
    transportFailure()
  }
  const code = codeOf(body, response.status)
  if (code === Code.OK) return body

  if (code === Code.SERVER_ERROR) {
    const error = new ApiError(MSG.SERVER_UNSTABLE, code, true, 'business', body)
    // the id the server logged, so the user can report it (docs/error-codes.md)
    const reference = errorReference(error)
    effects.notify('error', reference ? `${MSG.SERVER_UNSTABLE}（${reference}）` : MSG.SERVER_UNSTABLE)
    effects.navigate('/')
    throw error
  }
  if (code === Code.SESSION_ENDED || code === Code.SESSION_REPLACED) {
    const text = serverMsg(body) ?? MSG.SESSION_EXPIRED
    effects.notify('warning', text)
    effects.clearSession()
    effects.navigate(LOGIN_PATH)
    throw new ApiError(text, code, true, 'business', body)
  }
  if (code === Code.UNAUTHORIZED) {
    const back = effects.currentPath()
    effects.notify('error', MSG.UNAUTHORIZED)
    effects.clearSession()
    effects.navigate(loginPathWithRedirect(back))
    throw new ApiError(MSG.UNAUTHORIZED, code, true, 'business', body)
  }
  const text = CODE_MESSAGES[code] ?? serverMsg(body) ?? MSG.UNKNOWN
  const byCaller = config.errors === 'caller'
  if (isRealNameRefusal(reasonOf(body))) {
    // whoever called: the user is led to the real-name page (the form may repeat the text)
    effects.realNameRequired(text)
    throw new ApiError(text, code, true, 'business', body)
  }
  if (!byCaller) effects.notify('error', text)
  throw new ApiError(text, code, !byCaller, 'business', body)
}

/** A call that got no usable answer: canceled (silent) or a transport failure (5-second toast). */
export function handleTransportError(error: unknown, canceled: boolean): never {
  if (error instanceof ApiError) throw error
  if (canceled) throw new ApiError('请求已取消', 0, false, 'canceled')
  const response = (error as AxiosError | undefined)?.response
  if (response) handleResponse(response)
  transportFailure()
}

let client: Promise<AxiosInstance> | undefined

/** The one axios instance, created when the first call needs it. */
export function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(
    ({ default: axios, AxiosHeaders }) => {
      const instance = axios.create({
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'Content-Type': 'application/json;charset=utf-8' },
        paramsSerializer: { serialize: (params) => toQueryString(params as Record<string, unknown>) },
        // every HTTP answer is judged by its business code, whatever the HTTP status
        validateStatus: () => true,
      })
      instance.interceptors.request.use((config) => {
        // read per call: the desktop shell learns its API origin in platform.init()
        config.baseURL = platform.apiBaseUrl()
        const headers = AxiosHeaders.from(config.headers)
        const token = platform.getToken()
        if (token && !config.skipAuth) headers.set('Authorization', `Bearer ${token}`)
        else headers.delete('Authorization')
        config.headers = headers
        return config
      })
      instance.interceptors.response.use(
        (response) => handleResponse(response) as AxiosResponse,
        (error: unknown) => handleTransportError(error, axios.isCancel(error)),
      )
      return instance
    },
    (error: unknown) => {
      // the chunk could not be loaded (offline, a new deployment): the next call tries again
      client = undefined
      throw error
    },
  )
  return client
}

let adapterOverride: AxiosAdapter | undefined

/**
 * Answer calls in-process instead of the network (the tests' fake server, testing/fake-server.ts);
 * undefined: the network again. Returns the previous adapter.
 */
export function setHttpAdapter(adapter: AxiosAdapter | undefined): AxiosAdapter | undefined {
  const previous = adapterOverride
  adapterOverride = adapter
  return previous
}

/** Send a call; resolves with the answer's body (code 200), rejects with ApiError. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  let instance: AxiosInstance
  try {
    instance = await httpClient()
  } catch {
    transportFailure()
  }
  const sent = adapterOverride ? { ...config, adapter: adapterOverride } : config
  return instance.request(sent) as unknown as Promise<T>
}

export const http = {
  get<T>(url: string, params?: object, options?: RequestOptions & AxiosRequestConfig): Promise<T> {
    return request<T>({ ...options, method: 'get', url, params })
  },
  post<T>(url: string, data?: unknown, options?: RequestOptions & AxiosRequestConfig): Promise<T> {
    return request<T>({ ...options, method: 'post', url, data })
  },
  put<T>(url: string, data?: unknown, options?: RequestOptions & AxiosRequestConfig): Promise<T> {
    return request<T>({ ...options, method: 'put', url, data })
  },
  delete<T>(url: string, params?: object, options?: RequestOptions & AxiosRequestConfig): Promise<T> {
    return request<T>({ ...options, method: 'delete', url, params })
  },
}
