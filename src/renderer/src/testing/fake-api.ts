/**
 * Test helper: answers the request layer's calls in memory (an axios adapter — the transport only;
 * everything above it, the interceptors and their effects, runs for real).
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import { setHttpAdapter } from '@renderer/api/http'

export type FakeRoute = (config: InternalAxiosRequestConfig) => unknown

export interface FakeApi {
  calls: InternalAxiosRequestConfig[]
  callsTo(url: string): InternalAxiosRequestConfig[]
  restore(): void
}

/** Install answers keyed by URL path (without /api); unknown URLs answer code 404. */
export function fakeApi(routes: Record<string, FakeRoute | object>): FakeApi {
    const calls: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config)
    const path = (config.url ?? '').split('?')[0] as string
    const route = routes[path]
    const data =
      route === undefined
        ? { code: 404, msg: 'not found' }
        : typeof route === 'function'
          ? (route as FakeRoute)(config)
          : route
    return { data, status: 200, statusText: 'OK', headers: {}, config }
  }
  const previous = setHttpAdapter(adapter)
  return {
    calls,
    callsTo: (url) => calls.filter((c) => (c.url ?? '').split('?')[0] === url),
    restore: () => {
      setHttpAdapter(previous)
    },
  }
}

export const ok = (data?: unknown) => ({ code: 200, msg: '操作成功', data })
