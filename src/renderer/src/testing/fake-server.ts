/**
 * Test helper: plays our server at the request layer's transport (an axios adapter), answering by the
 * endpoints of the contract — so a fixture is typed by the endpoint's result and cannot drift from
 * what the server answers. Everything above the transport (interceptors, code → toast mapping, the
 * api modules, TanStack Query) runs for real. Unknown calls answer code 404.
 *
 *   const server = fakeServer()
 *   server.on(NOTICE.list, ({ query }) => ({ rows: [...], total: 45 }))
 *   server.fail(NOTICE.detail, 404, '公告不存在')
 *   expect(server.callsTo(NOTICE.list)[0].query).toEqual({ ... })
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import type { BodyOf, EndpointSpec, QueryOf, ResultOf } from '@shared/api/contract'
import { setHttpAdapter } from '@renderer/api/http'

export interface FakeCall<E extends EndpointSpec = EndpointSpec> {
  body: BodyOf<E>
  query: QueryOf<E>
  params: Record<string, string>
  config: InternalAxiosRequestConfig
}

/** A business failure the fake answers with (`{ code, msg }`). */
export interface Failure {
  failure: { code: number; msg: string }
}
export const failure = (code: number, msg: string): Failure => ({ failure: { code, msg } })

type Answer<E extends EndpointSpec> = ResultOf<E> | Failure | ((call: FakeCall<E>) => ResultOf<E> | Failure)

interface Route {
  method: string
  pattern: RegExp
  names: string[]
  endpoint: EndpointSpec
  answer: Answer<EndpointSpec>
}

function compile(path: string) {
  const names: string[] = []
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  return { pattern: new RegExp(`^${source}$`), names }
}

function envelope(endpoint: EndpointSpec, result: unknown) {
  if (result && typeof result === 'object' && 'failure' in result) return (result as Failure).failure
  switch (endpoint.answer.kind) {
    case 'page': {
      const { rows, total, ...extras } = result as { rows: unknown[]; total: number }
      return { code: 200, msg: '查询成功', rows, total, ...extras }
    }
    case 'flat':
      return { code: 200, msg: '操作成功', ...(result as object), data: result }
    case 'none':
      return { code: 200, msg: '操作成功' }
    default:
      return { code: 200, msg: '操作成功', data: result }
  }
}

export interface FakeServer {
  on<E extends EndpointSpec>(endpoint: E, answer: Answer<E>): FakeServer
  fail<E extends EndpointSpec>(endpoint: E, code: number, msg: string): FakeServer
  calls: Array<FakeCall & { endpoint: EndpointSpec | null }>
  callsTo<E extends EndpointSpec>(endpoint: E): Array<FakeCall<E>>
  restore(): void
}

/** Installs the fake on the request layer; `restore()` (or the next fakeServer) takes it away. */
export function fakeServer(): FakeServer {
    const routes: Route[] = []
  const calls: FakeServer['calls'] = []
  const adapter: AxiosAdapter = async (config) => {
    const [path] = (config.url ?? '').split('?') as [string]
    const method = (config.method ?? 'get').toUpperCase()
    // the last registration of an endpoint wins (a test may answer differently later)
    const route = [...routes].reverse().find((r) => r.method === method && r.pattern.test(path))
    const params: Record<string, string> = {}
    if (route) {
      const match = route.pattern.exec(path)!
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)))
    }
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data || 'null') : config.data
    const call = { body, query: config.params ?? {}, params, config } as FakeCall
    calls.push({ ...call, endpoint: route?.endpoint ?? null })
    const result = !route
      ? { failure: { code: 404, msg: `no fake answer for ${method} ${path}` } }
      : typeof route.answer === 'function'
        ? (route.answer as (c: FakeCall) => unknown)(call)
        : route.answer
    const data = route ? envelope(route.endpoint, result) : (result as Failure).failure
    return { data, status: 200, statusText: 'OK', headers: {}, config }
  }
  const previous = setHttpAdapter(adapter)
  const server: FakeServer = {
    on(endpoint, answer) {
      const { pattern, names } = compile(endpoint.path)
      routes.push({
        method: endpoint.method,
        pattern,
        names,
        endpoint,
        answer: answer as Answer<EndpointSpec>,
      })
      return server
    },
    fail(endpoint, code, msg) {
      return server.on(endpoint, failure(code, msg) as Answer<typeof endpoint>)
    },
    calls,
    callsTo: (endpoint) => calls.filter((c) => c.endpoint === endpoint) as never,
    restore: () => {
      setHttpAdapter(previous)
    },
  }
  return server
}
