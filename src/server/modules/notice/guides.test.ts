import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NoticeBrief } from '../../../shared/api'
import { call, startTestApp, type TestApp } from '../../test-utils'

describe('game guides (游戏攻略)', () => {
  let t: TestApp
  let games: Array<{ gameId: number; nameCn: string }>
  beforeAll(async () => {
    t = await startTestApp()
    const rows = await t.app.db.selectFrom('games').select(['id', 'name_cn']).execute()
    games = rows.map((g) => ({ gameId: g.id, nameCn: g.name_cn }))
  })
  afterAll(() => t.close())

  const gameId = (name: string) => games.find((g) => g.nameCn === name)!.gameId

  it('lists every guide tied to a game, newest first, and filters by game', async () => {
    const all = await call(t.app, 'GET', '/api/platform/notice/list?withGame=true')
    expect(all.total).toBe(3)
    expect(all.rows.every((n: NoticeBrief) => n.noticeType === 'GUIDE' && n.gameId !== null)).toBe(true)
    expect(all.rows[0]).toMatchObject({ noticeId: 201, gameId: gameId('王者荣耀') })

    const genshin = await call(t.app, 'GET', `/api/platform/notice/list?gameId=${gameId('原神')}`)
    expect(genshin.rows.map((n: NoticeBrief) => n.title)).toEqual(['原神：如何判断一个初始号值不值得买'])
    expect((await call(t.app, 'GET', `/api/platform/notice/list?gameId=${gameId('梦幻西游')}`)).total).toBe(0)
    expect(await call(t.app, 'GET', '/api/platform/notice/list?gameId=abc')).toMatchObject({
      code: 400,
      msg: '游戏编号必须是整数',
    })
  })

  it('keeps game guides out of the site notice list; the detail is plain text with its game', async () => {
    const guides = await call(t.app, 'GET', '/api/platform/notice/list?noticeType=GUIDE&pageSize=100')
    expect(guides.rows.map((n: NoticeBrief) => n.noticeId)).not.toContain(201)
    const detail = (await call(t.app, 'GET', '/api/platform/notice/202')).data
    expect(detail).toMatchObject({ noticeId: 202, noticeType: 'GUIDE', gameId: gameId('原神') })
    expect(detail.content).not.toMatch(/<[a-z/]/i)
  })
})
