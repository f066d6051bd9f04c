import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOODS_LIMITS, GOODS_MSG } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  publish,
  startSellerApp,
  uploadScreenshot,
  withScreenshot,
  type GameFixture,
  type NewUser,
} from './test-helpers'

const enc = encodeURIComponent

describe('listings: publish, manage, owner checks', () => {
  let t: TestApp
  let king: GameFixture
  let seller: NewUser
  let other: NewUser

  beforeAll(async () => {
    ;({ t, king, seller, other } = await startSellerApp('sel', 'oth'))
  })
  afterAll(() => t.close())

  const countGoods = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('goods')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const publishRaw = (body: object, token = seller.token) =>
    call(t.app, 'POST', '/api/goods/seller/publish', { token, body })
  /** a valid account body of the seller, with an uploaded screenshot */
  const account = (overrides: Parameters<typeof kingAccount>[1] = {}) =>
    withScreenshot(t.app, seller.token, kingAccount(king, overrides))

  it('publishes a valid listing straight to sale (auto-approve) and shows it to the seller', async () => {
    const body = await account()
    const res = await publishRaw(body)
    expect(res).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
    const mine = await call(t.app, 'GET', '/api/goods/seller/list?status=ON_SALE', { token: seller.token })
    expect(mine).toMatchObject({ code: 200, total: 1 })
    expect(mine.rows[0]).toMatchObject({
      goodsId: res.data.goodsId,
      gameName: '王者荣耀',
      price: 128_800,
      areaName: king.areas[0].name,
      serverName: king.areas[0].children[0].name,
      platform: 'Android',
      attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200 },
      status: 'ON_SALE',
    })
    const detail = await call(t.app, 'GET', `/api/goods/seller/detail/${res.data.goodsId}`, {
      token: seller.token,
    })
    expect(detail.data).toMatchObject({
      description: '自用号，可验号。',
      isOwner: true,
      images: [expect.objectContaining({ imageId: body.imageIds![0] })],
    })
  })

  it('refuses bad input with a Chinese message naming the field, saving nothing', async () => {
    const before = await countGoods()
    const cases: Array<[object, string]> = [
      [{ price: 0 }, '价格不能低于 ¥0.01'],
      [{ price: -500 }, '价格不能低于 ¥0.01'],
      [{ price: 1_000_000_000_000 }, '价格不能超过 ¥99,999,999.99'],
      [{ price: 12.5 }, '价格必须是整数'],
      [{ price: 'abc' }, '价格必须是整数'],
      [{ gameId: 99999 }, '游戏不存在'],
      [{ goodsType: 'ITEM' }, '该游戏不支持发布道具类商品'],
      [{ goodsType: 'GOLD' }, '商品类型取值不正确'],
      [{ title: '   ' }, '标题不能为空'],
      [{ title: '长'.repeat(61) }, '标题长度不能超过 60 个字符'],
      [{ stock: 2 }, '账号类商品库存只能为 1'],
      [{ stock: 0 }, '库存不能小于 1'],
      [{ attributes: { 英雄数量: 100, 皮肤数量: 200 } }, '请选择段位'],
      [{ attributes: { 段位: '宇宙王者', 英雄数量: 100, 皮肤数量: 200 } }, '段位取值不正确'],
      [{ attributes: { 段位: '荣耀王者', 英雄数量: 999, 皮肤数量: 200 } }, '英雄数量不能大于 130'],
      [{ attributes: { 段位: '荣耀王者', 英雄数量: 10.5, 皮肤数量: 200 } }, '英雄数量必须是整数'],
      [{ attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200, 身高: 180 } }, '不支持的属性：身高'],
      [
        { attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200, 典藏皮肤: ['不存在的皮肤'] } },
        '典藏皮肤取值不正确：不存在的皮肤',
      ],
      [{ areaId: undefined, serverId: undefined }, '请选择大区'],
      [{ serverId: undefined }, '请选择服务器'],
      [{ serverId: 99999 }, '服务器不属于该游戏'],
      [{ serverId: king.areas[1].children[0].serverId }, '服务器不属于所选大区'],
      [{ platform: 'Switch' }, '平台取值不正确'],
      [{ platform: 'iOS' }, '平台与所选大区不符'],
      [{ imageIds: ['0'.repeat(32)] }, '图片不存在或已被使用，请重新上传'],
      [{ imageIds: ['not-an-id'] }, '图片编号格式不正确'],
      [{ imageIds: [] }, GOODS_MSG.SCREENSHOT_REQUIRED],
      [{ extra: 1 }, '不支持的参数：extra'],
    ]
    const valid = await account()
    for (const [patch, msg] of cases) {
      const body = { ...valid, ...patch }
      expect(await publishRaw(body), JSON.stringify(patch)).toMatchObject({ code: 400, msg })
    }
    // unknown game in another field position, and a game's own server belonging elsewhere
    const yuanshen = await gameNamed(t.app, '原神')
    expect(
      await publishRaw({
        ...valid,
        serverId: yuanshen.areas[0].children[0].serverId,
        areaId: undefined,
      }),
    ).toMatchObject({ code: 400, msg: '服务器不属于该游戏' })
    expect(await countGoods()).toBe(before)
  })

  it('stores HTML in titles as given and returns it as text, and keeps 64-bit prices exact', async () => {
    const title = '<img src=x onerror=alert(1)><b>顶级</b>号'
    const goodsId = await publish(
      t.app,
      seller.token,
      kingAccount(king, { title, price: GOODS_LIMITS.priceMaxFen }),
    )
    const detail = await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)
    expect(detail.data.title).toBe(title)
    expect(detail.data.price).toBe(9_999_999_999)
  })

  it('lets only the owner change a listing: 403 for anyone else, 404 for an unknown id', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king))
    const forbidden = { code: 403, msg: MSG.FORBIDDEN }
    const mutations: Array<[string, object]> = [
      ['/api/goods/seller/update', { ...(await account()), goodsId }],
      ['/api/goods/seller/onShelf', { goodsId }],
      ['/api/goods/seller/offShelf', { goodsId }],
      ['/api/goods/seller/updatePrice', { goodsId, price: 100 }],
      ['/api/goods/seller/remove', { goodsId }],
      ['/api/goods/seller/deliveryAccount/save', { goodsId, fields: { 登录密码: 'x' } }],
      ['/api/goods/seller/deliveryAccount/remove', { goodsId }],
      ['/api/goods/seller/push', { goodsId, hours: 2 }],
    ]
    for (const [url, body] of mutations) {
      expect(await call(t.app, 'POST', url, { token: other.token, body }), url).toMatchObject(forbidden)
      expect(
        await call(t.app, 'POST', url, { token: other.token, body: { ...body, goodsId: 987654 } }),
        url,
      ).toMatchObject({
        code: 404,
      })
    }
    expect(
      await call(t.app, 'GET', `/api/goods/seller/detail/${goodsId}`, { token: other.token }),
    ).toMatchObject(forbidden)
    expect(await call(t.app, 'POST', '/api/goods/seller/offShelf', { body: { goodsId } })).toMatchObject({
      code: 401,
      msg: MSG.UNAUTHORIZED,
    })
    // nothing changed
    const row = await t.app.db
      .selectFrom('goods')
      .selectAll()
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'ON_SALE', price: 128_800, deleted_at: null })
  })

  it('moves through the states: off shelf, on shelf, price, edit, delete; SOLD is frozen', async () => {
    const token = seller.token
    const shot = await uploadScreenshot(t.app, token)
    const goodsId = await publish(
      t.app,
      token,
      kingAccount(king, { title: '状态流转测试号', imageIds: [shot] }),
    )
    const search = async () =>
      (await call(t.app, 'GET', `/api/goods/search?sellerId=${seller.userId}&keyword=${enc('状态流转')}`))
        .total
    expect(await search()).toBe(1)

    expect(
      await call(t.app, 'POST', '/api/goods/seller/offShelf', { token, body: { goodsId } }),
    ).toMatchObject({ code: 200 })
    expect(await search()).toBe(0)
    // out of the search; its page says 已下架 to others (followers find it), the owner sees it as well
    expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data).toMatchObject({
      status: 'OFF_SHELF',
      isOwner: false,
    })
    expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token })).data).toMatchObject({
      status: 'OFF_SHELF',
      isOwner: true,
    })

    expect(
      await call(t.app, 'POST', '/api/goods/seller/onShelf', { token, body: { goodsId } }),
    ).toMatchObject({
      code: 200,
      data: { status: 'ON_SALE' },
    })
    expect(await search()).toBe(1)

    expect(
      await call(t.app, 'POST', '/api/goods/seller/updatePrice', { token, body: { goodsId, price: 0 } }),
    ).toMatchObject({
      code: 400,
      msg: '价格不能低于 ¥0.01',
    })
    await call(t.app, 'POST', '/api/goods/seller/updatePrice', { token, body: { goodsId, price: 99_900 } })
    const edited = await call(t.app, 'POST', '/api/goods/seller/update', {
      token,
      body: {
        ...kingAccount(king, { title: '状态流转测试号 已改', description: '新描述', imageIds: [shot] }),
        goodsId,
        price: 99_900,
      },
    })
    expect(edited).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
    const detail = (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data
    expect(detail).toMatchObject({ title: '状态流转测试号 已改', description: '新描述', price: 99_900 })

    await t.app.db.updateTable('goods').set({ status: 'SOLD' }).where('id', '=', goodsId).execute()
    for (const [url, body] of [
      ['/api/goods/seller/onShelf', { goodsId }],
      ['/api/goods/seller/updatePrice', { goodsId, price: 100 }],
      ['/api/goods/seller/update', { ...kingAccount(king, { imageIds: [shot] }), goodsId }],
      ['/api/goods/seller/offShelf', { goodsId }],
    ] as const) {
      expect((await call(t.app, 'POST', url, { token, body })).code, url).toBe(400)
    }
    // sold listings stay visible with their state
    expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data.status).toBe('SOLD')

    expect(await call(t.app, 'POST', '/api/goods/seller/remove', { token, body: { goodsId } })).toMatchObject(
      { code: 200 },
    )
    expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).code).toBe(404)
    expect((await call(t.app, 'POST', '/api/goods/seller/remove', { token, body: { goodsId } })).code).toBe(
      404,
    )
    const row = await t.app.db
      .selectFrom('goods')
      .select('deleted_at')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
  })

  it('keeps listings in review when auto-approve is off; only an admin decides', async () => {
    await t.app.db
      .updateTable('sys_config')
      .set({ config_value: 'false' })
      .where('config_key', '=', 'goods.autoApprove')
      .execute()
    try {
      const res = await publishRaw(await account({ title: '待审核的号' }))
      expect(res.data.status).toBe('AUDITING')
      const goodsId = res.data.goodsId
      const inSearch = async () =>
        (await call(t.app, 'GET', `/api/goods/search?keyword=${enc('待审核的号')}`)).total
      expect(await inSearch()).toBe(0)
      expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).code).toBe(404)
      expect(
        await call(t.app, 'POST', '/api/goods/admin/audit', {
          token: seller.token,
          body: { goodsId, approve: true },
        }),
      ).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
      const admin = await tokenOf(t.app, ...DEMO.admin)
      expect(
        await call(t.app, 'POST', '/api/goods/admin/audit', {
          token: admin,
          body: { goodsId, approve: true },
        }),
      ).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
      expect(await inSearch()).toBe(1)
      expect(
        await call(t.app, 'POST', '/api/goods/admin/audit', {
          token: admin,
          body: { goodsId, approve: true },
        }),
      ).toMatchObject({ code: 400, msg: '商品不在审核中' })

      const rejected = (await publishRaw(await account({ title: '会被驳回的号' }))).data.goodsId
      await call(t.app, 'POST', '/api/goods/admin/audit', {
        token: admin,
        body: { goodsId: rejected, approve: false, reason: '截图不清晰' },
      })
      const mine = await call(t.app, 'GET', '/api/goods/seller/list?status=OFF_SHELF', {
        token: seller.token,
      })
      expect(mine.rows.find((r: { goodsId: number }) => r.goodsId === rejected).auditRemark).toBe(
        '审核未通过：截图不清晰',
      )
      // staff preview: a reviewer sees the rejected listing whole, with why it is not on sale;
      // anyone else (the public, another user) still gets 商品不存在
      const preview = await call(t.app, 'GET', `/api/goods/detail/${rejected}`, { token: admin })
      expect(preview).toMatchObject({
        code: 200,
        data: {
          goodsId: rejected,
          status: 'OFF_SHELF',
          isOwner: false,
          preview: { status: 'OFF_SHELF', reason: '审核未通过：截图不清晰' },
        },
      })
      expect(preview.data.images.length).toBeGreaterThan(0)
      expect(preview.data.description).not.toBe('')
      for (const token of [undefined, other.token])
        expect(await call(t.app, 'GET', `/api/goods/detail/${rejected}`, { token })).toMatchObject({
          code: 404,
          msg: GOODS_MSG.NOT_FOUND,
        })
      // the public detail of a listing on sale has no preview
      expect(
        (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: admin })).data.preview,
      ).toBeNull()
      // re-shelving goes back to review while auto-approve is off
      expect(
        (
          await call(t.app, 'POST', '/api/goods/seller/onShelf', {
            token: seller.token,
            body: { goodsId: rejected },
          })
        ).data,
      ).toEqual({ status: 'AUDITING' })
    } finally {
      await t.app.db
        .updateTable('sys_config')
        .set({ config_value: 'true' })
        .where('config_key', '=', 'goods.autoApprove')
        .execute()
    }
  })
})

describe('buyer side: detail, home, shop', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers the detail publicly, counts views, and knows the caller from an optional token', async () => {
    const home = (await call(t.app, 'GET', '/api/goods/home')).data
    const goodsId = home.newest[0].goodsId
    const first = (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data
    expect(first).toMatchObject({ goodsId, followed: false, isOwner: false, status: 'ON_SALE' })
    expect(first.images).toHaveLength(2)
    expect(first.images[0].url).toMatch(/^\/api\/goods\/image\/file\/[a-f0-9]{32}\.jpg$/)
    expect(first.seller).toMatchObject({ shopName: '卖家老李的小店', onSaleCount: expect.any(Number) })
    const second = (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: 'expired-or-bogus' }))
      .data
    expect(second.viewCount).toBe(first.viewCount + 1)
    const owner = await tokenOf(t.app, ...DEMO.seller)
    const own = (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: owner })).data
    expect(own).toMatchObject({ isOwner: true, viewCount: second.viewCount })
    expect(await call(t.app, 'GET', '/api/goods/detail/99999')).toMatchObject({
      code: 404,
      msg: '商品不存在',
    })
    expect(await call(t.app, 'GET', '/api/goods/detail/abc')).toMatchObject({
      code: 400,
      msg: '商品编号必须是整数',
    })
  })

  it('answers home with pushed listings first, and the newest', async () => {
    const home = (await call(t.app, 'GET', '/api/goods/home')).data
    expect(home.recommended.length).toBe(10)
    const pushedCount = home.recommended.filter((g: { pushed: boolean }) => g.pushed).length
    expect(pushedCount).toBeGreaterThan(0)
    expect(home.recommended.slice(0, pushedCount).every((g: { pushed: boolean }) => g.pushed)).toBe(true)
    const ids = home.newest.map((g: { goodsId: number }) => g.goodsId)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a))
    expect(home.newest.every((g: { status: string }) => g.status === 'ON_SALE')).toBe(true)
  })

  it('answers a shop profile and its listings through search', async () => {
    const home = (await call(t.app, 'GET', '/api/goods/home')).data
    const shopId = home.newest[0].sellerId
    const shop = await call(t.app, 'GET', `/api/goods/shop/${shopId}`)
    expect(shop.data).toMatchObject({ shopId, shopName: '卖家老李的小店', soldCount: 23 })
    expect(shop.data.games.length).toBeGreaterThan(3)
    const total = shop.data.games.reduce((n: number, g: { count: number }) => n + g.count, 0)
    expect(total).toBe(shop.data.onSaleCount)
    const listed = await call(t.app, 'GET', `/api/goods/search?sellerId=${shopId}&pageSize=50`)
    expect(listed.total).toBe(shop.data.onSaleCount)
    expect(await call(t.app, 'GET', '/api/goods/shop/99999')).toMatchObject({ code: 404, msg: '店铺不存在' })
  })

  it("counts a seller's listings per status from the seller index alone (migration 0260)", async () => {
    // the shop card of every detail page: no table row is read to test deleted_at
    const plan = await sql<{ detail: string }>`explain query plan select count(*) from goods
      where seller_id = ${1} and status in ('ON_SALE') and deleted_at is null`.execute(t.app.db)
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING COVERING INDEX goods_seller_idx/)
  })
})
