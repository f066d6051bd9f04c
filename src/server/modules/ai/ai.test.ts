import { rm } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AI_MSG } from '../../../shared/api'
import { buildApp } from '../../app'
import { call, DEMO, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'
import { sandboxProvider, sandboxSvg } from './providers'
import { chinaDayStart, findBlockedWord } from './service'

const draw = (prompt: string, extra: Record<string, unknown> = {}) => ({
  prompt,
  style: 'anime',
  size: 'square',
  count: 1,
  ...extra,
})

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (ok(v)) return v
    if (Date.now() > until) throw new Error(`timed out waiting: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('AI drawing', () => {
  let t: TestApp
  let buyer: string
  let seller: string
  let admin: string

  const create = (token: string, body: Json) => call(t.app, 'POST', '/api/ai/job/create', { token, body })
  const job = (token: string, jobId: number) => call(t.app, 'GET', `/api/ai/job/${jobId}`, { token })
  const finished = (token: string, jobId: number) =>
    waitFor(
      () => job(token, jobId),
      (r) => ['succeeded', 'failed', 'cancelled'].includes(r.data?.status),
    )

  beforeAll(async () => {
    t = await startTestApp({ ai: { retryBaseMs: 10, pollMs: 10, maxAttempts: 2 } })
    buyer = await tokenOf(t.app, ...DEMO.buyer)
    seller = await tokenOf(t.app, ...DEMO.seller)
    admin = await tokenOf(t.app, ...DEMO.admin)
  })
  afterAll(() => t.close())

  it('the sandbox draws the same picture for the same prompt and seed, another for another seed', async () => {
    const a = sandboxSvg({ prompt: '龙', negativePrompt: '', style: 'ink', width: 200, height: 100, seed: 7 })
    expect(
      sandboxSvg({ prompt: '龙', negativePrompt: '', style: 'ink', width: 200, height: 100, seed: 7 }),
    ).toBe(a)
    expect(
      sandboxSvg({ prompt: '龙', negativePrompt: '', style: 'ink', width: 200, height: 100, seed: 8 }),
    ).not.toBe(a)
    expect(a).toContain('沙箱')
    const png = await sandboxProvider({ latencyMs: 0 }).generate({
      prompt: '龙',
      negativePrompt: '',
      style: 'ink',
      width: 320,
      height: 180,
      seed: 1,
      signal: new AbortController().signal,
    })
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 320, height: 180 })
  })

  it('a job goes queued → running → succeeded, its pictures stored through the image module', async () => {
    const res = await create(buyer, draw('一只在雪山上的红色狐狸', { count: 2, seed: 42, size: 'cover' }))
    expect(res).toMatchObject({ code: 200, data: { status: 'queued', count: 2, seed: 42, size: 'cover' } })
    const done = await finished(buyer, res.data.jobId)
    expect(done.data).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, error: null })
    expect(done.data.works).toHaveLength(2)
    expect(done.data.works.map((w: Json) => w.seed)).toEqual([42, 43])
    const file = await t.app.inject({ method: 'GET', url: done.data.works[0].url })
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
      height: 720,
    })
    // the owner's live events carried the progress and the end
    const events = await t.app.db
      .selectFrom('live_events')
      .select(['type', 'data'])
      .where('type', '=', 'ai-job')
      .execute()
    const states = events.map((e) => JSON.parse(e.data)).filter((d) => d.jobId === res.data.jobId)
    expect(states[0]).toMatchObject({ status: 'queued', progress: 0 })
    expect(states.some((s) => s.status === 'running' && s.progress > 0 && s.progress < 100)).toBe(true)
    expect(states.at(-1)).toMatchObject({ status: 'succeeded', progress: 100, done: 2 })
  })

  it('retries provider errors with back-off, then fails; a refusal fails at once', async () => {
    const flaky = await create(seller, draw('城堡 [sandbox-fail]'))
    const failed = await finished(seller, flaky.data.jobId)
    expect(failed.data).toMatchObject({ status: 'failed', attempts: 2, error: AI_MSG.PROVIDER_FAILED })
    const refused = await create(seller, draw('城堡 [sandbox-refuse]'))
    expect((await finished(seller, refused.data.jobId)).data).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('the owner cancels a queued job; a finished one cannot be cancelled; others get 404', async () => {
    const slow = await startTestApp({ ai: { sandboxLatencyMs: 5_000, concurrency: 1, pollMs: 0 } })
    try {
      const token = await tokenOf(slow.app, ...DEMO.buyer)
      const other = await tokenOf(slow.app, ...DEMO.seller)
      const first = await call(slow.app, 'POST', '/api/ai/job/create', { token, body: draw('月亮') })
      const second = await call(slow.app, 'POST', '/api/ai/job/create', { token, body: draw('星星') })
      const cancel = (tk: string, jobId: number) =>
        call(slow.app, 'POST', '/api/ai/job/cancel', { token: tk, body: { jobId } })
      expect(await cancel(other, second.data.jobId)).toMatchObject({ code: 404, msg: AI_MSG.JOB_NOT_FOUND })
      expect(await call(slow.app, 'GET', `/api/ai/job/${first.data.jobId}`, { token: other })).toMatchObject({
        code: 404,
        msg: AI_MSG.JOB_NOT_FOUND,
      })
      expect((await cancel(token, second.data.jobId)).code).toBe(200)
      // the running one too: its provider call is aborted
      expect((await cancel(token, first.data.jobId)).code).toBe(200)
      await slow.app.ai.idle()
      const row = await call(slow.app, 'GET', `/api/ai/job/${first.data.jobId}`, { token })
      expect(row.data).toMatchObject({ status: 'cancelled', works: [] })
      expect(await cancel(token, second.data.jobId)).toMatchObject({ code: 400, msg: AI_MSG.NOT_CANCELLABLE })
    } finally {
      await slow.close()
    }
  })

  it('refuses blocked words (maintained by staff), unknown styles and bad input with Chinese messages', async () => {
    expect(await create(buyer, draw('一张 NUDE 海报'))).toMatchObject({
      code: 400,
      msg: AI_MSG.BLOCKED('nude'),
    })
    expect(await create(buyer, draw('风景', { negativePrompt: '赌 博' }))).toMatchObject({
      code: 400,
      msg: AI_MSG.BLOCKED('赌博'),
    })
    expect(await create(buyer, draw('风景', { style: 'nope' }))).toMatchObject({
      code: 400,
      msg: AI_MSG.STYLE_UNKNOWN,
    })
    expect((await create(buyer, draw('风景', { count: 5 }))).msg).toContain('生成张数')
    expect((await create(buyer, draw(''))).msg).toContain('画面描述')

    // staff add a word: it bites at once; a normal user may not edit the dictionary
    expect(
      await call(t.app, 'POST', '/api/ai/admin/words/add', { token: buyer, body: { word: '魔法' } }),
    ).toMatchObject({ code: 403 })
    expect(
      (await call(t.app, 'POST', '/api/ai/admin/words/add', { token: admin, body: { word: '魔法' } })).code,
    ).toBe(200)
    expect(await create(buyer, draw('魔法少女'))).toMatchObject({ code: 400, msg: AI_MSG.BLOCKED('魔法') })
    const words = await call(t.app, 'GET', '/api/ai/admin/words?keyword=魔法', { token: admin })
    expect(words.rows).toHaveLength(1)
    await call(t.app, 'POST', '/api/ai/admin/words/remove', {
      token: admin,
      body: { wordId: words.rows[0].wordId },
    })
    expect((await create(buyer, draw('魔法少女'))).code).toBe(200)
    await t.app.ai.idle()
    expect(findBlockedWord('Hello World', ['world'])).toBe('world')
  })

  it('limits creations per client address', async () => {
    const ip = '10.200.1.1'
    const answers = []
    for (let i = 0; i < 21; i++)
      answers.push(
        (await call(t.app, 'POST', '/api/ai/job/create', { token: buyer, ip, body: draw('外挂教程') })).code,
      )
    expect(answers.slice(0, 20).every((c) => c === 400)).toBe(true)
    expect(answers[20]).toBe(429)
  })

  it('counts the daily free quota and the per-user concurrency limit', async () => {
    const quota = await startTestApp({ ai: { sandboxLatencyMs: 2_000, concurrency: 1, pollMs: 0 } })
    try {
      await quota.app.db
        .updateTable('sys_config')
        .set({ config_value: '5' })
        .where('config_key', '=', 'ai.draw.dailyQuota')
        .execute()
      const token = await tokenOf(quota.app, ...DEMO.buyer)
      const make = (body: Json) => call(quota.app, 'POST', '/api/ai/job/create', { token, body })
      expect((await make(draw('一', { count: 4 }))).code).toBe(200)
      expect(await make(draw('二', { count: 2 }))).toMatchObject({
        code: 400,
        msg: AI_MSG.QUOTA_NOT_ENOUGH(1),
      })
      expect((await make(draw('三', { count: 1 }))).code).toBe(200)
      expect(await make(draw('四'))).toMatchObject({ code: 400, msg: AI_MSG.QUOTA_USED_UP(5) })
      const opts = await call(quota.app, 'GET', '/api/ai/options', { token })
      expect(opts.data).toMatchObject({ dailyQuota: 5, usedToday: 5, provider: { sandbox: true } })

      await quota.app.db
        .updateTable('sys_config')
        .set({ config_value: '100' })
        .where('config_key', '=', 'ai.draw.dailyQuota')
        .execute()
      // two jobs are already queued or running: the third waits for them
      expect(await make(draw('五'))).toMatchObject({ code: 400, msg: AI_MSG.TOO_MANY_RUNNING(2) })
    } finally {
      await quota.close()
    }
    const at = Date.UTC(2026, 0, 1, 16, 30) // 00:30 in China
    expect(chinaDayStart(at)).toBe(Date.UTC(2026, 0, 1, 16, 0))
  })

  it('publish, gallery, like and favourite (login needed), owner checks, staff hide with a reason', async () => {
    const res = await create(seller, draw('赛博朋克城市夜景', { style: 'cyberpunk', size: 'poster' }))
    const done = await finished(seller, res.data.jobId)
    const workId = done.data.works[0].workId
    const gallery = async (q = '') => (await call(t.app, 'GET', `/api/ai/work/gallery${q}`)).rows as Json[]

    // private until published: others see nothing
    expect((await gallery()).some((w) => w.workId === workId)).toBe(false)
    expect((await call(t.app, 'GET', `/api/ai/work/detail/${workId}`)).code).toBe(404)
    const post = (token: string, path: string, body: Json) =>
      call(t.app, 'POST', `/api/ai/work/${path}`, { token, body })
    expect(await post(buyer, 'publish', { workId, publish: true })).toMatchObject({
      code: 404,
      msg: AI_MSG.WORK_NOT_FOUND,
    })
    expect(await post(buyer, 'delete', { workId })).toMatchObject({ code: 404, msg: AI_MSG.WORK_NOT_FOUND })
    expect(await post(buyer, 'download', { workId })).toMatchObject({ code: 404, msg: AI_MSG.WORK_NOT_FOUND })
    expect((await post(seller, 'publish', { workId, publish: true })).code).toBe(200)
    expect((await gallery('?style=cyberpunk'))[0]).toMatchObject({
      workId,
      authorName: '卖家老李',
      styleLabel: '赛博朋克',
    })

    // likes and favourites need a login
    expect((await call(t.app, 'POST', '/api/ai/work/like', { body: { workId, on: true } })).code).toBe(401)
    expect((await post(buyer, 'like', { workId, on: true })).data).toEqual({ likeCount: 1, liked: true })
    expect((await post(buyer, 'like', { workId, on: true })).data).toEqual({ likeCount: 1, liked: true })
    expect((await post(buyer, 'favourite', { workId, on: true })).data).toEqual({
      favouriteCount: 1,
      favourited: true,
    })
    const seen = await call(t.app, 'GET', `/api/ai/work/detail/${workId}`, { token: buyer })
    expect(seen.data).toMatchObject({
      likeCount: 1,
      favouriteCount: 1,
      liked: true,
      favourited: true,
      size: 'poster',
    })
    expect((await gallery('?sort=hot'))[0].workId).toBe(workId)
    const favs = await call(t.app, 'GET', '/api/ai/work/favourites', { token: buyer })
    expect(favs.rows.map((w: Json) => w.workId)).toEqual([workId])

    // the original through the platform download
    const dl = await post(seller, 'download', { workId })
    expect(dl.data.fileName).toMatch(/^AI绘画-\d+-.*\.jpg$/)
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/common/download?fileName=${encodeURIComponent(dl.data.fileName)}`,
      headers: { authorization: `Bearer ${seller}` },
    })
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.rawPayload.length).toBeGreaterThan(1000)

    // avatar and listing cover
    expect((await post(seller, 'avatar', { workId })).data.avatar).toMatch(/_t\.jpg$/)
    const cover = await post(seller, 'cover', { workId })
    expect(cover.data.imageId).toMatch(/^[a-f0-9]{32}$/)

    // staff hide it: gone from the gallery and from others' favourites; the owner sees why
    expect(
      (await call(t.app, 'POST', '/api/ai/admin/work/hide', { token: buyer, body: { workId, reason: 'x' } }))
        .code,
    ).toBe(403)
    expect(
      (
        await call(t.app, 'POST', '/api/ai/admin/work/hide', {
          token: admin,
          body: { workId, reason: '含有不适宜内容' },
        })
      ).code,
    ).toBe(200)
    expect((await gallery()).some((w) => w.workId === workId)).toBe(false)
    // the staff action is in the operation log (written with the change)
    const logged = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('module', '=', 'ai')
      .where('target', '=', String(workId))
      .execute()
    expect(logged).toMatchObject([
      { action: 'hide', user_name: 'admin', status: 'SUCCESS', detail: '含有不适宜内容' },
    ])
    expect((await call(t.app, 'GET', '/api/ai/work/favourites', { token: buyer })).rows).toEqual([])
    const mine = await call(t.app, 'GET', '/api/ai/work/my', { token: seller })
    expect(mine.rows.find((w: Json) => w.workId === workId)).toMatchObject({
      hidden: true,
      hiddenReason: '含有不适宜内容',
    })
    expect(await post(seller, 'publish', { workId, publish: true })).toMatchObject({
      code: 400,
      msg: AI_MSG.HIDDEN_NO_PUBLISH,
    })
    const listed = await call(t.app, 'GET', '/api/ai/admin/works?state=hidden', { token: admin })
    expect(listed.rows.map((w: Json) => w.workId)).toContain(workId)
    await call(t.app, 'POST', '/api/ai/admin/work/unhide', { token: admin, body: { workId } })
    expect((await gallery()).some((w) => w.workId === workId)).toBe(true)

    // the owner withdraws, then deletes
    expect((await post(seller, 'publish', { workId, publish: false })).code).toBe(200)
    expect((await gallery()).some((w) => w.workId === workId)).toBe(false)
    expect((await post(seller, 'delete', { workId })).code).toBe(200)
    expect((await call(t.app, 'GET', `/api/ai/work/detail/${workId}`, { token: seller })).code).toBe(404)
  })
})

describe('AI drawing across a restart', () => {
  it('resumes a job left running, keeps its stored picture, never stores one twice; fails it past the attempts', async () => {
    const first = await startTestApp({ ai: { sandboxLatencyMs: 400, pollMs: 10 } })
    const { dataDir } = first
    const token = await tokenOf(first.app, ...DEMO.buyer)
    const res = await call(first.app, 'POST', '/api/ai/job/create', {
      token,
      body: draw('重启测试', { count: 3 }),
    })
    const jobId = res.data.jobId
    // stop while the job is running with one picture stored
    await waitFor(
      () => first.app.db.selectFrom('ai_works').select('idx').where('job_id', '=', jobId).execute(),
      (rows) => rows.length === 1,
    )
    const other = await call(first.app, 'POST', '/api/ai/job/create', { token, body: draw('第二个任务') })
    await first.app.close()
    const left = await first.app.db
      .selectFrom('ai_jobs')
      .select(['id', 'status'])
      .execute()
      .catch(() => null)
    expect(left).toBeNull() // the database is closed
    // a stopped process leaves both running; the second has used up its attempts
    const second = await buildApp({
      dataDir,
      captchaEnabled: false,
      ai: { sandboxLatencyMs: 10, pollMs: 10, maxAttempts: 3 },
    })
    try {
      // (the app is ready: recovery ran and the worker started)
      const token2 = await tokenOf(second, ...DEMO.buyer)
      const done = await waitFor(
        () => call(second, 'GET', `/api/ai/job/${jobId}`, { token: token2 }),
        (r) => r.data.status === 'succeeded',
      )
      expect(done.data.works.map((w: Json) => w.seed - done.data.seed)).toEqual([0, 1, 2])
      expect(done.data.attempts).toBe(2)
      const rows = await second.db.selectFrom('ai_works').select('idx').where('job_id', '=', jobId).execute()
      expect(rows.map((r) => r.idx).sort()).toEqual([0, 1, 2])
      await waitFor(
        () => call(second, 'GET', `/api/ai/job/${other.data.jobId}`, { token: token2 }),
        (r) => r.data.status === 'succeeded',
      )
    } finally {
      await second.close()
    }

    // a job that already used its attempts fails cleanly at the next start
    const third = await buildApp({ dataDir, captchaEnabled: false, ai: { pollMs: 0, maxAttempts: 1 } })
    try {
      await third.db
        .updateTable('ai_jobs')
        .set({ status: 'running', run_token: 'gone' })
        .where('id', '=', jobId)
        .execute()
    } finally {
      await third.close()
    }
    const fourth = await buildApp({ dataDir, captchaEnabled: false, ai: { pollMs: 0, maxAttempts: 2 } })
    try {
      const row = await fourth.db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ status: 'failed', error: AI_MSG.RESTART_FAILED })
      expect(
        await fourth.db.selectFrom('ai_works').select('idx').where('job_id', '=', jobId).execute(),
      ).toHaveLength(3)
    } finally {
      await fourth.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
