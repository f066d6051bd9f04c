/**
 * /love.html rendered on the server (docs/ssr.md): the activity and its ranked guilds are in the
 * HTML with the board's data for hydration; a visitor's buttons say why they are disabled.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test-utils'

let t: TestApp
let webRoot: string

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'love-web-'))
  await cp(resolve(import.meta.dirname, '../../../renderer/index.html'), join(webRoot, 'index.html'))
  t = await startTestApp({
    webRoot,
    ssrEntry: resolve(import.meta.dirname, '../../../renderer/src/ssr/entry-server.tsx'),
    siteOrigin: 'https://www.example.com',
  })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await rm(webRoot, { recursive: true, force: true })
})

describe('/love.html on the server', () => {
  it('renders the activity, the ranked board, rules and prizes, with the board for hydration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/love.html' })
    expect(res.statusCode).toBe(200)
    const html = res.body
    expect(html).toContain('<div id="root" data-ssr="1">')
    expect(html).toContain('<title>第一届公会荣耀助力赛 - 公会助力 - 游侠易市</title>')
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/love.html">')
    const order = ['龙腾天下', '逐风者联盟', '星辰公会', '凌霄阁'].map((name) => html.indexOf(`>${name}<`))
    expect(order.every((i) => i > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toContain('冠军公会')
    expect(html).toContain('严禁使用小号')
    // a visitor: disabled buttons with the reason
    expect(html).toContain('登录后可助力')
    expect(html).toMatch(/id="ssr-state">\{"mutations":\[\],"queries":\[.*"love","board"/)
  })
})
