/**
 * The server-side renderer of the public pages (docs/ssr.md): the same route table, components and
 * query definitions as the browser. The API server loads the built module (dist/ssr) and calls
 * `render` for each anonymous page request; the calls of the query functions go to the server's own
 * handlers through the call transport (api/client.ts), never over the network.
 *
 * One render: match the route; prefetch what the page's head needs; render the app to HTML; any
 * query a component asked for and the cache does not hold yet is fetched and the app rendered again
 * (at most a few rounds), so the page carries exactly the data its components read. The cache is
 * dehydrated into the page (the browser hydrates it and does not fetch again) and antd's styles of
 * the rendered components are extracted into the head.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom'
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { StyleProvider } from '@ant-design/cssinjs'
import { API_BASE } from '@shared/constants'
import { PUBLIC_CONFIG_KEYS } from '@shared/api/system'
import { configQuery } from '@renderer/api/system'
import { setCallTransport, type CallTransport } from '@renderer/api/client'
import { toQueryString } from '@renderer/api/query-string'
import { Providers } from '@renderer/app/providers'
import { createQueryClient } from '@renderer/app/query-client'
import { buildRoutes } from '@renderer/app/routes'
import { pageSource } from '@renderer/app/pages'
import type { RouteHandle } from '@renderer/app/RootShell'
import { NOT_FOUND_PATH, type PageKey, type RouteEntry } from '@renderer/app/route-table'
import type { Device } from '@renderer/utils/device'
import { SSR_PAGES, type PageHead } from './head'
import { pageStyleCache, pageStyles } from './styles'

export type { PageHead } from './head'

export interface RenderInput {
  /** path and query of the request, e.g. /list.html?gameId=1 */
  url: string
  /** scheme and host of the public site, for canonical and Open Graph URLs */
  origin: string
  /** the layout to draw: the phone's when the request's user agent says Mobile (utils/device.ts) */
  device?: Device
}

export interface RenderResult {
  /** 200, or 404 for unknown paths and for listings, shops and notices that do not exist */
  status: number
  head: PageHead
  /** the app's HTML (the content of #root) */
  html: string
  /** antd's style tags of the rendered components */
  styles: string
  /** the dehydrated query cache (JSON), or null when the browser should render afresh */
  state: string | null
  /** the page rendered, for its script and style chunks */
  page: PageKey
  /** the layout drawn (#root's data-device, read back by the browser while it hydrates) */
  device: Device
}

const MAX_ROUNDS = 4

let routes: ReturnType<typeof buildRoutes> | null = null
const appRoutes = () => (routes ??= buildRoutes())
// the static handler turns the route table into data routes: once, not per request
let handler: ReturnType<typeof createStaticHandler> | null = null
const staticHandler = () => (handler ??= createStaticHandler(appRoutes()))

/** The server's own handlers: method, /api URL with its query string, body → the envelope. */
export type ServerCall = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<unknown>

/** Route every query function to the server's own handlers (set once at start-up). */
export function setTransport(send: ServerCall): void {
  const transport: CallTransport = ({ method, url, query, body }) => {
    const search = toQueryString(query as Record<string, unknown> | undefined)
    return send(method, `${API_BASE}${url}${search ? `?${search}` : ''}`, body)
  }
  setCallTransport(transport)
}

/**
 * What a path matches, kept per pathname: matching ranks the whole route table on every call (about
 * a millisecond), and each page request asks twice (is it rendered here, then the render). Bounded:
 * the map is emptied when full (listing ids make the paths unbounded).
 */
interface PathMatch {
  /** the table entry of the path, or null for a path outside the table (the catch-all) */
  entry: RouteEntry | null
  /**
   * a route of the app other than the catch-all takes the path without a table entry: the staff
   * console's `/console/*`, which routes its own pages (its menu comes from the server)
   */
  outsideTable: boolean
}
const matched = new Map<string, PathMatch>()
const MATCHED_LIMIT = 5000

function matchOf(pathname: string): PathMatch {
  let hit = matched.get(pathname)
  if (!hit) {
    const matches = matchRoutes(appRoutes(), pathname) ?? []
    const handle = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.entry)
      ?.route.handle as RouteHandle | undefined
    hit = {
      entry: handle?.entry ?? null,
      outsideTable: matches.some((m) => m.route.handle && !(m.route.handle as RouteHandle).entry),
    }
    if (matched.size >= MATCHED_LIMIT) matched.clear()
    matched.set(pathname, hit)
  }
  return hit
}

/** The table entry of a path, or null for a path outside the table (the catch-all). */
export const entryOf = (pathname: string): RouteEntry | null => matchOf(pathname).entry

/** Whether a path is rendered on the server (public table pages and unknown paths). */
export function isServerRendered(pathname: string): boolean {
  const { entry, outsideTable } = matchOf(pathname)
  if (!entry) return !outsideTable
  return Boolean(entry.page && !entry.auth && SSR_PAGES[entry.page])
}

/**
 * The whole page at once, as a string. Not a stream: nothing is sent before the page is complete
 * (its data is fetched before, and the CSP allows none of the inline scripts that put streamed
 * boundaries in place), and React's stream encoding every chunk into buffers was a tenth of a
 * render. A boundary that suspended (a lazy page the process has not loaded yet) is written as its
 * fallback, marked `<!--$!`: `renderSettled` renders again once it has loaded.
 */
const toHtml = (node: ReactNode): string => renderToString(node)
const SUSPENDED = '<!--$!'

async function renderApp({ url, origin, device }: RenderInput, queryClient: QueryClient) {
  const handler = staticHandler()
  const context = await handler.query(new Request(new URL(url, origin)))
  if (context instanceof Response) throw new Error(`unexpected redirect rendering ${url}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const cache = pageStyleCache()
  const html = toHtml(
    // outside the providers: ConfigProvider and App register styles of their own (the icons' reset,
    // the App's font), which the page must carry like the components'
    <StyleProvider cache={cache}>
      <Providers queryClient={queryClient} device={device}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StyleProvider>,
  )
  return { html, styles: pageStyles(cache) }
}

/** Queries the components asked for that the cache has no answer for yet (and may run logged out). */
function missing(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (q) =>
        q.state.status === 'pending' &&
        q.state.fetchStatus === 'idle' &&
        (q.options as { enabled?: unknown }).enabled !== false,
    )
}

async function renderSettled(input: RenderInput, queryClient: QueryClient) {
  for (let round = 1; ; round++) {
    const result = await renderApp(input, queryClient)
    const wanted = missing(queryClient)
    // a boundary that suspended (a page's chunk loading the first time) is only its fallback:
    // render again once the chunk is in (a lazy component settles a turn after its import)
    const waited = result.html.includes(SUSPENDED)
    if ((wanted.length === 0 && !waited) || round >= MAX_ROUNDS) return result
    // (a module imported for the first time can take a while: each round waits longer)
    if (waited) await new Promise((resolve) => setTimeout(resolve, 10 * 4 ** round))
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)))
  }
}

/** Answers that survive JSON (a Set, e.g. the follow flags, is computed again in the browser). */
const travels = (query: Query) => {
  const data = query.state.data
  return defaultShouldDehydrateQuery(query) && !(data instanceof Set) && !(data instanceof Map)
}

const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export async function render(input: RenderInput): Promise<RenderResult> {
  const { url, origin } = input
  const parsed = new URL(url, origin)
  const entry = entryOf(parsed.pathname)
  const page: PageKey = entry?.page ?? 'errors/NotFoundPage'
  const spec = SSR_PAGES[page]
  if (!spec) throw new Error(`not a server-rendered page: ${parsed.pathname}`)
  const queryClient = createQueryClient()
  const [found] = await Promise.all([
    entry ? spec.load(queryClient, parsed) : false,
    // the header's (every main-layout page)
    queryClient.prefetchQuery(configQuery(PUBLIC_CONFIG_KEYS.thirdLoginUrl)),
  ])
  if (!found) return renderNotFound(input)
  const { html, styles } = await renderSettled(input, queryClient)
  return {
    status: 200,
    head: spec.head(queryClient, parsed, origin),
    html,
    styles,
    state: safeJson(dehydrate(queryClient, { shouldDehydrateQuery: travels })),
    page,
    device: input.device ?? 'desktop',
  }
}

/** The 404 page's HTML with status 404; the browser renders the address afresh (no hydration). */
async function renderNotFound({ origin, device }: RenderInput): Promise<RenderResult> {
  const queryClient = createQueryClient()
  const { html, styles } = await renderSettled({ url: NOT_FOUND_PATH, origin, device }, queryClient)
  const spec = SSR_PAGES['errors/NotFoundPage']!
  return {
    status: 404,
    head: spec.head(queryClient, new URL(NOT_FOUND_PATH, origin), origin),
    html,
    styles,
    state: null,
    page: 'errors/NotFoundPage',
    device: device ?? 'desktop',
  }
}

/** The module of each server-rendered page, as the client build's manifest names it (its chunk and CSS). */
export const PAGE_SOURCES = Object.fromEntries(
  (Object.keys(SSR_PAGES) as PageKey[]).map((page) => [page, pageSource(page)]),
) as Partial<Record<PageKey, string>>
