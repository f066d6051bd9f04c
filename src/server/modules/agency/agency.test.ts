import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AGENCY_CHECKLIST, type AgencyApplyBody } from '../../../shared/api'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'
import { gameNamed, newUser, uploadScreenshot, type GameFixture, type NewUser } from '../goods/test-helpers'
import {
  confirmOrder,
  createOrder,
  funded,
  invariantOk,
  ledgerOf,
  payOrder,
  statusOf,
  type TestUser,
} from '../trade/test-helpers'
import { commissionOf, REVENUE_USER } from './service'

const PRICE = 100_000
const CREDENTIALS = { QQ号或微信号: '20000001', 登录密码: 'Owner#8800pw', 绑定手机: '13900139100' }
const PASS_ALL = DEFAULT_AGENCY_CHECKLIST.map((c) => ({ key: c.key, passed: true, note: '已核实' }))

describe('agency sale (代售)', () => {
  let t: TestApp
  let king: GameFixture
  let owner: NewUser
  let other: NewUser
  let buyer: TestUser
  let admin: string
  let operator: string
  let kefu: string

  // the test's clock: the last test moves it past the automatic confirmation and the protection period
  let clock = Date.now()
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, tradeSweepMs: 0, paySimulators: true })
    king = await gameNamed(t.app, '王者荣耀')
    owner = await newUser(t.app, 'agowner')
    other = await newUser(t.app, 'agother')
    buyer = await funded(t.app, 'agbuyer', 500_000)
    admin = await tokenOf(t.app, ...DEMO.admin)
    operator = await tokenOf(t.app, ...DEMO.operator)
    kefu = await tokenOf(t.app, ...DEMO.kefu)
    // a loaded machine: three logins, three registrations and a top-up through the Alipay simulator
  }, 60_000)
  afterAll(() => t.close())

  const post = (url: string, token: string | undefined, body: unknown) =>
    call(t.app, 'POST', `/api${url}`, { token, body })
  const get = (url: string, token?: string) => call(t.app, 'GET', `/api${url}`, { token })

  async function body(token: string, extra: Partial<AgencyApplyBody> = {}): Promise<AgencyApplyBody> {
    const area = king.areas[0]
    return {
      gameId: king.game.gameId,
      areaId: area.serverId,
      serverId: area.children[0].serverId,
      title: '荣耀王者 120英雄 300皮肤 代售',
      description: '本人实名，可换绑。',
      attributes: { 段位: '荣耀王者', 英雄数量: 120, 皮肤数量: 300 },
      askingPrice: PRICE,
      negotiable: true,
      floorPrice: 90_000,
      imageIds: [await uploadScreenshot(t.app, token)],
      credentials: CREDENTIALS,
      ...extra,
    }
  }
  async function apply(token: string, extra: Partial<AgencyApplyBody> = {}): Promise<number> {
    const res = await post('/agencySale/apply', token, await body(token, extra))
    expect(res).toMatchObject({ code: 200, data: { status: 'PENDING' } })
    return res.data.applicationId
  }
  /** Takes, checks (all passed) and publishes at `price`. */
  async function listed(id: number, price = PRICE): Promise<Json> {
    expect((await post('/console/agency/take', admin, { applicationId: id })).code).toBe(200)
    expect((await post('/console/agency/check', admin, { applicationId: id, checks: PASS_ALL })).code).toBe(
      200,
    )
    const res = await post('/console/agency/publish', admin, { applicationId: id, price })
    expect(res).toMatchObject({ code: 200, data: { status: 'LISTED' } })
    return res.data
  }
  const oplog = (target: number) =>
    t.app.db
      .selectFrom('op_logs')
      .select(['action', 'status'])
      .where('module', '=', 'agency')
      .where('target', '=', String(target))
      .orderBy('id')
      .execute()
  const inbox = async (token: string) =>
    (await post('/user/message/webMessagePage', token, { pageSize: 20 })).rows.map((m: Json) => m.title)

  it("states the commission rate of a game before applying: the game's parameter, else the default", async () => {
    const terms = () => get(`/agencySale/terms/${king.game.gameId}`, owner.token)
    expect(await terms()).toMatchObject({
      code: 200,
      data: { gameId: king.game.gameId, commissionPercent: 5 },
    })
    expect((await get(`/agencySale/terms/${king.game.gameId}`)).code).toBe(401)
    const key = `agency.commissionPercent.${king.game.gameId}`
    await t.app.db
      .insertInto('sys_config')
      .values({ config_key: key, config_value: '7.5', config_name: '代售佣金（测试）' })
      .execute()
    try {
      expect((await terms()).data.commissionPercent).toBe(7.5)
    } finally {
      await t.app.db.deleteFrom('sys_config').where('config_key', '=', key).execute()
    }
  })

  it('applies with the game config, a real name, a floor price; credentials sealed; owner-only reads', async () => {
    const id = await apply(owner.token)
    const stored = await t.app.db
      .selectFrom('agency_applications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    // sealed at rest: no value in clear
    for (const v of Object.values(CREDENTIALS)) expect(stored.credentials_enc).not.toContain(v)

    const mine = await get(`/agencySale/detail/${id}`, owner.token)
    expect(mine.data).toMatchObject({
      applicationId: id,
      status: 'PENDING',
      negotiable: true,
      floorPrice: 90_000,
      credentialFields: ['QQ号或微信号', '登录密码', '绑定手机'],
      timeline: [{ kind: 'APPLIED' }],
    })
    expect(JSON.stringify(mine.data)).not.toContain('Owner#8800pw')
    expect(await get(`/agencySale/detail/${id}`, other.token)).toMatchObject({
      code: 404,
      msg: '代售申请不存在',
    })
    expect((await get(`/agencySale/detail/${id}`)).code).toBe(401)
    expect((await get('/agencySale/my', other.token)).rows).toEqual([])
    expect((await get('/agencySale/my?status=PENDING', owner.token)).rows[0].applicationId).toBe(id)
    expect(
      (await get('/goods/game/getMyAgencySaleGames', owner.token)).data.map((g: Json) => g.gameId),
    ).toEqual([king.game.gameId])
    expect((await get('/goods/game/getMyAgencySaleGames', other.token)).data).toEqual([])
    expect(await inbox(owner.token)).toContain('代售申请已提交')
  })

  it('refuses bad applications: no real name, floor above the price, bad attributes, bad credentials', async () => {
    const unverified = await newUser(t.app, 'agnoid', { verified: false })
    const refused = await post('/agencySale/apply', unverified.token, await body(unverified.token))
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('实名')
    expect(
      await post('/agencySale/apply', owner.token, await body(owner.token, { floorPrice: PRICE + 1 })),
    ).toMatchObject({
      code: 400,
      msg: '最低价不能高于期望售价',
    })
    expect(
      await post('/agencySale/apply', owner.token, await body(owner.token, { floorPrice: undefined })),
    ).toMatchObject({ code: 400, msg: '允许议价时请填写最低价' })
    expect(
      (
        await post(
          '/agencySale/apply',
          owner.token,
          await body(owner.token, { attributes: { 段位: '不存在' } }),
        )
      ).code,
    ).toBe(400)
    expect(
      await post(
        '/agencySale/apply',
        owner.token,
        await body(owner.token, { credentials: { 绑定手机: '123' } }),
      ),
    ).toMatchObject({ code: 400, msg: '绑定手机须为 11 位手机号' })
    expect(
      await post(
        '/agencySale/apply',
        owner.token,
        await body(owner.token, { credentials: { 邮箱: 'a@b.cn' } }),
      ),
    ).toMatchObject({ code: 400, msg: '未知的账号信息：邮箱' })
    // someone else's screenshot cannot be used
    expect((await post('/agencySale/apply', other.token, { ...(await body(owner.token)) })).code).toBe(400)
  })

  it('answers 403 to a buyer and 401 to a visitor on every staff endpoint; 客服 reads only', async () => {
    const id = await apply(owner.token)
    const staff: Array<[string, unknown]> = [
      ['/console/agency/take', { applicationId: id }],
      ['/console/agency/check', { applicationId: id, checks: PASS_ALL }],
      ['/console/agency/reject', { applicationId: id, reason: '不行' }],
      ['/console/agency/publish', { applicationId: id, price: PRICE }],
      ['/console/agency/deliver', { applicationId: id }],
      ['/console/agency/credentials', { applicationId: id }],
    ]
    for (const [url, b] of staff) {
      expect((await post(url, owner.token, b)).code).toBe(403)
      expect((await post(url, undefined, b)).code).toBe(401)
      expect((await post(url, kefu, b)).code).toBe(403)
    }
    expect((await get('/console/agency/list', owner.token)).code).toBe(403)
    expect((await get('/console/agency/list')).code).toBe(401)
    expect((await get(`/console/agency/detail/${id}`, owner.token)).code).toBe(403)
    expect((await get('/console/agency/list?status=PENDING', kefu)).code).toBe(200)
    // 运营 may verify and publish (no money permission is involved)
    expect((await post('/console/agency/take', operator, { applicationId: id })).data.status).toBe(
      'VERIFYING',
    )
    expect((await get(`/agencySale/detail/${id}`, owner.token)).data.status).toBe('VERIFYING')
  })

  it('verifies by the checklist, refuses to publish until every check passes and under the floor', async () => {
    const id = await apply(owner.token)
    expect(await post('/console/agency/check', admin, { applicationId: id, checks: PASS_ALL })).toMatchObject(
      {
        code: 400,
        msg: '请先受理该申请，再记录验号结果',
      },
    )
    expect((await post('/console/agency/take', admin, { applicationId: id })).code).toBe(200)
    expect((await post('/console/agency/take', admin, { applicationId: id })).code).toBe(400)
    expect(await post('/console/agency/publish', admin, { applicationId: id, price: PRICE })).toMatchObject({
      code: 400,
      msg: '请先记录完整的验号结果',
    })
    expect(
      await post('/console/agency/check', admin, { applicationId: id, checks: PASS_ALL.slice(1) }),
    ).toMatchObject({ code: 400, msg: `请填写检查项「${DEFAULT_AGENCY_CHECKLIST[0].label}」的结果` })
    const failing = PASS_ALL.map((c, i) => (i === 2 ? { ...c, passed: false, note: '有退款记录' } : c))
    const checked = await post('/console/agency/check', admin, { applicationId: id, checks: failing })
    expect(checked.data.checks[2]).toMatchObject({ key: 'recharge', passed: false, note: '有退款记录' })
    expect(await post('/console/agency/publish', admin, { applicationId: id, price: PRICE })).toMatchObject({
      code: 400,
      msg: '验号未全部通过，不能上架',
    })
    expect((await post('/console/agency/check', admin, { applicationId: id, checks: PASS_ALL })).code).toBe(
      200,
    )
    expect(await post('/console/agency/publish', admin, { applicationId: id, price: 89_999 })).toMatchObject({
      code: 400,
      msg: '上架价格不能低于用户设置的最低价 ¥900.00',
    })
    const published = (await post('/console/agency/publish', admin, { applicationId: id, price: 95_000 }))
      .data
    expect(published).toMatchObject({ status: 'LISTED', listedPrice: 95_000, credentialsComplete: true })
    const detail = await get(`/goods/detail/${published.goodsId}`)
    expect(detail.data).toMatchObject({
      agency: true,
      shopName: '官方代售',
      sellerId: 0,
      seller: { shopId: 0, shopName: '官方代售', onSaleCount: 0 },
      price: 95_000,
      autoDelivery: true,
    })
    expect(JSON.stringify(detail.data)).not.toContain(owner.username)
    // the owner's shop does not list it; the game's list does
    const shop = await get(`/goods/search?sellerId=${owner.userId}&pageNum=1&pageSize=50`)
    expect(shop.rows.map((g: Json) => g.goodsId)).not.toContain(published.goodsId)
    const game = await get(`/goods/search?gameId=${king.game.gameId}&pageNum=1&pageSize=50&sort=newest`)
    expect(game.rows.map((g: Json) => g.goodsId)).toContain(published.goodsId)
    // the owner cannot manage the 官方代售 listing as an ordinary one
    expect(
      (await post('/goods/seller/updatePrice', owner.token, { goodsId: published.goodsId, price: 1 })).code,
    ).toBe(403)
    expect((await get('/goods/seller/list', owner.token)).rows.map((g: Json) => g.goodsId)).not.toContain(
      published.goodsId,
    )
    expect((await oplog(id)).map((l) => l.action)).toEqual([
      'agencyTake',
      'agencyCheck',
      'agencyCheck',
      'agencyPublish',
    ])
    const timeline = (await get(`/agencySale/detail/${id}`, owner.token)).data.timeline.map(
      (e: Json) => e.kind,
    )
    expect(timeline).toEqual(['APPLIED', 'TAKEN', 'CHECKED', 'CHECKED', 'LISTED'])
    expect(await inbox(owner.token)).toEqual(expect.arrayContaining(['代售账号验号中', '代售账号已上架']))
  })

  it('a non-negotiable application is never listed below its asking price', async () => {
    const id = await apply(owner.token, { negotiable: false, floorPrice: undefined })
    expect((await post('/console/agency/take', admin, { applicationId: id })).code).toBe(200)
    expect((await post('/console/agency/check', admin, { applicationId: id, checks: PASS_ALL })).code).toBe(
      200,
    )
    expect((await post('/console/agency/publish', admin, { applicationId: id, price: PRICE - 1 })).msg).toBe(
      '用户不接受议价，上架价格不能低于 ¥1,000.00',
    )
  })

  it('rejects with a reason the owner reads; a rejected or sold one cannot be withdrawn', async () => {
    const id = await apply(owner.token)
    const rejected = await post('/console/agency/reject', admin, {
      applicationId: id,
      reason: '截图与账号不符',
    })
    expect(rejected.data).toMatchObject({ status: 'REJECTED', rejectReason: '截图与账号不符' })
    expect((await post('/console/agency/take', admin, { applicationId: id })).code).toBe(400)
    expect((await post('/agencySale/withdraw', owner.token, { applicationId: id })).code).toBe(400)
    const messages = (await post('/user/message/webMessagePage', owner.token, { pageSize: 5 })).rows
    expect(messages[0]).toMatchObject({ title: '代售申请未通过' })
    expect(messages[0].content).toContain('截图与账号不符')
    expect(await oplog(id)).toEqual([{ action: 'agencyReject', status: 'SUCCESS' }])
  })

  it('the owner withdraws: pending at once, a listed one is taken down; never someone else', async () => {
    const pending = await apply(owner.token)
    expect((await post('/agencySale/withdraw', other.token, { applicationId: pending })).code).toBe(404)
    expect((await post('/agencySale/withdraw', owner.token, { applicationId: pending })).data.status).toBe(
      'WITHDRAWN',
    )
    const id = await apply(owner.token)
    const { goodsId } = await listed(id)
    expect((await get(`/goods/detail/${goodsId}`)).code).toBe(200)
    const withdrawn = await post('/agencySale/withdraw', owner.token, { applicationId: id })
    expect(withdrawn.data.timeline.at(-1)).toMatchObject({ kind: 'WITHDRAWN' })
    expect((await get(`/goods/detail/${goodsId}`)).code).toBe(404)
    expect((await post('/console/agency/publish', admin, { applicationId: id, price: PRICE })).code).toBe(400)
  })

  it('sells: automatic delivery, settlement at confirmation with the commission, the invariant holds', async () => {
    const id = await apply(owner.token)
    const { goodsId } = await listed(id)
    // the owner cannot buy their own listing; the buyer does
    expect((await post('/trade/order/create', owner.token, { goodsId, quantity: 1 })).code).toBe(400)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    // an order holds the listing: no withdrawal
    expect(await post('/agencySale/withdraw', owner.token, { applicationId: id })).toMatchObject({
      code: 400,
      msg: '账号已被买家下单，不能撤回',
    })
    expect((await payOrder(t.app, buyer.token, orderNo)).data.status).toBe('TO_CONFIRM')
    const creds = await get(`/trade/order/credentials/${orderNo}`, buyer.token)
    expect(creds.data.fields.find((f: Json) => f.key === '登录密码').value).toBe('Owner#8800pw')
    // staff delivery is for orders waiting for one
    expect(await post('/console/agency/deliver', admin, { applicationId: id })).toMatchObject({
      code: 400,
      msg: '该代售账号没有待交付的订单',
    })

    const before = await ledgerOf(t.app, owner.userId)
    expect((await confirmOrder(t.app, buyer.token, orderNo)).data.status).toBe('SETTLED')
    const commission = commissionOf(PRICE, 5)
    expect(commission).toBe(5_000)
    const after = await ledgerOf(t.app, owner.userId)
    expect(after.slice(before.length)).toMatchObject([
      { type: 'SETTLEMENT', amount: PRICE - commission, order_no: orderNo },
    ])
    const revenue = await t.app.db
      .selectFrom('users')
      .innerJoin('ledger', 'ledger.user_id', 'users.id')
      .select(['ledger.type', 'ledger.amount', 'users.status'])
      .where('users.user_name', '=', REVENUE_USER)
      .where('ledger.order_no', '=', orderNo)
      .execute()
    expect(revenue).toEqual([{ type: 'AGENCY_COMMISSION', amount: commission, status: '1' }])
    expect((await get(`/agencySale/detail/${id}`, owner.token)).data).toMatchObject({ status: 'SOLD' })
    const orders = await get('/agencySale/orders?settlement=SETTLED', owner.token)
    expect(orders.rows).toEqual([
      expect.objectContaining({
        orderNo,
        amount: PRICE,
        commission,
        net: PRICE - commission,
        settlement: 'SETTLED',
      }),
    ])
    expect((await get('/agencySale/orders', other.token)).rows).toEqual([])
    const exported = await post('/agencySale/orders/export', owner.token, {})
    expect(exported).toMatchObject({ code: 200, data: { rows: 1 } })
    expect(await inbox(owner.token)).toContain('代售账号已售出')
    expect((await post('/agencySale/withdraw', owner.token, { applicationId: id })).code).toBe(400)
    await invariantOk(t.app)

    // a split that differs from what the application recorded breaks the invariant
    await t.app.db
      .updateTable('agency_applications')
      .set({ commission: commission + 1 })
      .where('id', '=', id)
      .execute()
    const { checkInvariant } = await import('../funds/invariant')
    const broken = await checkInvariant(t.app.db)
    expect(broken.ok).toBe(false)
    expect(broken.gaps.agency).toHaveLength(1)
    await t.app.db.updateTable('agency_applications').set({ commission }).where('id', '=', id).execute()
    await invariantOk(t.app)
  })

  it('incomplete credentials: staff complete and deliver; the owner may not deliver', async () => {
    const id = await apply(owner.token, { credentials: { QQ号或微信号: '20000002', 登录密码: 'Owner#1' } })
    const published = await listed(id)
    expect(published.credentialsComplete).toBe(false)
    expect((await get(`/goods/detail/${published.goodsId}`)).data.autoDelivery).toBe(false)
    const orderNo = await createOrder(t.app, buyer.token, published.goodsId)
    expect((await payOrder(t.app, buyer.token, orderNo)).data.status).toBe('PAID')
    expect(await inbox(owner.token)).toContain('代售账号已被买家付款')
    expect(await inbox(owner.token)).not.toContain('买家已付款，请尽快发货')
    const sold = await get(`/trade/order/detail/${orderNo}`, owner.token)
    expect(sold.data).toMatchObject({ myRole: 'seller', status: 'PAID' })
    expect(sold.data.actions).not.toContain('startDelivery')
    expect(await post('/trade/order/startDelivery', owner.token, { orderNo })).toMatchObject({
      code: 403,
      msg: '官方代售订单由平台交付',
    })
    expect((await get(`/console/agency/detail/${id}`, admin)).data.order).toMatchObject({
      orderNo,
      status: 'PAID',
    })
    const shown = await post('/console/agency/credentials', admin, { applicationId: id })
    expect(shown.data.map((f: Json) => f.key)).toEqual(['QQ号或微信号', '登录密码'])
    expect((await post('/console/agency/deliver', admin, { applicationId: id })).msg).toBe('请填写绑定手机')
    const delivered = await post('/console/agency/deliver', operator, {
      applicationId: id,
      fields: { 绑定手机: '13900139101' },
    })
    expect(delivered).toMatchObject({ code: 200, data: { order: { status: 'TO_CONFIRM' } } })
    expect(await statusOf(t.app, orderNo)).toBe('TO_CONFIRM')
    const creds = await get(`/trade/order/credentials/${orderNo}`, buyer.token)
    expect(creds.data.fields.map((f: Json) => f.value)).toEqual(['20000002', 'Owner#1', '13900139101'])
    const actions = (await oplog(id)).map((l) => l.action)
    expect(actions).toEqual([
      'agencyTake',
      'agencyCheck',
      'agencyPublish',
      'agencyViewCredentials',
      'agencyDeliver',
    ])
    expect((await get('/agencySale/orders?settlement=PENDING', owner.token)).rows[0]).toMatchObject({
      orderNo,
      settlement: 'PENDING',
      commission: 5_000,
    })
    expect((await confirmOrder(t.app, buyer.token, orderNo)).data.status).toBe('SETTLED')
    await invariantOk(t.app)
  })

  // last: it moves the clock by days (sessions end)
  it('an order confirmed by the timer settles after the protection period, with the same split', async () => {
    const id = await apply(owner.token)
    const { goodsId } = await listed(id, 95_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    expect((await payOrder(t.app, buyer.token, orderNo)).data.status).toBe('TO_CONFIRM')
    const before = (await ledgerOf(t.app, owner.userId)).length
    clock += 72 * 3600_000 + 60_000
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('COMPLETED')
    expect(await ledgerOf(t.app, owner.userId)).toHaveLength(before)
    clock += 7 * 24 * 3600_000 + 60_000
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('SETTLED')
    expect((await ledgerOf(t.app, owner.userId)).slice(before)).toMatchObject([
      { type: 'SETTLEMENT', amount: 95_000 - 4_750, order_no: orderNo },
    ])
    const app = await t.app.db
      .selectFrom('agency_applications')
      .select(['status', 'commission', 'net_amount', 'order_no'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(app).toEqual({ status: 'SOLD', commission: 4_750, net_amount: 90_250, order_no: orderNo })
    await invariantOk(t.app)
  })
})
