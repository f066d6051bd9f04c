/** Receiving roles: CRUD with owner checks, one default per game, and their use by coin/item orders. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { addRole, dreamCoin, funded, get, payOrder, post } from './test-helpers'

let t: TestApp
let dream: GameFixture
let king: GameFixture

beforeAll(async () => {
  t = await startTestApp({ tradeSweepMs: 0, paySimulators: true })
  dream = await gameNamed(t.app, '梦幻西游')
  king = await gameNamed(t.app, '王者荣耀')
})
afterAll(() => t?.close())

const save = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/trade/role/save', token, body)
const list = async (token: string) => (await get(t.app, '/api/trade/role/list', token)).data

describe('receiving roles', () => {
  it('are created, listed, updated and removed by their owner only', async () => {
    const u = await newUser(t.app, 'rlu')
    const other = await newUser(t.app, 'rlo')
    const server = dream.areas[0].children[0]
    const created = await save(u.token, {
      gameId: dream.game.gameId,
      serverId: server.serverId,
      roleName: ' 逍遥生 ',
      gameRoleId: '10001',
      isDefault: true,
    })
    expect(created).toMatchObject({
      code: 200,
      data: {
        gameId: dream.game.gameId,
        gameName: '梦幻西游',
        serverId: server.serverId,
        serverName: server.name,
        roleName: '逍遥生',
        gameRoleId: '10001',
        isDefault: true,
      },
    })
    const roleId = created.data.roleId
    // a second default of the same game takes over; other games keep theirs
    const kingRole = await addRole(t.app, u.token, king, { isDefault: true })
    const second = await save(u.token, {
      gameId: dream.game.gameId,
      roleName: '剑侠客',
      gameRoleId: '10002',
      isDefault: true,
    })
    expect(second.data).toMatchObject({ isDefault: true, serverId: null, serverName: null })
    const roles = await list(u.token)
    expect(roles).toHaveLength(3)
    expect(
      roles
        .filter((r: { isDefault: boolean }) => r.isDefault)
        .map((r: { roleId: number }) => r.roleId)
        .sort(),
    ).toEqual([kingRole, second.data.roleId].sort())

    // update
    const updated = await save(u.token, {
      roleId,
      gameId: dream.game.gameId,
      roleName: '飞燕女',
      gameRoleId: '10003',
    })
    expect(updated.data).toMatchObject({ roleId, roleName: '飞燕女', gameRoleId: '10003', isDefault: false })

    // nobody else sees, changes or removes them
    expect(await list(other.token)).toEqual([])
    expect(
      await save(other.token, { roleId, gameId: dream.game.gameId, roleName: '偷梁换柱', gameRoleId: '666' }),
    ).toMatchObject({ code: 404 })
    expect(await post(t.app, '/api/trade/role/remove', other.token, { roleId })).toMatchObject({ code: 404 })
    // a failed update by a stranger does not clear the owner's default either
    await save(other.token, {
      roleId,
      gameId: dream.game.gameId,
      roleName: 'x',
      gameRoleId: '1',
      isDefault: true,
    })
    expect(
      (await list(u.token)).find((r: { roleId: number }) => r.roleId === second.data.roleId).isDefault,
    ).toBe(true)
    expect((await list(u.token)).find((r: { roleId: number }) => r.roleId === roleId).roleName).toBe('飞燕女')

    // validation: the server must belong to the game, the game must exist
    expect(
      await save(u.token, {
        gameId: dream.game.gameId,
        serverId: king.areas[0].children[0].serverId,
        roleName: 'a',
        gameRoleId: '1',
      }),
    ).toMatchObject({ code: 400, msg: '区服不属于该游戏' })
    expect((await save(u.token, { gameId: 99_999, roleName: 'a', gameRoleId: '1' })).msg).toBe('游戏不存在')
    expect((await save(u.token, { gameId: dream.game.gameId, roleName: '', gameRoleId: '1' })).code).toBe(400)

    expect(await post(t.app, '/api/trade/role/remove', u.token, { roleId })).toMatchObject({ code: 200 })
    expect(await post(t.app, '/api/trade/role/remove', u.token, { roleId })).toMatchObject({ code: 404 })
    expect(await list(u.token)).toHaveLength(2)
    expect((await call(t.app, 'GET', '/api/trade/role/list')).code).toBe(401)
  })

  it('coin and item orders need one of the buyer’s roles of that game; account orders need none', async () => {
    const seller = await newUser(t.app, 'rls')
    const buyer = await funded(t.app, 'rlb', 100_000)
    const stranger = await newUser(t.app, 'rlx')
    const { body } = await dreamCoin(t.app, { price: 2_000, stock: 50 })
    const coin = await publish(t.app, seller.token, body)
    const order = (token: string, goodsId: number, roleId?: number) =>
      post(t.app, '/api/trade/order/create', token, {
        goodsId,
        quantity: 2,
        ...(roleId === undefined ? {} : { roleId }),
      })

    expect(await order(buyer.token, coin)).toMatchObject({ code: 400, msg: '请选择收货角色' })
    const strangersRole = await addRole(t.app, stranger.token, dream)
    expect(await order(buyer.token, coin, strangersRole)).toMatchObject({ code: 400, msg: '收货角色不存在' })
    const kingRole = await addRole(t.app, buyer.token, king)
    expect(await order(buyer.token, coin, kingRole)).toMatchObject({ code: 400, msg: '收货角色不属于该游戏' })
    expect(await order(buyer.token, coin, 987_654)).toMatchObject({ code: 400, msg: '收货角色不存在' })
    // nothing was reserved by the refused attempts
    const stock = async () =>
      (await t.app.db.selectFrom('goods').select('stock').where('id', '=', coin).executeTakeFirstOrThrow())
        .stock
    expect(await stock()).toBe(50)

    const dreamRole = await addRole(t.app, buyer.token, dream, { roleName: '龙太子' })
    const ok = await order(buyer.token, coin, dreamRole)
    expect(ok).toMatchObject({
      code: 200,
      data: {
        quantity: 2,
        unitPrice: 2_000,
        amount: 4_000,
        role: { roleId: dreamRole, roleName: '龙太子', gameName: '梦幻西游', gameRoleId: '10086' },
      },
    })
    expect(await stock()).toBe(48)
    // the order keeps its snapshot when the role changes or goes away
    await post(t.app, '/api/trade/role/remove', buyer.token, { roleId: dreamRole })
    const detail = await get(t.app, `/api/trade/order/detail/${ok.data.orderNo}`, buyer.token)
    expect(detail.data.role).toMatchObject({ roleName: '龙太子' })
    expect((await payOrder(t.app, buyer.token, ok.data.orderNo)).code).toBe(200)
    // the seller sees the role to deliver to
    expect(
      (await get(t.app, `/api/trade/order/detail/${ok.data.orderNo}`, seller.token)).data.role,
    ).toMatchObject({
      roleName: '龙太子',
    })

    const item = await publish(t.app, seller.token, {
      ...body,
      goodsType: 'ITEM',
      title: '梦幻西游 160级 无级别武器',
      stock: 1,
      attributes: { 道具名称: '无级别 巨剑', 道具类型: '装备' },
    })
    const itemOrder = (roleId?: number) =>
      post(t.app, '/api/trade/order/create', buyer.token, {
        goodsId: item,
        quantity: 1,
        ...(roleId === undefined ? {} : { roleId }),
      })
    expect(await itemOrder()).toMatchObject({ code: 400, msg: '请选择收货角色' })
    expect(await itemOrder(kingRole)).toMatchObject({ code: 400, msg: '收货角色不属于该游戏' })
    const another = await addRole(t.app, buyer.token, dream, { roleName: '玄彩娥' })
    expect(await itemOrder(another)).toMatchObject({ code: 200, data: { role: { roleName: '玄彩娥' } } })

    const account = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    expect(await order(buyer.token, account)).toMatchObject({ code: 400 }) // quantity 2 of a stock-1 account
    const single = await post(t.app, '/api/trade/order/create', buyer.token, {
      goodsId: account,
      quantity: 1,
    })
    expect(single).toMatchObject({ code: 200, data: { role: null } })
  })
})
