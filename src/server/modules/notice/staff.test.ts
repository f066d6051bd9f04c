/**
 * Staff: 公告与攻略 — permission checks of every endpoint, the server-side sanitiser (scripts and
 * event handlers never stored nor served), publish/unpublish/delete seen by the public list, detail,
 * rendered page and sitemap at once, the footer's help pages kept, op_logs rows.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HELP_LINKS } from '../../../shared/help-links'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'

const ORIGIN = 'https://www.example.com'
let t: TestApp
let webRoot: string
const tokens: Record<'admin' | 'operator' | 'kefu' | 'buyer', string> = {} as never

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'notice-admin-web-'))
  await cp(resolve(import.meta.dirname, '../../../renderer/index.html'), join(webRoot, 'index.html'))
  t = await startTestApp({
    webRoot,
    ssrEntry: resolve(import.meta.dirname, '../../../renderer/src/ssr/entry-server.tsx'),
    siteOrigin: ORIGIN,
  })
  for (const who of ['admin', 'operator', 'kefu', 'buyer'] as const)
    tokens[who] = await tokenOf(t.app, DEMO[who][0], DEMO[who][1])
}, 60_000)

afterAll(async () => {
  await t?.close()
  await rm(webRoot, { recursive: true, force: true })
})

const staff = (method: 'GET' | 'POST', url: string, body?: unknown, token = tokens.operator) =>
  call(t.app, method, `/api/console/notice${url}`, { token, body })
const pub = (url: string) => call(t.app, 'GET', `/api/platform/notice${url}`)
const page = (url: string) => t.app.inject({ method: 'GET', url })

const EVIL =
  '<h2>活动说明</h2><p onclick="steal()">本周<strong>交易手续费</strong>减半。</p>' +
  '<script>alert(document.cookie)</script><img src="https://img.example.com/a.png" onerror="alert(1)">' +
  '<a href="javascript:alert(1)">点我</a><a href="https://www.example.com/help">帮助</a>' +
  '<iframe src="https://evil.example.com"></iframe><p style="color:red">结束</p>'

describe('公告与攻略 permissions', () => {
  const NONE = 99_999_999
  const endpoints: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
    ['GET', '/list'],
    ['GET', `/detail?noticeId=${NONE}`],
    ['POST', '/preview', { content: '<p>预览</p>' }],
    ['POST', '/save', { noticeId: NONE, noticeType: 'NOTICE', title: '标题', content: '<p>内容</p>' }],
    ['POST', '/publish', { noticeId: NONE }],
    ['POST', '/unpublish', { noticeId: NONE }],
    ['POST', '/delete', { noticeId: NONE }],
  ]

  it('lets admin and 运营 through, refuses 客服 and buyers (403) and visitors (401)', async () => {
    for (const [method, url, body] of endpoints) {
      const as = (token?: string) => call(t.app, method, `/api/console/notice${url}`, { token, body })
      expect((await as()).code, url).toBe(401)
      expect((await as(tokens.buyer)).code, url).toBe(403)
      expect((await as(tokens.kefu)).code, url).toBe(403)
      for (const token of [tokens.admin, tokens.operator])
        expect((await as(token)).code, url).toBe(/list|preview/.test(url) ? 200 : 404)
    }
  })
})

describe('公告与攻略 content', () => {
  it('sanitises on the server: no script, event handler, style, iframe or javascript: link survives', async () => {
    const preview = await staff('POST', '/preview', { content: EVIL })
    const html: string = preview.data.html
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i)
    expect(html).toContain('<h2>活动说明</h2>')
    expect(html).toContain('<strong>交易手续费</strong>')
    expect(html).toContain('<img src="https://img.example.com/a.png" />')
    expect(html).toContain(
      '<a href="https://www.example.com/help" target="_blank" rel="noopener noreferrer nofollow">帮助</a>',
    )

    const saved = await staff('POST', '/save', {
      noticeType: 'ANNOUNCEMENT',
      title: ' 手续费活动 ',
      content: EVIL,
    })
    expect(saved).toMatchObject({
      code: 200,
      data: { title: '手续费活动', status: '1', contentFormat: 'html' },
    })
    expect(saved.data.content).toBe(html)
    const stored = await t.app.db
      .selectFrom('notices')
      .select(['content', 'content_format'])
      .where('id', '=', saved.data.noticeId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ content: html, content_format: 'html' })

    // nothing safe left: refused
    expect(
      await staff('POST', '/save', {
        noticeType: 'NOTICE',
        title: '空的',
        content: '<script>alert(1)</script><p onmouseover="x()"> </p>',
      }),
    ).toMatchObject({ code: 400, msg: '公告内容不能为空（不安全的标签已被去除）' })
    expect(
      await staff('POST', '/save', { noticeType: 'NOTICE', title: '', content: '<p>x</p>' }),
    ).toMatchObject({
      code: 400,
      msg: '公告标题不能为空',
    })
    expect(
      await staff('POST', '/save', { noticeType: 'FAQ', title: 'x', content: '<p>x</p>' }),
    ).toMatchObject({
      code: 400,
      msg: '公告类型取值不正确',
    })
  })

  it('publishes at once to the public list, detail, rendered page and sitemap; unpublish and delete take it away', async () => {
    // cached before the change
    expect((await page('/sitemap-notices.xml')).body).toBeTruthy()
    const created = await staff('POST', '/save', {
      noticeType: 'NOTICE',
      title: '系统维护通知',
      content: '<p>今晚 <em>23:00</em> 维护。</p><img src="x" onerror="alert(1)">',
    })
    const id: number = created.data.noticeId
    expect(HELP_LINKS.some((l) => l.noticeId === id)).toBe(false)
    expect(await pub(`/${id}`)).toMatchObject({ code: 404, msg: '公告不存在' })
    const missing = await page(`/platform/noticeDetail/${id}.html`)
    expect(missing.body).not.toContain('系统维护通知')

    expect(await staff('POST', '/publish', { noticeId: id })).toMatchObject({
      code: 200,
      data: { status: '0' },
    })
    const list = await pub('/list?noticeType=NOTICE')
    expect(list.rows[0]).toMatchObject({ noticeId: id, title: '系统维护通知' })
    // the handler is gone, the site-relative image stays
    expect((await pub(`/${id}`)).data).toMatchObject({
      content: '<p>今晚 <em>23:00</em> 维护。</p><img src="x" />',
      contentFormat: 'html',
    })
    const rendered = await page(`/platform/noticeDetail/${id}.html`)
    expect(rendered.statusCode).toBe(200)
    expect(rendered.body).toContain('<p>今晚 <em>23:00</em> 维护。</p>')
    expect(rendered.body).not.toContain('onerror')
    expect((await page('/sitemap-notices.xml')).body).toContain(`/platform/noticeDetail/${id}.html`)

    // edited: the cached page follows
    await staff('POST', '/save', {
      noticeId: id,
      noticeType: 'NOTICE',
      title: '系统维护通知（延期）',
      content: '<p>改到明晚。</p>',
    })
    expect((await page(`/platform/noticeDetail/${id}.html`)).body).toContain('改到明晚。')

    expect(await staff('POST', '/unpublish', { noticeId: id })).toMatchObject({
      code: 200,
      data: { status: '1' },
    })
    expect((await pub(`/${id}`)).code).toBe(404)
    expect((await pub('/list?noticeType=NOTICE')).rows.map((n: Json) => n.noticeId)).not.toContain(id)
    expect((await page(`/platform/noticeDetail/${id}.html`)).body).not.toContain('改到明晚。')
    expect((await page('/sitemap-notices.xml')).body).not.toContain(`/platform/noticeDetail/${id}.html`)

    expect(await staff('POST', '/delete', { noticeId: id })).toMatchObject({ code: 200, msg: '已删除' })
    expect((await staff('GET', `/detail?noticeId=${id}`)).code).toBe(404)

    const logs = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'before_json', 'after_json', 'user_name'])
      .where('module', '=', 'notice')
      .where('target', '=', String(id))
      .orderBy('id')
      .execute()
    expect(logs.map((l) => l.action)).toEqual(['add', 'publish', 'edit', 'unpublish', 'delete'])
    expect(logs.every((l) => l.user_name === 'operator')).toBe(true)
    expect(JSON.parse(logs[2]!.before_json!).title).toBe('系统维护通知')
    expect(JSON.parse(logs[2]!.after_json!).title).toBe('系统维护通知（延期）')
    expect(JSON.parse(logs[4]!.before_json!).title).toBe('系统维护通知（延期）')
  })

  it('a GUIDE with a game is a walkthrough of that game; other types take no game', async () => {
    const game = (await call(t.app, 'GET', '/api/goods/game/getGames')).data[0]
    expect(
      await staff('POST', '/save', {
        noticeType: 'NOTICE',
        title: '通知',
        gameId: game.gameId,
        content: '<p>x</p>',
      }),
    ).toMatchObject({ code: 400, msg: '只有操作指南（游戏攻略）可以关联游戏' })
    expect(
      await staff('POST', '/save', {
        noticeType: 'GUIDE',
        title: '攻略',
        gameId: 99_999,
        content: '<p>x</p>',
      }),
    ).toMatchObject({ code: 400, msg: '关联的游戏不存在' })
    const guide = await staff('POST', '/save', {
      noticeType: 'GUIDE',
      title: `${game.nameCn}新手攻略`,
      gameId: game.gameId,
      content: '<h3>第一步</h3><p>先选区服。</p>',
      publish: true,
    })
    expect(guide.data.status).toBe('0')
    const walkthrough = await pub(`/list?gameId=${game.gameId}`)
    expect(walkthrough.rows[0]).toMatchObject({ noticeId: guide.data.noticeId, noticeType: 'GUIDE' })
    // not on the site's notice list
    expect(
      (await pub('/list?noticeType=GUIDE&pageSize=100')).rows.map((n: Json) => n.noticeId),
    ).not.toContain(guide.data.noticeId)
    const staffList = await staff('GET', `/list?gameId=${game.gameId}&noticeType=GUIDE`)
    expect(staffList.rows.map((n: Json) => n.noticeId)).toContain(guide.data.noticeId)
  })

  it('keeps the footer help pages: editable (their text opens as HTML), never unpublished or deleted', async () => {
    const help = HELP_LINKS[0]!
    const opened = (await staff('GET', `/detail?noticeId=${help.noticeId}`)).data
    expect(opened).toMatchObject({ fixed: true, contentFormat: 'text', status: '0' })
    expect(opened.content.startsWith('<p>')).toBe(true)
    expect(await staff('POST', '/delete', { noticeId: help.noticeId })).toMatchObject({
      code: 400,
      msg: '页脚帮助页不能删除，可以修改内容',
    })
    expect(await staff('POST', '/unpublish', { noticeId: help.noticeId })).toMatchObject({
      code: 400,
      msg: '页脚帮助页不能下线，可以修改内容',
    })
    const edited = await staff('POST', '/save', {
      noticeId: help.noticeId,
      noticeType: help.noticeType,
      title: help.title,
      content: `${opened.content}<p>补充说明。</p>`,
      publish: false,
    })
    // still published: a help page cannot be taken down by saving either
    expect(edited.data).toMatchObject({ status: '0', contentFormat: 'html' })
    expect((await pub(`/${help.noticeId}`)).data.content).toContain('<p>补充说明。</p>')
  })
})
