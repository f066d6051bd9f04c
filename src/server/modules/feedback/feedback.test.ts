import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_LIMITS } from '../../../shared/api'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { uploadImage } from '../goods/test-helpers'

const png = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()

describe('feedback', () => {
  let t: TestApp
  let admin: string
  let buyer: string
  let seller: string
  beforeAll(async () => {
    t = await startTestApp()
    admin = await tokenOf(t.app, ...DEMO.admin)
    buyer = await tokenOf(t.app, ...DEMO.buyer)
    seller = await tokenOf(t.app, ...DEMO.seller)
  })
  afterAll(() => t.close())

  const add = (token: string | undefined, body: unknown) =>
    call(t.app, 'POST', '/api/platform/feedback/add', { token, body })

  it('offers the seeded types as a dictionary', async () => {
    const res = await call(t.app, 'GET', '/api/system/dict/data/type/platform_feedback_type')
    expect(res.data.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      'SUGGESTION',
      'BUG',
      'TRADE',
      'COMPLAINT',
      'OTHER',
    ])
  })

  it('stores feedback with screenshots of the caller only; owner-only reads', async () => {
    const shot = (await uploadImage(t.app, buyer, await png())).data
    const res = await add(buyer, {
      feedbackType: 'BUG',
      content: '  商品详情页的截图在手机上显示不全  ',
      imageIds: [shot.imageId],
      contact: 'QQ 10001',
    })
    expect(res).toMatchObject({
      code: 200,
      msg: '提交成功，感谢您的反馈',
      data: {
        feedbackType: 'BUG',
        typeLabel: '页面问题',
        content: '商品详情页的截图在手机上显示不全',
        contact: 'QQ 10001',
        status: 'PENDING',
        replies: [],
        images: [{ imageId: shot.imageId, url: shot.url }],
      },
    })
    const id = res.data.feedbackId
    expect(
      (await call(t.app, 'GET', `/api/platform/feedback/detail/${id}`, { token: buyer })).data.feedbackId,
    ).toBe(id)
    // another user cannot read it, nor see it in their list
    expect(await call(t.app, 'GET', `/api/platform/feedback/detail/${id}`, { token: seller })).toMatchObject({
      code: 404,
      msg: '反馈不存在',
    })
    const sellers = await call(t.app, 'GET', '/api/platform/feedback/my', { token: seller })
    expect(sellers.rows.map((f: { feedbackId: number }) => f.feedbackId)).not.toContain(id)
    expect(await call(t.app, 'GET', '/api/platform/feedback/my')).toMatchObject({ code: 401 })

    // someone else's screenshot cannot be attached
    expect(
      await add(seller, {
        feedbackType: 'BUG',
        content: '借用别人的截图来提交反馈',
        imageIds: [shot.imageId],
      }),
    ).toMatchObject({ code: 400 })
  })

  it('validates type, content length and the number of screenshots', async () => {
    expect(await add(buyer, { feedbackType: 'SPAM', content: '这是一条正常长度的反馈' })).toMatchObject({
      code: 400,
      msg: '反馈类型取值不正确',
    })
    expect(await add(buyer, { feedbackType: 'BUG', content: '太短' })).toMatchObject({
      code: 400,
      msg: `反馈内容长度不能少于 ${FEEDBACK_LIMITS.contentMin} 个字符`,
    })
    expect(
      await add(buyer, { feedbackType: 'BUG', content: 'x'.repeat(FEEDBACK_LIMITS.contentMax + 1) }),
    ).toMatchObject({
      code: 400,
      msg: `反馈内容长度不能超过 ${FEEDBACK_LIMITS.contentMax} 个字符`,
    })
    const seven = Array.from({ length: 7 }, (_, i) => `${i}`.padStart(32, 'a'))
    expect(
      await add(buyer, { feedbackType: 'BUG', content: '这是一条正常长度的反馈', imageIds: seven }),
    ).toMatchObject({
      code: 400,
    })
    expect(await add(undefined, { feedbackType: 'BUG', content: '这是一条正常长度的反馈' })).toMatchObject({
      code: 401,
    })
  })

  it('staff reply: the author sees the reply and gets an in-site message; staff close', async () => {
    const created = await add(seller, { feedbackType: 'TRADE', content: '提现到账比页面上说的慢了一天' })
    const id = created.data.feedbackId
    const pending = await call(t.app, 'GET', '/api/platform/feedback/list?status=PENDING', { token: admin })
    expect(pending.rows.find((f: { feedbackId: number }) => f.feedbackId === id)).toMatchObject({
      userName: 'seller',
      status: 'PENDING',
    })

    const replied = await call(t.app, 'POST', '/api/platform/feedback/reply', {
      token: admin,
      body: { feedbackId: id, content: '已核实，银行处理延迟，已为您加急。' },
    })
    expect(replied).toMatchObject({ code: 200, data: { status: 'REPLIED' } })
    const mine = await call(t.app, 'GET', '/api/platform/feedback/my', { token: seller })
    expect(mine.rows[0]).toMatchObject({
      feedbackId: id,
      status: 'REPLIED',
      replies: [{ content: '已核实，银行处理延迟，已为您加急。' }],
    })
    const inbox = await call(t.app, 'POST', '/api/user/message/webMessagePage', {
      token: seller,
      body: { pageSize: 5 },
    })
    expect(inbox.rows[0]).toMatchObject({ title: '您的意见反馈有新回复' })
    expect(inbox.rows[0].content).toContain('已为您加急')

    const closed = await call(t.app, 'POST', '/api/platform/feedback/close', {
      token: admin,
      body: { feedbackId: id },
    })
    expect(closed.data.status).toBe('CLOSED')
    const logged = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'detail'])
      .where('target', '=', String(id))
      .where('action', 'like', 'feedback%')
      .orderBy('id')
      .execute()
    expect(logged).toEqual([
      { action: 'feedbackReply', detail: '已核实，银行处理延迟，已为您加急。' },
      { action: 'feedbackClose', detail: '' },
    ])
    expect(
      await call(t.app, 'POST', '/api/platform/feedback/reply', {
        token: admin,
        body: { feedbackId: id, content: '再补充一句' },
      }),
    ).toMatchObject({ code: 400, msg: '反馈已关闭，不能再回复' })
    expect(
      await call(t.app, 'POST', '/api/platform/feedback/reply', {
        token: admin,
        body: { feedbackId: 99999, content: 'x' },
      }),
    ).toMatchObject({ code: 404, msg: '反馈不存在' })
  })

  it('answers 403 to a buyer on every staff endpoint', async () => {
    expect(await call(t.app, 'GET', '/api/platform/feedback/list', { token: buyer })).toMatchObject({
      code: 403,
    })
    expect(
      await call(t.app, 'POST', '/api/platform/feedback/reply', {
        token: buyer,
        body: { feedbackId: 1, content: '我来回复' },
      }),
    ).toMatchObject({ code: 403 })
    expect(
      await call(t.app, 'POST', '/api/platform/feedback/close', { token: buyer, body: { feedbackId: 1 } }),
    ).toMatchObject({ code: 403 })
  })

  it(`limits each user to ${FEEDBACK_LIMITS.perHour} feedbacks an hour`, async () => {
    const admins = await call(t.app, 'GET', '/api/platform/feedback/my', { token: admin })
    expect(admins.total).toBe(0)
    for (let i = 0; i < FEEDBACK_LIMITS.perHour; i++)
      expect(
        (await add(admin, { feedbackType: 'OTHER', content: `第 ${i + 1} 条反馈的详细内容` })).code,
      ).toBe(200)
    expect(await add(admin, { feedbackType: 'OTHER', content: '第六条反馈的详细内容' })).toMatchObject({
      code: 429,
      msg: `每小时最多提交 ${FEEDBACK_LIMITS.perHour} 条反馈，请稍后再试`,
    })
  })
})
