/**
 * Listing rules on the server: contact details hold a listing for staff review, account listings
 * need a screenshot, and a taken-down listing stays visible as 已下架.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOODS_MSG, type PublishGoodsBody } from '../../../shared/api'
import { DEMO, call, tokenOf, type Json, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  startSellerApp,
  uploadScreenshot,
  withScreenshot,
  type GameFixture,
  type NewUser,
} from './test-helpers'

const enc = encodeURIComponent

describe('listing rules', () => {
  let t: TestApp
  let king: GameFixture
  let dream: GameFixture
  let seller: NewUser
  let buyer: NewUser
  let admin: string

  beforeAll(async () => {
    ;({ t, king, seller, other: buyer } = await startSellerApp('lrs', 'lrb'))
    dream = await gameNamed(t.app, '梦幻西游')
    admin = await tokenOf(t.app, ...DEMO.admin)
  })
  afterAll(() => t.close())

  const post = (url: string, body: object, token = seller.token): Promise<Json> =>
    call(t.app, 'POST', url, { token, body })
  const account = (overrides: Partial<PublishGoodsBody> = {}) =>
    withScreenshot(t.app, seller.token, kingAccount(king, overrides))
  /** a 梦幻西游 item: its 道具名称 is free text */
  const dreamItem = (name: string): PublishGoodsBody => ({
    gameId: dream.game.gameId,
    goodsType: 'ITEM',
    areaId: dream.areas[0].serverId,
    serverId: dream.areas[0].children[0].serverId,
    title: '梦幻西游 神兽 秒发',
    description: '游戏内交易。',
    price: 10_000,
    stock: 1,
    attributes: { 道具名称: name, 道具类型: '召唤兽' },
    imageIds: [],
  })
  const mine = async (goodsId: number) =>
    (await call(t.app, 'GET', `/api/goods/seller/detail/${goodsId}`, { token: seller.token })).data
  const inSearch = async (keyword: string) =>
    (await call(t.app, 'GET', `/api/goods/search?sellerId=${seller.userId}&keyword=${enc(keyword)}`)).total

  describe('contact details', () => {
    it.each([
      ['title', { title: '荣耀王者 全皮肤 QQ 87654321' }, '标题（QQ号）'],
      ['title, full-width', { title: '国服貂蝉 ＶＸ：ｓｅｌｌｅｒ８８' }, '标题（微信号）'],
      ['title, spaced mobile', { title: '急出 138 1234 5678' }, '标题（手机号）'],
      ['title, Chinese numerals', { title: '扣扣 八七六五四三二一 便宜出' }, '标题（QQ号）'],
      ['description, link', { description: '更多截图见 www.example.com' }, '描述（网址链接）'],
      ['description, 加v', { description: '价格可谈，加v seller888' }, '描述（联系方式）'],
    ])('holds a listing with contact details (%s) in review with the reason', async (_, patch, place) => {
      const res = await post('/api/goods/seller/publish', await account(patch))
      expect(res).toMatchObject({ code: 200, data: { status: 'AUDITING' } })
      const goodsId = res.data.goodsId
      const remark = `疑似含有站外联系方式：${place}，需人工审核`
      expect(await mine(goodsId)).toMatchObject({ status: 'AUDITING', auditRemark: remark })
      const list = await call(t.app, 'GET', '/api/goods/seller/list?status=AUDITING', { token: seller.token })
      expect(list.rows.find((r: Json) => r.goodsId === goodsId).auditRemark).toBe(remark)
      // not public
      expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).code).toBe(404)
      const row = await t.app.db.selectFrom('goods').selectAll().where('id', '=', goodsId).executeTakeFirst()
      expect(row).toMatchObject({ status: 'AUDITING', audit_remark: remark, on_sale_at: null })
    })

    it('checks free-text attributes too, not the chosen options', async () => {
      const held = await post('/api/goods/seller/publish', dreamItem('神兽 微信 seller888'))
      expect(held.data.status).toBe('AUDITING')
      expect((await mine(held.data.goodsId)).auditRemark).toBe(
        '疑似含有站外联系方式：道具名称（微信号），需人工审核',
      )
      expect((await post('/api/goods/seller/publish', dreamItem('超级神猴'))).data.status).toBe('ON_SALE')
    })

    it.each([
      '安卓QQ区 荣耀王者 100英雄 200皮肤',
      '苹果微信区 V10 贵族 满级',
      '微信100区 国服貂蝉 可换绑',
      'QQ 12区 全英雄 130 战力 15000',
      '支持QQ/微信登录 可改实名 价格 1388.00',
    ])('lets ordinary text go on sale: %s', async (title) => {
      const res = await post('/api/goods/seller/publish', await account({ title }))
      expect(res).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
      expect((await mine(res.data.goodsId)).auditRemark).toBe('')
    })

    it('staff approve (on sale, reason cleared) or reject (off the shelf with the reason)', async () => {
      const a = (await post('/api/goods/seller/publish', await account({ title: '审核通过 QQ 87654321' })))
        .data
      const b = (await post('/api/goods/seller/publish', await account({ title: '审核驳回 QQ 87654321' })))
        .data
      expect(
        await post('/api/goods/admin/audit', { goodsId: a.goodsId, approve: true }, seller.token),
      ).toMatchObject({ code: 403 })
      expect(
        await post('/api/goods/admin/audit', { goodsId: a.goodsId, approve: true }, admin),
      ).toMatchObject({
        code: 200,
        data: { status: 'ON_SALE' },
      })
      expect(await mine(a.goodsId)).toMatchObject({ status: 'ON_SALE', auditRemark: '' })
      expect(await inSearch('审核通过')).toBe(1)
      await post(
        '/api/goods/admin/audit',
        { goodsId: b.goodsId, approve: false, reason: '含联系方式' },
        admin,
      )
      expect(await mine(b.goodsId)).toMatchObject({
        status: 'OFF_SHELF',
        auditRemark: '审核未通过：含联系方式',
      })
      // relisting it unchanged goes back to review
      expect(await post('/api/goods/seller/onShelf', { goodsId: b.goodsId })).toMatchObject({
        code: 200,
        data: { status: 'AUDITING' },
      })
      expect((await mine(b.goodsId)).auditRemark).toBe('疑似含有站外联系方式：标题（QQ号），需人工审核')
    })

    it('checks every edit: contact → review, removed → on sale again', async () => {
      const shot = await uploadScreenshot(t.app, seller.token)
      const goodsId = await publish(
        t.app,
        seller.token,
        kingAccount(king, { title: '编辑检查号', imageIds: [shot] }),
      )
      const edit = (title: string) =>
        post('/api/goods/seller/update', { ...kingAccount(king, { title, imageIds: [shot] }), goodsId })
      expect((await post('/api/goods/follow', { goodsId }, buyer.token)).code).toBe(200)
      expect(await edit('编辑检查号 加我 wx: seller888')).toMatchObject({
        code: 200,
        data: { status: 'AUDITING' },
      })
      expect(await mine(goodsId)).toMatchObject({
        status: 'AUDITING',
        auditRemark: '疑似含有站外联系方式：标题（微信号），需人工审核',
      })
      expect(await inSearch('编辑检查号')).toBe(0)
      // a follower sees it is gone for now (已下架), not its text
      const follows = await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })
      expect(follows.rows.find((r: Json) => r.goodsId === goodsId).status).toBe('OFF_SHELF')
      expect(await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).toMatchObject({
        code: 404,
        msg: GOODS_MSG.OFF_SHELF,
        reason: 'OFF_SHELF',
      })
      expect(await edit('编辑检查号 已改好')).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
      expect(await mine(goodsId)).toMatchObject({ status: 'ON_SALE', auditRemark: '' })
      expect(await inSearch('编辑检查号')).toBe(1)

      // off the shelf: it stays there with the reason, and relisting sends it to review
      await post('/api/goods/seller/offShelf', { goodsId })
      expect(await edit('编辑检查号 13812345678')).toMatchObject({ code: 200, data: { status: 'OFF_SHELF' } })
      expect((await mine(goodsId)).auditRemark).toBe('疑似含有站外联系方式：标题（手机号），需人工审核')
      expect(await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).toMatchObject({
        code: 404,
        msg: GOODS_MSG.OFF_SHELF,
        reason: 'OFF_SHELF',
      })
      expect(await post('/api/goods/seller/onShelf', { goodsId })).toMatchObject({
        data: { status: 'AUDITING' },
      })
    })
  })

  describe('screenshots of account listings', () => {
    it('refuses to publish or save an account without one; other types need none', async () => {
      expect(await post('/api/goods/seller/publish', kingAccount(king))).toMatchObject({
        code: 400,
        msg: GOODS_MSG.SCREENSHOT_REQUIRED,
      })
      const goodsId = await publish(t.app, seller.token, kingAccount(king, { title: '截图检查号' }))
      expect(await post('/api/goods/seller/update', { ...kingAccount(king), goodsId })).toMatchObject({
        code: 400,
        msg: GOODS_MSG.SCREENSHOT_REQUIRED,
      })
      expect((await mine(goodsId)).images).toHaveLength(1)
      expect(
        await post('/api/goods/seller/publish', {
          ...kingAccount(king),
          goodsType: 'COIN',
          stock: 5,
          attributes: { 数量: 100 },
        }),
      ).toMatchObject({ code: 200, data: { status: 'ON_SALE' } })
    })
  })

  describe('a taken-down listing', () => {
    it('is shown as 已下架 to everyone and in the follow list; deleted ones are 404', async () => {
      const goodsId = await publish(t.app, seller.token, kingAccount(king, { title: '下架展示号' }))
      expect((await post('/api/goods/follow', { goodsId }, buyer.token)).code).toBe(200)
      await post('/api/goods/seller/offShelf', { goodsId })
      const shown = await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: buyer.token })
      expect(shown).toMatchObject({
        code: 200,
        data: { goodsId, status: 'OFF_SHELF', title: '下架展示号', followed: true, isOwner: false },
      })
      expect(shown.data.auditRemark).toBeUndefined()
      expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data.status).toBe('OFF_SHELF')
      const follows = await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })
      expect(follows.rows.find((r: Json) => r.goodsId === goodsId).status).toBe('OFF_SHELF')
      // no buying
      expect((await post('/api/trade/bid/create', { goodsId, price: 100 }, buyer.token)).msg).toBe(
        '商品不在售，不能出价',
      )
      await post('/api/goods/seller/remove', { goodsId })
      expect(await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: buyer.token })).toMatchObject({
        code: 404,
        msg: GOODS_MSG.NOT_FOUND,
      })
    })

    it('stays hidden when it was never on sale (rejected in review)', async () => {
      const held = (await post('/api/goods/seller/publish', await account({ title: '从未上架 QQ 87654321' })))
        .data
      await post(
        '/api/goods/admin/audit',
        { goodsId: held.goodsId, approve: false, reason: '含联系方式' },
        admin,
      )
      const other = await newUser(t.app, 'lrx')
      expect(
        await call(t.app, 'GET', `/api/goods/detail/${held.goodsId}`, { token: other.token }),
      ).toMatchObject({
        code: 404,
        msg: GOODS_MSG.NOT_FOUND,
      })
    })
  })
})
