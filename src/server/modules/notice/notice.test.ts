import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notice, NoticeBrief } from '../../../shared/api'
import { HELP_LINKS } from '../../../shared/help-links'
import { call, startTestApp, type TestApp } from '../../test-utils'

describe('notices', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('pages the list, newest first, without content', async () => {
    const res = await call(t.app, 'GET', '/api/platform/notice/list?pageNum=1&pageSize=3')
    expect(res).toMatchObject({ code: 200, total: HELP_LINKS.length + 4 })
    expect(res.rows).toHaveLength(3)
    expect(res.rows[0]).toEqual({
      noticeId: 101,
      noticeType: 'ANNOUNCEMENT',
      title: '谨防冒充客服诈骗的安全提醒',
      gameId: null,
      createdAt: expect.any(Number),
    })
    const last = await call(t.app, 'GET', `/api/platform/notice/list?pageNum=8&pageSize=3`)
    expect(last.rows).toHaveLength((HELP_LINKS.length + 4) % 3 || 3)
  })

  it('filters by type and keyword', async () => {
    const announcements = await call(t.app, 'GET', '/api/platform/notice/list?noticeType=ANNOUNCEMENT')
    expect(announcements.rows.map((n: NoticeBrief) => n.noticeId)).toEqual([101, 102, 103])
    const agreements = await call(t.app, 'GET', '/api/platform/notice/list?noticeType=AGREEMENT&pageSize=50')
    expect(agreements.total).toBe(HELP_LINKS.filter((l) => l.noticeType === 'AGREEMENT').length)
    const found = await call(t.app, 'GET', `/api/platform/notice/list?keyword=${encodeURIComponent('密码')}`)
    expect(found.rows.map((n: NoticeBrief) => n.title).sort()).toEqual(['支付密码', '登录密码'])
    expect((await call(t.app, 'GET', '/api/platform/notice/list?keyword=100%25')).total).toBe(0)
    expect(await call(t.app, 'GET', '/api/platform/notice/list?noticeType=FAQ')).toMatchObject({
      code: 400,
      msg: '公告类型取值不正确',
    })
    expect(await call(t.app, 'GET', '/api/platform/notice/list?pageSize=500')).toMatchObject({
      code: 400,
      msg: '每页条数不能大于 100',
    })
  })

  it('has every footer help page under its noticeId, as plain-text paragraphs', async () => {
    for (const link of HELP_LINKS) {
      const res = await call(t.app, 'GET', `/api/platform/notice/${link.noticeId}`)
      const notice: Notice = res.data
      expect(notice).toMatchObject({
        noticeId: link.noticeId,
        title: link.title,
        noticeType: link.noticeType,
      })
      const paragraphs = notice.content.split('\n\n')
      expect(paragraphs.length, link.title).toBeGreaterThanOrEqual(3)
      expect(paragraphs.length, link.title).toBeLessThanOrEqual(6)
      expect(notice.content).not.toMatch(/<[a-z/]/i)
    }
  })

  it('answers 公告不存在 for an unknown notice', async () => {
    expect(await call(t.app, 'GET', '/api/platform/notice/999')).toMatchObject({
      code: 404,
      msg: '公告不存在',
    })
    expect(await call(t.app, 'GET', '/api/platform/notice/abc')).toMatchObject({
      code: 400,
      msg: '公告编号必须是整数',
    })
  })
})
