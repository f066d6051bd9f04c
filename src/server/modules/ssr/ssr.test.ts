/**
 * The public pages as HTML without JavaScript: content, head (canonical, JSON-LD), 404s, robots and
 * sitemaps, and the rendered-page cache dropped on a listing change. The renderer is loaded from its
 * sources (the same module the build puts in dist/ssr), the template from src/renderer/index.html.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, DEMO, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'

const ORIGIN = 'https://www.example.com'
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'
let t: TestApp
let webRoot: string

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'ssr-web-'))
  await cp(resolve(import.meta.dirname, '../../../renderer/index.html'), join(webRoot, 'index.html'))
  t = await startTestApp({
    webRoot,
    ssrEntry: resolve(import.meta.dirname, '../../../renderer/src/ssr/entry-server.tsx'),
    siteOrigin: ORIGIN,
  })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await rm(webRoot, { recursive: true, force: true })
})

const page = (url: string) => t.app.inject({ method: 'GET', url })

function jsonLd(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  )
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

describe('server-rendered public pages', () => {
  it('renders the home page with games, listings and notices, canonical and JSON-LD', async () => {
    const res = await page('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    const home = (await call(t.app, 'GET', '/api/goods/home')).data
    const html = res.body
    expect(html).toContain('<div id="root" data-ssr="1">')
    expect(html).toContain('王者荣耀')
    expect(html).toContain(home.newest[0].title)
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/">`)
    expect(jsonLd(html).map((x) => x['@type'])).toEqual(['WebSite', 'BreadcrumbList', 'ItemList'])
    // the query cache rides along for the browser
    expect(html).toMatch(/<script type="application\/json" id="ssr-state">\{"mutations":\[\],"queries":\[/)
    // a browser gets it gzipped (its fixed parts compressed once: part-gzip.ts), the same page
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(html)
  })

  it('renders a game list with its names as title and keywords, ItemList and real links', async () => {
    const res = await page('/list.html?gameId=1')
    expect(res.statusCode).toBe(200)
    const html = res.body
    const found = await call(t.app, 'GET', '/api/goods/search?gameId=1')
    expect(html).toMatch(/<title>王者荣耀\(.+\)账号交易 - 游侠易市<\/title>/)
    expect(html).toMatch(/<meta name="keywords" content="王者荣耀账号交易,/)
    expect(html).toContain(found.rows[0].title)
    expect(html).toContain(`href="/detail/${found.rows[0].goodsId}.html"`)
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/list.html?gameId=1">`)
    // the first row's covers load at once, the first ahead of everything (React preloads it)
    expect(html).toContain(
      `<link rel="preload" as="image" href="${found.rows[0].coverUrl}" fetchPriority="high"/>`,
    )
    const list = jsonLd(html).find((x) => x['@type'] === 'ItemList')
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      url: `${ORIGIN}/detail/${found.rows[0].goodsId}.html`,
    })
  })

  it("draws a phone's layout for a user agent that says Mobile, cached apart from the desktop's", async () => {
    const phone = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE_UA } })
    // desktop first: the phone's request must not get the cached desktop page
    const desktop = (await page('/list.html?gameId=1')).body
    const res = await phone('/list.html?gameId=1')
    expect(res.headers.vary).toMatch(/user-agent/)
    const mobile = res.body
    // #root says which layout was drawn: the browser's store starts from it while hydrating
    expect(mobile).toContain('<div id="root" data-ssr="1" data-device="mobile">')
    expect(desktop).toContain('<div id="root" data-ssr="1">')
    // the side bar: a column on a desktop, one small button on a phone
    expect(desktop).toContain('aria-label="快捷服务"')
    expect(desktop).not.toContain('class="sidebar-fab"')
    expect(mobile).toContain('class="sidebar-fab"')
    expect(mobile).not.toContain('aria-label="快捷服务"')
    // the list's attribute filters: the first three on a desktop, all behind 更多筛选 on a phone
    const rows = (html: string) => html.match(/class="filter-row"/g)?.length ?? 0
    expect(rows(desktop) - rows(mobile)).toBe(3)
    // the same again from the cache
    expect((await phone('/list.html?gameId=1')).body).toBe(mobile)
    expect((await page('/list.html?gameId=1')).body).toBe(desktop)
  })

  it('renders a listing with its title and price, Product + Offer, breadcrumbs', async () => {
    const detail = (await call(t.app, 'GET', '/api/goods/detail/1')).data
    const html = (await page('/detail/1.html')).body
    expect(html).toContain(detail.title)
    expect(html).toContain(`<title>${detail.title} ¥${yuan(detail.price)}`)
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/detail/1.html">`)
    expect(html).toContain('<meta property="og:type" content="product">')
    const [product, crumbs] = jsonLd(html)
    expect(product).toMatchObject({
      '@type': 'Product',
      name: detail.title,
      offers: { '@type': 'Offer', priceCurrency: 'CNY', price: yuan(detail.price) },
    })
    expect(crumbs['@type']).toBe('BreadcrumbList')
  })

  it('renders a shop, the notices and the price records', async () => {
    const detail = (await call(t.app, 'GET', '/api/goods/detail/1')).data
    const shop = await page(`/shop/${detail.sellerId}.html`)
    expect(shop.statusCode).toBe(200)
    expect(shop.body).toContain(detail.shopName)
    // the seller's 49 listings span pages whose numbers are links a crawler can follow
    expect(shop.body).toContain(`<a href="/shop/${detail.sellerId}.html?page=2">2</a>`)
    // the shop's figures are a description list: each a term and its value
    expect(shop.body).toContain('<div><dt>在售商品</dt><dd>')

    const notices = await call(t.app, 'GET', '/api/platform/notice/list')
    const first = notices.rows[0]
    expect((await page('/platform/noticeList.html')).body).toContain(first.title)
    const notice = await page(`/platform/noticeDetail/${first.noticeId}.html`)
    expect(notice.statusCode).toBe(200)
    expect(notice.body).toContain(`<title>${first.title} - 游侠易市</title>`)

    const records = await page('/record/list.html')
    expect(records.statusCode).toBe(200)
    expect(records.body).toContain('成交记录')
  })

  it('answers 404 with the 404 page for unknown listings, notices and paths', async () => {
    for (const url of [
      '/detail/987654.html',
      '/detail/abc.html',
      '/platform/noticeDetail/987654.html',
      '/no/such/page',
    ]) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('抱歉，您访问的页面不存在或已被删除')
      expect(res.body, url).toContain('<meta name="robots" content="noindex">')
    }
  })

  it('leaves pages that need a login to the browser (the bare app), the staff console included', async () => {
    for (const url of ['/buyer/buyOrder.html', '/console', '/console/system/role']) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
    }
  })

  it('serves robots.txt and the sitemaps; a taken-down listing leaves them and its cached page', async () => {
    const robots = (await page('/robots.txt')).body
    expect(robots).toContain('Disallow: /api/')
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    const index = (await page('/sitemap.xml')).body
    for (const name of [
      'sitemap-goods-1.xml',
      'sitemap-games.xml',
      'sitemap-shops.xml',
      'sitemap-notices.xml',
    ])
      expect(index).toContain(`<loc>${ORIGIN}/${name}</loc>`)
    expect((await page('/sitemap-games.xml')).body).toContain(`${ORIGIN}/list.html?gameId=1`)

    const token = await tokenOf(t.app, ...DEMO.seller)
    const mine = await call(t.app, 'GET', '/api/goods/seller/list?status=ON_SALE', { token })
    const goodsId: number = mine.rows[0].goodsId
    const loc = `<loc>${ORIGIN}/detail/${goodsId}.html</loc>`
    expect((await page('/sitemap-goods-1.xml')).body).toContain(loc)
    const before = await page(`/detail/${goodsId}.html`)
    expect(before.statusCode).toBe(200)
    expect(before.body).toContain('"status":"ON_SALE"')

    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token, body: { goodsId } })
    expect((await page('/sitemap-goods-1.xml')).body).not.toContain(loc)
    // the rendered page was cached: the change dropped it (the page now says it is taken down)
    const after = await page(`/detail/${goodsId}.html`)
    expect(after.body).not.toContain('"status":"ON_SALE"')
    expect(after.body).toContain('已下架')
  })
})
