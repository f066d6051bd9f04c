/**
 * Staff: 游戏管理 — permission checks of every endpoint, the config rules (Chinese messages naming
 * the field), op_logs rows with before/after, and changes seen by the public calls and the rendered
 * pages at once (no restart).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GoodsTypeConfig, TransferField } from '../../../shared/api'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'
import { flatImage, gameNamed, kingAccount, newUser, publish, uploadImage } from '../goods/test-helpers'

let t: TestApp
let webRoot: string
const tokens: Record<'admin' | 'operator' | 'kefu' | 'buyer', string> = {} as never
let kingId: number

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'game-admin-web-'))
  await cp(resolve(import.meta.dirname, '../../../renderer/index.html'), join(webRoot, 'index.html'))
  t = await startTestApp({
    webRoot,
    ssrEntry: resolve(import.meta.dirname, '../../../renderer/src/ssr/entry-server.tsx'),
    siteOrigin: 'https://www.example.com',
  })
  for (const who of ['admin', 'operator', 'kefu', 'buyer'] as const)
    tokens[who] = await tokenOf(t.app, DEMO[who][0], DEMO[who][1])
  kingId = (await gameNamed(t.app, '王者荣耀')).game.gameId
}, 60_000)

afterAll(async () => {
  await t?.close()
  await rm(webRoot, { recursive: true, force: true })
})

const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, `/api${url}`, { token: tokens.admin, body })
const pub = (url: string) => call(t.app, 'GET', `/api${url}`)
const detail = async (gameId: number) => (await admin('GET', `/console/game/detail?gameId=${gameId}`)).data

describe('游戏管理 permissions', () => {
  const NO_GAME = 99_999_999
  const endpoints: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
    ['GET', '/console/game/list'],
    ['GET', `/console/game/detail?gameId=${NO_GAME}`],
    [
      'POST',
      '/console/game/save',
      {
        gameId: NO_GAME,
        nameCn: '测试',
        nameEn: '',
        initial: 'C',
        platforms: ['PC'],
        hot: false,
        sort: 1,
        description: '',
      },
    ],
    ['POST', '/console/game/status', { gameId: NO_GAME, status: '1' }],
    ['POST', '/console/game/areas', { gameId: NO_GAME, areas: [] }],
    ['POST', '/console/game/config', { gameId: NO_GAME, goodsTypes: [], protectionDays: 7 }],
    ['POST', '/console/game/transfer', { gameId: NO_GAME, fields: [] }],
  ]

  it('lets admin and 运营 through, refuses 客服 and buyers (403) and visitors (401)', async () => {
    for (const [method, url, body] of endpoints) {
      const as = (token?: string) => call(t.app, method, `/api${url}`, { token, body })
      expect((await as()).code, url).toBe(401)
      expect((await as(tokens.buyer)).code, url).toBe(403)
      expect((await as(tokens.kefu)).code, url).toBe(403)
      for (const staff of [tokens.admin, tokens.operator]) {
        const res = await as(staff)
        // past the permission check: the list answers, the unknown game is 404
        expect(res.code, url).toBe(url.endsWith('/list') ? 200 : 404)
      }
    }
    const denied = await t.app.db
      .selectFrom('op_logs')
      .select('status')
      .where('status', '=', 'DENIED')
      .where('detail', 'like', '%game:game:edit%')
      .execute()
    expect(denied.length).toBeGreaterThan(0)
  })
})

describe('游戏管理 configs', () => {
  const king = async () => detail(kingId)

  it('refuses a bad goods-type config with a Chinese message naming the field; nothing changes', async () => {
    const before = (await pub(`/goods/game/getGameConfig?gameId=${kingId}`)).data
    const current: GoodsTypeConfig[] = (await king()).config.goodsTypes
    const account = current.find((c) => c.goodsType === 'ACCOUNT')!
    const save = (goodsTypes: unknown, protectionDays = 7) =>
      admin('POST', '/console/game/config', { gameId: kingId, goodsTypes, protectionDays })
    const withAttr = (attr: object) => [{ ...account, attributes: [...account.attributes, attr] }]

    expect(
      await save(
        withAttr({
          key: '段位2',
          label: '段位2',
          kind: 'select',
          required: true,
          options: [],
          filterable: true,
        }),
      ),
    ).toMatchObject({
      code: 400,
      msg: '「账号」的属性「段位2」是选择类型，可选项不能为空',
    })
    expect(
      await save(
        withAttr({
          key: '等级',
          label: '等级',
          kind: 'number',
          required: true,
          min: 10,
          max: 1,
          filterable: false,
        }),
      ),
    ).toMatchObject({
      code: 400,
      msg: '「账号」的属性「等级」的最小值不能大于最大值',
    })
    expect(
      await save(withAttr({ key: '备注', label: '备注', kind: 'text', required: false, filterable: true })),
    ).toMatchObject({
      code: 400,
      msg: '「账号」的属性「备注」是文本类型，不能作为筛选条件',
    })
    expect(await save([account, account])).toMatchObject({ code: 400, msg: '商品类型「账号」重复' })
    expect(await save(withAttr({ ...account.attributes[0] }))).toMatchObject({
      code: 400,
      msg: `「账号」的属性标识「${account.attributes[0]!.key}」重复`,
    })
    // shape errors name the field by its title
    expect(
      await save(withAttr({ key: 'x', label: 'x', kind: 'color', required: true, filterable: false })),
    ).toMatchObject({
      code: 400,
      msg: expect.stringContaining('属性类型'),
    })
    expect(await save([{ ...account, goodsType: 'HOUSE' }])).toMatchObject({
      code: 400,
      msg: expect.stringContaining('商品类型'),
    })
    expect(await save(current, 31)).toMatchObject({ code: 400, msg: '保障期天数不能大于 30' })
    expect((await pub(`/goods/game/getGameConfig?gameId=${kingId}`)).data).toEqual(before)
  })

  it('refuses bad delivery fields by name', async () => {
    const fields: TransferField[] = (await king()).transfer.fields
    const save = (f: unknown) => admin('POST', '/console/game/transfer', { gameId: kingId, fields: f })
    expect(await save([...fields, { ...fields[0] }])).toMatchObject({
      code: 400,
      msg: `交接字段标识「${fields[0]!.key}」重复`,
    })
    expect(
      await save([{ key: 'qq', label: 'QQ', kind: 'qq', maxLength: 50, required: true, secret: false }]),
    ).toMatchObject({
      code: 400,
      msg: '交接字段「QQ」的最大长度不能超过 12',
    })
    expect(
      await save([{ key: 'qq', label: 'QQ', kind: 'qq', required: 'yes', secret: false }]),
    ).toMatchObject({
      code: 400,
      msg: expect.stringContaining('是否必填'),
    })
  })

  it('a saved config is served by getGameConfig and getGameTransferCollectConfig at once, with its op_logs row', async () => {
    // warm the rules cache first: the change must not wait for it to expire
    const warm = (await pub(`/goods/game/getGameConfig?gameId=${kingId}`)).data
    await pub(`/goods/game/getGameTransferCollectConfig?gameId=${kingId}`)
    const filterUrl = `/goods/search?gameId=${kingId}&${encodeURIComponent('attrs[国服标]')}=${encodeURIComponent('是')}`
    expect(await pub(filterUrl)).toMatchObject({ code: 400, msg: '不支持的筛选条件：国服标' })
    const goodsTypes: GoodsTypeConfig[] = warm.goodsTypes.map((c: GoodsTypeConfig) =>
      c.goodsType === 'ACCOUNT'
        ? {
            ...c,
            attributes: [
              ...c.attributes,
              { key: '国服标', label: ' 国服标 ', kind: 'boolean', required: false, filterable: true },
            ],
          }
        : c,
    )
    const saved = await admin('POST', '/console/game/config', {
      gameId: kingId,
      goodsTypes,
      protectionDays: 5,
    })
    expect(saved).toMatchObject({ code: 200, msg: '商品配置已保存' })
    const served = (await pub(`/goods/game/getGameConfig?gameId=${kingId}`)).data
    expect(served.protectionDays).toBe(5)
    const account = served.goodsTypes.find((c: GoodsTypeConfig) => c.goodsType === 'ACCOUNT')
    expect(account.attributes.at(-1)).toEqual({
      key: '国服标',
      label: '国服标',
      kind: 'boolean',
      required: false,
      filterable: true,
    })
    // the search accepts the new filter at once (its rules were cached before the change)
    expect((await pub(filterUrl)).code).toBe(200)

    const fields: TransferField[] = [
      { key: 'account', label: '游戏账号', kind: 'account', required: true, secret: false },
      {
        key: 'password',
        label: '登录密码',
        kind: 'password',
        required: true,
        secret: true,
        placeholder: '请输入',
      },
    ]
    expect((await admin('POST', '/console/game/transfer', { gameId: kingId, fields })).code).toBe(200)
    expect((await pub(`/goods/game/getGameTransferCollectConfig?gameId=${kingId}`)).data).toEqual({
      gameId: kingId,
      fields,
    })

    const logs = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'before_json', 'after_json', 'user_name', 'status'])
      .where('module', '=', 'game')
      .where('target', '=', String(kingId))
      .orderBy('id')
      .execute()
    expect(logs.map((l) => l.action)).toEqual(['config', 'transfer'])
    expect(JSON.parse(logs[0]!.before_json!).protectionDays).toBe(warm.protectionDays)
    expect(JSON.parse(logs[0]!.after_json!).protectionDays).toBe(5)
    expect(JSON.parse(logs[1]!.after_json!)).toEqual({ fields })
    expect(logs[0]).toMatchObject({ user_name: 'admin', status: 'SUCCESS' })
  })
})

describe('游戏管理 games and servers', () => {
  it('adds a game with an uploaded icon; buyers and the cached sitemap see it at once', async () => {
    // rendered and cached before the change
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-games.xml' })).body).not.toContain('星际测试')
    const png = await flatImage(300, 200, 'png', { r: 200, g: 60, b: 60 })
    const icon = (await uploadImage(t.app, tokens.admin, png)).data
    const body = {
      nameCn: '星际测试',
      nameEn: 'Star Test',
      initial: 'X',
      iconImageId: icon.imageId,
      platforms: ['PC', ' PC ', 'iOS'],
      hot: true,
      sort: 0,
      description: '测试用游戏',
    }
    const { iconImageId: _unused, ...noIcon } = body
    expect(await admin('POST', '/console/game/save', noIcon)).toMatchObject({
      code: 400,
      msg: '请上传游戏图标',
    })
    expect(await admin('POST', '/console/game/save', { ...body, initial: 'xy' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('首字母'),
    })
    const created = await admin('POST', '/console/game/save', body)
    expect(created).toMatchObject({
      code: 200,
      data: { nameCn: '星际测试', platforms: ['PC', 'iOS'], status: '0' },
    })
    expect(created.data.icon).toMatch(/^\/api\/goods\/image\/file\/[0-9a-f]{32}\.jpg$/)
    expect(await admin('POST', '/console/game/save', body)).toMatchObject({
      code: 400,
      msg: '游戏名称「星际测试」已存在',
    })
    const gameId: number = created.data.gameId
    expect((await pub('/goods/game/getGames')).data.map((g: Json) => g.nameCn)).toContain('星际测试')
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-games.xml' })).body).toContain(
      `list.html?gameId=${gameId}`,
    )

    const renamed = await admin('POST', '/console/game/save', { ...noIcon, gameId, nameCn: '星际测试二' })
    expect(renamed.data.icon).toBe(created.data.icon)
    expect((await pub(`/goods/game/getGamesById?gameId=${gameId}`)).data.nameCn).toBe('星际测试二')
    const log = await t.app.db
      .selectFrom('op_logs')
      .select(['before_json', 'after_json'])
      .where('module', '=', 'game')
      .where('action', '=', 'edit')
      .where('target', '=', String(gameId))
      .executeTakeFirstOrThrow()
    expect(JSON.parse(log.before_json!).nameCn).toBe('星际测试')
    expect(JSON.parse(log.after_json!).nameCn).toBe('星际测试二')
  })

  it('edits the area/server tree; a server with listings cannot be removed', async () => {
    const game = await detail(kingId)
    const [first, ...rest] = game.areas
    const tree = (areas: Json[]) =>
      areas.map((a: Json) => ({
        serverId: a.serverId,
        name: a.name,
        platform: a.platform,
        children: a.children.map((s: Json) => ({ serverId: s.serverId, name: s.name, platform: s.platform })),
      }))
    const renamed = [
      {
        ...tree([first])[0],
        name: `${first.name}（新）`,
        children: [...tree([first])[0].children, { name: '新开服' }],
      },
      ...tree(rest),
      { name: '测试大区', children: [{ name: '测试一服' }] },
    ]
    // a list read before the rename: its answer and rows are kept (goods/brief-json.ts), the rename drops them
    const seller = await newUser(t.app, 'gadm')
    await publish(t.app, seller.token, kingAccount(await gameNamed(t.app, '王者荣耀')))
    const inFirst = async () => (await pub(`/goods/search?sellerId=${seller.userId}`)).rows[0]
    expect((await inFirst()).areaName).toBe(first.name)
    const saved = await admin('POST', '/console/game/areas', { gameId: kingId, areas: renamed })
    expect(saved.code).toBe(200)
    expect((await inFirst()).areaName).toBe(`${first.name}（新）`)
    const served = (await pub(`/goods/game/getAreaServersByGameId?gameId=${kingId}`)).data
    expect(served[0].name).toBe(`${first.name}（新）`)
    expect(served[0].children.at(-1).name).toBe('新开服')
    expect(served.at(-1)).toMatchObject({ name: '测试大区', children: [{ name: '测试一服' }] })

    // the listing names the first server: leaving it out is refused
    const withoutUsed = [{ ...renamed[0], children: renamed[0].children.slice(1) }, ...renamed.slice(1)]
    expect(await admin('POST', '/console/game/areas', { gameId: kingId, areas: withoutUsed })).toMatchObject({
      code: 400,
      msg: `「${first.children[0].name}」下还有商品，不能删除`,
    })
    expect(
      await admin('POST', '/console/game/areas', {
        gameId: kingId,
        areas: [...renamed, { name: '测试大区', children: [] }],
      }),
    ).toMatchObject({ code: 400, msg: '大区名称「测试大区」重复' })
    // an unused area goes
    const current = (await detail(kingId)).areas
    const dropped = await admin('POST', '/console/game/areas', {
      gameId: kingId,
      areas: tree(current.slice(0, -1)),
    })
    expect(dropped.code).toBe(200)
    expect(
      (await pub(`/goods/game/getAreaServersByGameId?gameId=${kingId}`)).data.map((a: Json) => a.name),
    ).not.toContain('测试大区')
  })

  it('disabling a game hides it from buyers and stops new listings; its listings stay', async () => {
    const fx = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'gdis')
    const goodsId = await publish(t.app, seller.token, kingAccount(fx))
    expect(await admin('POST', '/console/game/status', { gameId: kingId, status: '1' })).toMatchObject({
      code: 200,
      msg: '已停用',
      data: { status: '1' },
    })
    expect((await pub('/goods/game/getGames')).data.map((g: Json) => g.gameId)).not.toContain(kingId)
    expect((await pub(`/goods/game/getGamesById?gameId=${kingId}`)).code).toBe(404)
    // the listing's own pages keep working: its config is still served, the listing is still there
    expect((await pub(`/goods/game/getGameConfig?gameId=${kingId}`)).code).toBe(200)
    expect((await pub(`/goods/detail/${goodsId}`)).code).toBe(200)
    expect(
      await call(t.app, 'POST', '/api/goods/seller/publish', { token: seller.token, body: kingAccount(fx) }),
    ).toMatchObject({ code: 400, msg: '该游戏已停用，暂不能发布或修改商品' })
    // staff still see it
    const listed = await admin('GET', '/console/game/list?status=1')
    expect(listed.rows.map((g: Json) => g.gameId)).toEqual([kingId])

    await admin('POST', '/console/game/status', { gameId: kingId, status: '0' })
    expect((await pub('/goods/game/getGames')).data.map((g: Json) => g.gameId)).toContain(kingId)
    const logs = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'before_json', 'after_json'])
      .where('module', '=', 'game')
      .where('action', 'in', ['disable', 'enable'])
      .orderBy('id')
      .execute()
    expect(logs).toEqual([
      { action: 'disable', before_json: '{"status":"0"}', after_json: '{"status":"1"}' },
      { action: 'enable', before_json: '{"status":"1"}', after_json: '{"status":"0"}' },
    ])
  })
})
