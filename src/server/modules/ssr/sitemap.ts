/**
 * robots.txt and the sitemaps (docs/ssr.md): an index naming the listing sitemaps (50,000 ON_SALE
 * listings each, by id), the game lists, the shops with listings on sale and the notices. Built from
 * the database on first request and kept until a listing changes (taken-down and sold listings leave
 * at the next request after their change), a game or notice is changed in the console, or an hour passes.
 */
import type { GoodsService } from '../goods/service'
import type { GameService } from '../game/service'
import type { NoticeService } from '../notice/service'

export const SITEMAP_PAGE = 50_000
const MAX_AGE_MS = 60 * 60 * 1000

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
}) {
  const { goods, games, notices, now } = deps
  const files = new Map<string, string>()
  /** the id each listing sitemap starts after */
  let goodsStarts: number[] | null = null
  let builtAt = 0

  const fresh = () => {
    if (now() - builtAt > MAX_AGE_MS) {
      files.clear()
      goodsStarts = null
      builtAt = now()
    }
  }

  async function starts(): Promise<number[]> {
    if (goodsStarts) return goodsStarts
    const found = [0]
    for (let after = 0; ;) {
      const rows = await goods.sitemapEntries(after, SITEMAP_PAGE)
      if (rows.length < SITEMAP_PAGE) break
      after = rows[rows.length - 1]!.id
      found.push(after)
    }
    goodsStarts = found
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
    /** A listing changed: the listing and shop sitemaps are built again on their next request. */
    invalidate() {
      goodsStarts = null
      for (const key of [...files.keys()])
        if (!key.includes('sitemap-games') && !key.includes('sitemap-notices')) files.delete(key)
    },
    /** A game or notice changed: every sitemap is built again on its next request. */
    invalidateAll() {
      files.clear()
      goodsStarts = null
    },
    async file(name: string, origin: string): Promise<string | null> {
      fresh()
      const key = `${origin}/${name}`
      const hit = files.get(key)
      if (hit !== undefined) return hit
      const xml = await build(name, origin)
      if (xml !== null) files.set(key, xml)
      return xml
    },
  }
}
