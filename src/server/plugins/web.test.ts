import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../shared/messages'
import { BOOT_SCRIPT_CSP } from '../modules/ssr/boot'
import { startTestApp, type Json, type TestApp } from '../test-utils'

const INDEX =
  '<!doctype html><html><head><title>游侠易市</title></head><body><div id="root"></div></body></html>'
const ASSET = 'console.log("app")'

describe('web bundle, history fallback, security headers', () => {
  let t: TestApp
  let webRoot: string
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'market-web-'))
    await mkdir(join(webRoot, 'assets'))
    await writeFile(join(webRoot, 'index.html'), INDEX)
    await writeFile(join(webRoot, 'assets', 'index-3f9a1c.js'), ASSET)
    await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    await writeFile(join(webRoot, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(ASSET))
    t = await startTestApp({ webRoot })
  })
  afterAll(async () => {
    await t.close()
    await rm(webRoot, { recursive: true, force: true })
  })

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url })

  it('serves index.html for / and for history routes, not cached', async () => {
    for (const url of [
      '/',
      '/buyer/buyOrder.html',
      '/platform/noticeDetail/30.html',
      '/list.html?gameId=3',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.body, url).toBe(INDEX)
    }
    expect((await get('/buyer/buyOrder.html', 'HEAD')).statusCode).toBe(200)
  })

  it('serves hashed assets as immutable, other files revalidated', async () => {
    const asset = await get('/assets/index-3f9a1c.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.body).toBe(ASSET)
    const icon = await get('/favicon.svg')
    expect(icon.headers['cache-control']).toBe('no-cache')
    expect((await get('/assets/missing-000000.js')).statusCode).toBe(404)
  })

  it('answers only the exact names of the files (one route each): no other spelling reaches one', async () => {
    for (const url of ['/assets/INDEX-3f9a1c.js', '/assets/Index-3f9a1c.js', '/assets//index-3f9a1c.js']) {
      const res = await get(url)
      expect(res.body, url).not.toBe(ASSET)
    }
    const other = await get('/Assets/index-3f9a1c.js')
    expect(other.body).toBe(INDEX)
  })

  it('sends the precompressed file to browsers that accept it', async () => {
    const res = await t.app.inject({
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET)
    const plain = await get('/assets/index-3f9a1c.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(ASSET)
  })

  it('keeps /api answers as the envelope', async () => {
    const res = await get('/api/nothing/here')
    expect(res.json()).toMatchObject({ code: 404, msg: MSG.NOT_FOUND })
  })

  it('sets security headers on pages, files and API answers', async () => {
    for (const url of [
      '/buyer/buyOrder.html',
      '/assets/index-3f9a1c.js',
      '/api/goods/game/getGames',
      '/api/nope',
    ]) {
      const res = await get(url)
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['content-security-policy'], url).toBe(
        `default-src 'self'; script-src 'self' ${BOOT_SCRIPT_CSP}; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
      )
    }
  })

  it('answers over real HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const games: Json = await (await fetch(`${address}/api/goods/game/getGames`)).json()
    expect(games.code).toBe(200)
    expect(games.data.length).toBeGreaterThanOrEqual(8)
    const page = await fetch(`${address}/seller/sellGoods.html`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(INDEX)
  })
})

describe('without a web bundle', () => {
  it('answers pages with a plain 503 saying how to build it', async () => {
    const t = await startTestApp({ webRoot: join(tmpdir(), 'no-such-web-root') })
    try {
      const res = await t.app.inject({ method: 'GET', url: '/buyer/buyOrder.html' })
      expect(res.statusCode).toBe(503)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toContain('npm run build:web')
      expect((await t.app.inject({ method: 'GET', url: '/api/goods/game/getGames' })).json().code).toBe(200)
    } finally {
      await t.close()
    }
  })
})
