import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Game, GameDetail, GameServer } from '../../../shared/api'
import { call, startTestApp, type TestApp } from '../../test-utils'

describe('games', () => {
  let t: TestApp
  let games: Game[]
  beforeAll(async () => {
    t = await startTestApp()
    games = (await call(t.app, 'GET', '/api/goods/game/getGames')).data
  })
  afterAll(() => t.close())

  const byName = (name: string) => games.find((g) => g.nameCn === name)!

  it('lists the seeded games publicly', () => {
    expect(games.length).toBeGreaterThanOrEqual(8)
    expect(byName('原神')).toMatchObject({
      nameEn: 'Genshin Impact',
      initial: 'Y',
      platforms: ['PC', 'iOS', 'Android'],
      hot: true,
    })
    expect(byName('王者荣耀').icon).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('answers a game with its areas and servers', async () => {
    const res = await call(t.app, 'GET', `/api/goods/game/getGamesById?gameId=${byName('原神').gameId}`)
    const detail: GameDetail = res.data
    expect(detail).toMatchObject({ nameCn: '原神', nameEn: 'Genshin Impact' })
    expect(detail.description).toContain('米哈游')
    expect(detail.areas.map((a) => a.name)).toEqual(['国服', '国际服'])
    expect(detail.areas[0].children.map((s) => s.name)).toEqual(['天空岛（官服）', '世界树（B服）'])
    expect(detail.areas[0].children[0].parentId).toBe(detail.areas[0].serverId)
  })

  it('answers 游戏不存在 for an unknown game and names a bad parameter', async () => {
    expect(await call(t.app, 'GET', '/api/goods/game/getGamesById?gameId=9999')).toMatchObject({
      code: 404,
      msg: '游戏不存在',
    })
    expect(await call(t.app, 'GET', '/api/goods/game/getGamesById')).toMatchObject({
      code: 400,
      msg: '游戏编号不能为空',
    })
    expect(await call(t.app, 'GET', '/api/goods/game/getGamesById?gameId=abc')).toMatchObject({
      code: 400,
      msg: '游戏编号必须是整数',
    })
  })

  it('answers areas with servers, servers of an area, and all servers flat', async () => {
    const gameId = byName('王者荣耀').gameId
    const areas = (await call(t.app, 'GET', `/api/goods/game/getAreaServersByGameId?gameId=${gameId}`)).data
    expect(areas.map((a: GameServer) => a.name)).toEqual(['安卓QQ区', '安卓微信区', '苹果QQ区', '苹果微信区'])
    expect(areas[2]).toMatchObject({ platform: 'iOS', parentId: null })

    const servers: GameServer[] = (
      await call(t.app, 'GET', `/api/goods/game/getAreaServers?areaId=${areas[0].serverId}`)
    ).data
    expect(servers.map((s) => s.name)).toEqual([
      '1区 梦回长安',
      '2区 稷下学院',
      '3区 长城守卫',
      '4区 云中漠地',
    ])
    expect(servers.every((s) => s.parentId === areas[0].serverId && s.platform === 'Android')).toBe(true)
    expect(
      await call(t.app, 'GET', `/api/goods/game/getAreaServers?areaId=${servers[0].serverId}`),
    ).toMatchObject({
      code: 404,
      msg: '大区不存在',
    })

    const flat: GameServer[] = (await call(t.app, 'GET', `/api/goods/game/getGameServers?gameId=${gameId}`))
      .data
    expect(flat).toHaveLength(4 + 4 * 4)
    expect(flat.filter((s) => s.parentId === null)).toHaveLength(4)
  })
})
