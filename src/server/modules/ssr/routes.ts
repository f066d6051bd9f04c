/**
 * The public pages rendered on the server (docs/ssr.md): robots.txt, the sitemaps, and the HTML of
 * the public routes (home, list, detail, shop, notices, records; unknown paths as the 404 page with
 * status 404). The page renderer's queries are answered by this app's own /api routes in-process
 * (app.inject), never over the network. Rendered pages are kept up to a minute (every visitor gets
 * the same HTML: the login shows after hydration) and dropped on every listing change, the same
 * topic that clears the search answer cache, and on every game or notice change made in the console
 * (cluster/cache.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { KeptCache } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import { GAME_TOPIC, type GameService } from '../game/service'
import { GOODS_TOPIC } from '../goods/search'
import type { GoodsService } from '../goods/service'
import { NOTICE_TOPIC, type NoticeService } from '../notice/service'
import { deviceOfUserAgent } from '../../../shared/device'
import { composePage, pageText, type PageAssets } from './html'
import { PartGzip, type PagePart } from './part-gzip'
import type { PageRenderer } from './renderer'
import { robotsTxt, sitemaps } from './sitemap'

/** Paths of pages that need a login: crawlers are asked to stay out. */
const PRIVATE_PREFIXES = [
  '/buyer/',
  '/seller/',
  '/account/',
  '/user/',
  '/message/',
  '/agencySale/',
  '/userHome.html',
  '/login.html',
  '/register.html',
  '/order/',
  '/my/',
  '/warrantOrderHandler.html',
  '/writeoff.html',
]

interface CachedPage {
  status: number
  parts: PagePart[]
  html?: string
  gzip?: Buffer
}

export interface PublicPages {
  /** whether this GET path is answered here (else: the app's index.html) */
  handles(pathname: string): boolean
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
}

export interface SsrDeps {
  renderer: PageRenderer
  template: string
  assets: PageAssets
  goods: GoodsService
  games: GameService
  notices: NoticeService
  now: () => number
  /** the shared channel: listing, game and notice changes drop the pages and sitemaps */
  invalidation: Invalidation
  /** scheme and host of the public site (canonical URLs, sitemaps); default: the request's */
  siteOrigin?: string
  /** ms a rendered page is reused (default 60 s; 0: off) */
  cacheMs?: number
}

const HTML = 'text/html; charset=utf-8'

/**
 * The page gzipped when the client takes gzip (every browser): its fixed parts were compressed once
 * (part-gzip.ts), so a request compresses only its own. Not brotli: its pieces cannot be joined, and
 * compressing the whole page with it cost more than the render's data (docs/ssr.md "Compression").
 */
function encode(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  gzip: PartGzip,
): FastifyReply {
  reply
    .code(page.status)
    .type(HTML)
    .header('cache-control', 'no-cache')
    // the layout depends on the user agent (a phone's or not)
    .header('vary', 'accept-encoding, user-agent')
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    page.gzip ??= gzip.encode(page.parts)
    return reply.header('content-encoding', 'gzip').send(page.gzip)
  }
  page.html ??= pageText(page.parts)
  return reply.send(page.html)
}

export function registerPublicPages(app: FastifyInstance, deps: SsrDeps): PublicPages {
  const { renderer, template, assets } = deps
  // dropped on every listing change, and on a game or notice changed in the console: every page may
  // show it (menus, lists, detail pages)
  const cache = new KeptCache<string, CachedPage>(
    {
      name: 'ssr-pages',
      max: 500,
      ttlMs: deps.cacheMs ?? 60_000,
      clearedBy: [GOODS_TOPIC, GAME_TOPIC, NOTICE_TOPIC],
    },
    deps,
  )
  const gzip = new PartGzip()
  const maps = sitemaps(deps)
  const originOf = (request: FastifyRequest) => deps.siteOrigin ?? `${request.protocol}://${request.host}`

  renderer.setTransport(async (method, url, body) => {
    const res = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) })
    return res.json()
  })

  app.get('/robots.txt', (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(originOf(request), PRIVATE_PREFIXES)),
  )
  const sitemap = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const xml = await maps.file(name, originOf(request))
    if (xml === null) return pages.send(request, reply)
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml)
  }
  for (const name of ['sitemap.xml', 'sitemap-games.xml', 'sitemap-shops.xml', 'sitemap-notices.xml'])
    app.get(`/${name}`, (request, reply) => sitemap(name, request, reply))
  app.get<{ Params: { file: string } }>('/sitemap-goods-:file', (request, reply) =>
    sitemap(`sitemap-goods-${request.params.file}`, request, reply),
  )

  // the home page (the static files would answer / with the bare index.html)
  app.get('/', (request, reply) => pages.send(request, reply))

  const pages: PublicPages = {
    handles: (pathname) => renderer.isServerRendered(pathname),
    async send(request, reply) {
      const url = request.url
      const origin = originOf(request)
      // a phone gets its own layout (docs/ssr.md "Phones"), so it has its own page in the cache
      const device = deviceOfUserAgent(request.headers['user-agent'] ?? '')
      const key = `${device} ${origin}${url}`
      let page = cache.get(key)
      if (!page) {
        const result = await renderer.render({ url, origin, device })
        const source = renderer.PAGE_SOURCES[result.page]
        page = {
          status: result.status,
          parts: composePage(assets.shellOf(template), result, assets.tagsOf(source)),
        }
        cache.set(key, page)
      }
      return encode(request, reply, page, gzip)
    },
  }
  return pages
}
