/**
 * robots.txt and the sitemaps (docs/ssr.md): an index naming the listing sitemaps (50,000 ON_SALE
 * listings each, by id), the game lists, the shops with listings on sale and the notices. Built from
 * the database on first request and kept (cluster/cache.ts) until a listing changes (taken-down and
 * sold listings leave at the next request after their change), a game or notice is changed in the
 * console, or an hour passes.
 */
import { KeptCache, type Keepable } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import { GOODS_TOPIC } from '../goods/search'
import type { GoodsService } from '../goods/service'
import { GAME_TOPIC, type GameService } from '../game/service'
import { NOTICE_TOPIC, type NoticeService } from '../notice/service'

export const SITEMAP_PAGE = 50_000
const MAX_AGE_MS = 60 * 60 * 1000
/** sitemap files kept per kind (a file per origin: the request's host when SITE_ORIGIN is unset) */
const FILES_MAX = 1000

/** Paths crawlers are kept out of: the API and every page that needs a login. */
export function robotsTxt(origin: string, privatePrefixes: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...privatePrefixes.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function urlset(entries: Array<{ loc: string; lastmod?: number }>): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`
}

export function sitemaps(deps: {
  goods: Pick<GoodsService, 'sitemapEntries' | 'sitemapShops'>
  games: Pick<GameService, 'games'>
  notices: Pick<NoticeService, 'page'>
  now: () => number
  /** the channel of the topics that clear them */
  invalidation: Invalidation
}) {
  const { goods, games, notices } = deps
  const kept = <V extends Keepable>(name: string, max: number, clearedBy: string[]) =>
    new KeptCache<string, V>({ name, max, ttlMs: MAX_AGE_MS, clearedBy }, deps)
  // the index and the listing and shop sitemaps change with the listings, every sitemap with a game
  // or notice changed in the console
  const byListings = [GOODS_TOPIC, GAME_TOPIC, NOTICE_TOPIC]
  const listingFiles = kept<string>('sitemap-listings', FILES_MAX, byListings)
  /** the id each listing sitemap starts after (one entry) */
  const goodsStarts = kept<number[]>('sitemap-starts', 1, byListings)
  const consoleFiles = kept<string>('sitemap-console', FILES_MAX, [GAME_TOPIC, NOTICE_TOPIC])
  const filesOf = (name: string) =>
    name === 'sitemap-games.xml' || name === 'sitemap-notices.xml' ? consoleFiles : listingFiles

  async function starts(): Promise<number[]> {
    const hit = goodsStarts.get('')
    if (hit) return hit
    const found = [0]
    for (let after = 0; ;) {
      const rows = await goods.sitemapEntries(after, SITEMAP_PAGE)
      if (rows.length < SITEMAP_PAGE) break
      after = rows[rows.length - 1]!.id
      found.push(after)
    }
    goodsStarts.set('', found)
    return found
  }

  async function build(name: string, origin: string): Promise<string | null> {
    if (name === 'sitemap.xml') {
      const names = [
        ...(await starts()).map((_, i) => `sitemap-goods-${i + 1}.xml`),
        'sitemap-games.xml',
        'sitemap-shops.xml',
        'sitemap-notices.xml',
      ]
      const body = names.map((n) => `<sitemap><loc>${xmlEscape(`${origin}/${n}`)}</loc></sitemap>`).join('')
      return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>`
    }
    const goodsPage = /^sitemap-goods-(\d{1,6})\.xml$/.exec(name)
    if (goodsPage) {
      const after = (await starts())[Number(goodsPage[1]) - 1]
      if (after === undefined) return null
      const rows = await goods.sitemapEntries(after, SITEMAP_PAGE)
      return urlset(rows.map((r) => ({ loc: `${origin}/detail/${r.id}.html`, lastmod: r.updated_at })))
    }
    if (name === 'sitemap-games.xml') {
      const list = await games.games()
      return urlset([
        { loc: `${origin}/` },
        { loc: `${origin}/list.html` },
        ...list.map((g) => ({ loc: `${origin}/list.html?gameId=${g.gameId}` })),
        { loc: `${origin}/record/list.html` },
      ])
    }
    if (name === 'sitemap-shops.xml') {
      const shops = await goods.sitemapShops()
      return urlset(
        shops.map((s) => ({ loc: `${origin}/shop/${s.seller_id}.html`, lastmod: Number(s.updated_at) })),
      )
    }
    if (name === 'sitemap-notices.xml') {
      const { rows } = await notices.page({ pageNum: 1, pageSize: 1000 })
      return urlset([
        { loc: `${origin}/platform/noticeList.html` },
        ...rows.map((n) => ({
          loc: `${origin}/platform/noticeDetail/${n.noticeId}.html`,
          lastmod: n.createdAt,
        })),
      ])
    }
    return null
  }

  return {
    async file(name: string, origin: string): Promise<string | null> {
      const files = filesOf(name)
      const key = `${origin}/${name}`
      const hit = files.get(key)
      if (hit !== undefined) return hit
      const xml = await build(name, origin)
      if (xml !== null) files.set(key, xml)
      return xml
    },
  }
}
