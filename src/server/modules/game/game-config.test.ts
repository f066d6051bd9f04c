import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GameConfig, GameTransferCollectConfig } from '../../../shared/api'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'

describe('game listing configs', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it("answers every seeded game's goods types and attribute fields", async () => {
    const games = (await call(t.app, 'GET', '/api/goods/game/getGames')).data
    for (const game of games) {
      const config: GameConfig = (
        await call(t.app, 'GET', `/api/goods/game/getGameConfig?gameId=${game.gameId}`)
      ).data
      expect(config.goodsTypes.length, game.nameCn).toBeGreaterThan(0)
      expect(
        config.goodsTypes.some((t) => t.goodsType === 'ACCOUNT'),
        game.nameCn,
      ).toBe(true)
      for (const type of config.goodsTypes) {
        for (const field of type.attributes) {
          if (field.kind === 'select' || field.kind === 'multiselect')
            expect(field.options?.length).toBeGreaterThan(1)
        }
      }
    }
    const king = (await gameNamed(t.app, '王者荣耀')).game.gameId
    const config: GameConfig = (await call(t.app, 'GET', `/api/goods/game/getGameConfig?gameId=${king}`)).data
    const account = config.goodsTypes.find((x) => x.goodsType === 'ACCOUNT')!
    expect(account.attributes.map((a) => [a.key, a.kind])).toEqual([
      ['段位', 'select'],
      ['英雄数量', 'number'],
      ['皮肤数量', 'number'],
      ['贵族等级', 'select'],
      ['典藏皮肤', 'multiselect'],
      ['已实名', 'boolean'],
      ['换绑状态', 'select'],
    ])
    const yuanshen = (await gameNamed(t.app, '原神')).game.gameId
    const ys: GameConfig = (await call(t.app, 'GET', `/api/goods/game/getGameConfig?gameId=${yuanshen}`)).data
    expect(
      ys.goodsTypes.find((x) => x.goodsType === 'ACCOUNT')!.attributes.find((a) => a.key === '五星角色'),
    ).toMatchObject({
      kind: 'multiselect',
      filterable: true,
    })
    expect(ys.protectionDays).toBe(14)
    expect(await call(t.app, 'GET', '/api/goods/game/getGameConfig?gameId=9999')).toMatchObject({
      code: 404,
      msg: '游戏不存在',
    })
  })

  it('answers the transfer fields with secrets marked', async () => {
    const king = (await gameNamed(t.app, '王者荣耀')).game.gameId
    const transfer: GameTransferCollectConfig = (
      await call(t.app, 'GET', `/api/goods/game/getGameTransferCollectConfig?gameId=${king}`)
    ).data
    const byKey = Object.fromEntries(transfer.fields.map((f) => [f.key, f]))
    expect(byKey.登录密码).toMatchObject({ kind: 'password', secret: true, required: true })
    expect(byKey.绑定手机).toMatchObject({ kind: 'phone', required: true })
    expect(byKey.密保答案.secret).toBe(true)
    expect(byKey.实名身份证号.secret).toBe(true)
  })

  it("answers the caller's games: sold in, agency (none yet), followed", async () => {
    const seller = await newUser(t.app, 'gms')
    expect((await call(t.app, 'GET', '/api/goods/game/getMyGames', { token: seller.token })).data).toEqual([])
    const fx = await gameNamed(t.app, '王者荣耀')
    await publish(t.app, seller.token, kingAccount(fx))
    expect(
      (await call(t.app, 'GET', '/api/goods/game/getMyGames', { token: seller.token })).data.map(
        (g: { nameCn: string }) => g.nameCn,
      ),
    ).toEqual(['王者荣耀'])
    expect(
      await call(t.app, 'GET', '/api/goods/game/getMyAgencySaleGames', { token: seller.token }),
    ).toMatchObject({ code: 200, data: [] })
    expect(
      (await call(t.app, 'GET', '/api/goods/game/getGamesByFollow', { token: seller.token })).data,
    ).toEqual([])
    expect((await call(t.app, 'GET', '/api/goods/game/getMyGames')).code).toBe(401)
  })
})
