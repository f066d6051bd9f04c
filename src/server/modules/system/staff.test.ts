/**
 * Staff: 参数设置 and 字典管理: the permission of each endpoint (admin and 运营 pass, 客服 and a buyer
 * get 403, a visitor 401), each known parameter checked by its rule and applied without a restart,
 * and the dictionary rules (built-in values fixed, never deleted; state entries stay enabled) with
 * the operation-log rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFIG_SPECS, configProblem } from '../../../shared/api/system'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'

let t: TestApp
let admin: string
let operator: string
let kefu: string
let buyer: string

beforeAll(async () => {
  t = await startTestApp({ tradeSweepMs: 0 })
  admin = await tokenOf(t.app, ...DEMO.admin)
  operator = await tokenOf(t.app, ...DEMO.operator)
  kefu = await tokenOf(t.app, ...DEMO.kefu)
  buyer = await tokenOf(t.app, ...DEMO.buyer)
})
afterAll(() => t?.close())

const get = (url: string, token?: string) => call(t.app, 'GET', `/api${url}`, { token })
const post = (url: string, token: string | undefined, body: unknown) =>
  call(t.app, 'POST', `/api${url}`, { token, body })
const oplog = (action: string) =>
  t.app.db
    .selectFrom('op_logs')
    .select(['target', 'before_json as before', 'after_json as after', 'status'])
    .where('action', '=', action)
    .orderBy('id')
    .execute()

describe('permissions', () => {
  it('admin and 运营 pass; 客服 and a buyer get 403; a visitor 401', async () => {
    const cases: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/console/config/list', undefined],
      ['POST', '/console/config/edit', { configKey: 'no.such.key', configValue: 'x' }],
      ['GET', '/console/dict/types', undefined],
      ['GET', '/console/dict/data/order_status', undefined],
      [
        'POST',
        '/console/dict/data/edit',
        { dictCode: 999_999, dictLabel: '无', listClass: '', dictSort: 1, status: '0' },
      ],
      ['POST', '/console/dict/data/remove', { dictCode: 999_999 }],
    ]
    for (const [method, url, body] of cases) {
      const as = (token?: string) => call(t.app, method, `/api${url}`, { token, body })
      for (const token of [admin, operator]) expect([200, 404], url).toContain((await as(token)).code)
      expect((await as(kefu)).code, url).toBe(403)
      expect((await as(buyer)).code, url).toBe(403)
      expect((await as()).code, url).toBe(401)
    }
  })
})

describe('参数设置', () => {
  it('lists every parameter with its rule; known keys are checked by type and range', async () => {
    const list = await get('/console/config/list', admin)
    const keys = list.data.map((c: { configKey: string }) => c.configKey)
    for (const key of ['goods.autoApprove', 'cs.serviceHours', 'goods.push.dailyQuota', 'ai.draw.dailyQuota'])
      expect(keys).toContain(key)
    expect(
      list.data.find((c: { configKey: string }) => c.configKey === 'goods.autoApprove').spec,
    ).toMatchObject({ kind: 'boolean', label: '商品自动审核' })
    expect((await get('/console/config/list?keyword=客服', admin)).data.length).toBeGreaterThan(0)

    const edit = (configKey: string, configValue: string, token = operator) =>
      post('/console/config/edit', token, { configKey, configValue })
    const refused: Array<[string, string, string]> = [
      ['goods.autoApprove', 'yes', '「商品自动审核」只能是 true 或 false'],
      ['goods.push.dailyQuota', '-1', '「商品推送每日次数」必须是整数'],
      ['goods.push.dailyQuota', '101', '「商品推送每日次数」必须在 0 到 100 之间'],
      ['goods.push.dailyQuota', '1e3', '「商品推送每日次数」必须是整数'],
      ['goods.push.hourOptions', '2,x', '「商品推送可选时长」必须是以英文逗号分隔的整数'],
      ['goods.push.hourOptions', '2,200', '「商品推送可选时长」每项必须在 1 到 168 之间'],
      ['cs.serviceHours', '10点-22点', '「客服工作时间」格式应为 HH:mm-HH:mm，例如 10:00-22:30'],
      ['cs.serviceHours', '22:00-10:00', '「客服工作时间」的结束时间必须晚于开始时间'],
      ['cs.serviceUrl', 'javascript:alert(1)', '「在线客服地址」必须以 http:// 或 https:// 开头'],
      ['site.name', '  ', '「站点名称」不能为空'],
      ['ai.draw.maxConcurrent', '0', '「AI 绘画同时进行数」必须在 1 到 10 之间'],
      ['sys.account.captchaEnabled', 'false', '「登录验证码」由系统维护，不能修改'],
    ]
    for (const [key, value, msg] of refused)
      expect(await edit(key, value), key).toMatchObject({ code: 400, msg })
    expect((await edit('no.such.key', 'x')).code).toBe(404)
    expect((await edit('goods.autoApprove', 'x'.repeat(501))).msg).toBe('参数值长度不能超过 500 个字符')
    // every known key's current value passes its own rule (the registry matches the seed)
    for (const c of list.data as Array<{ configKey: string; configValue: string }>)
      if (CONFIG_SPECS[c.configKey] && !CONFIG_SPECS[c.configKey].readOnly)
        expect(configProblem(c.configKey, c.configValue), c.configKey).toBeNull()
  })

  it('applies a change at once (no restart) and logs before / after', async () => {
    const edit = (configKey: string, configValue: string) =>
      post('/console/config/edit', operator, { configKey, configValue })
    expect(await edit('cs.serviceHours', ' 09:00-21:00 ')).toMatchObject({
      code: 200,
      msg: '参数已保存',
      data: { configValue: '09:00-21:00' },
    })
    expect((await get('/system/config/configKey/cs.serviceHours')).data).toBe('09:00-21:00')

    // the push quota a seller is offered follows at once
    const seller = await tokenOf(t.app, ...DEMO.seller)
    const quota = await get('/goods/seller/push/quota', seller)
    expect(quota.code).toBe(200)
    expect((await edit('goods.push.dailyQuota', String(quota.data.dailyQuota + 1))).code).toBe(200)
    expect((await get('/goods/seller/push/quota', seller)).data.dailyQuota).toBe(quota.data.dailyQuota + 1)

    // the audit switch: off → a new listing waits in the review queue, at once
    expect((await edit('goods.autoApprove', 'false')).code).toBe(200)
    const publisher = await newUser(t.app, 'cfg')
    const goodsId = await publish(t.app, publisher.token, kingAccount(await gameNamed(t.app, '王者荣耀')))
    const listing = await t.app.db
      .selectFrom('goods')
      .select('status')
      .where('id', '=', goodsId)
      .executeTakeFirst()
    expect(listing?.status).toBe('AUDITING')

    const rows = await oplog('config-edit')
    expect(rows.find((r) => r.target === 'cs.serviceHours')).toMatchObject({
      before: JSON.stringify({ configValue: '10:00-22:30' }),
      after: JSON.stringify({ configValue: '09:00-21:00' }),
      status: 'SUCCESS',
    })
    expect(rows.find((r) => r.target === 'goods.autoApprove')).toMatchObject({
      before: JSON.stringify({ configValue: 'true' }),
      after: JSON.stringify({ configValue: 'false' }),
    })
    // the same value again changes nothing and logs nothing
    const count = rows.length
    expect((await edit('goods.autoApprove', 'false')).code).toBe(200)
    expect(await oplog('config-edit')).toHaveLength(count)
    await edit('goods.autoApprove', 'true')
  })
})

describe('字典管理', () => {
  const entries = async (type: string) =>
    (await get(`/console/dict/data/${type}`, admin)).data as Array<{
      dictCode: number
      dictValue: string
      dictLabel: string
      listClass: string
      dictSort: number
      status: string
      builtin: boolean
    }>
  const edit = (body: Record<string, unknown>) => post('/console/dict/data/edit', operator, body)

  it('lists the types with their Chinese names and counts', async () => {
    const types = await get('/console/dict/types', admin)
    expect(types.data.find((d: { dictType: string }) => d.dictType === 'order_status')).toMatchObject({
      dictName: '订单状态',
      entries: 10,
      enabled: 10,
    })
  })

  it('lets a built-in entry change its label, colour and sort, never its value; the public dictionary follows', async () => {
    const paid = (await entries('order_status')).find((e) => e.dictValue === 'PAID')!
    expect(paid.builtin).toBe(true)
    const body = {
      dictCode: paid.dictCode,
      dictLabel: '已付款',
      listClass: 'success',
      dictSort: 2,
      status: '0',
    }
    expect(await edit(body)).toMatchObject({ code: 200, data: { dictLabel: '已付款', dictValue: 'PAID' } })
    const pub = await get('/system/dict/data/type/order_status')
    expect(pub.data.find((d: { dictValue: string }) => d.dictValue === 'PAID')).toMatchObject({
      dictLabel: '已付款',
      listClass: 'success',
    })
    expect(await edit({ ...body, dictValue: 'PAYED' })).toMatchObject({
      code: 400,
      msg: '系统使用的字典项不能修改键值，只能修改标签、颜色和排序',
    })
    expect(await edit({ ...body, status: '1' })).toMatchObject({
      code: 400,
      msg: '该字典项标示系统中的状态，停用后相关数据将无法显示，不能停用',
    })
    expect(await post('/console/dict/data/remove', operator, { dictCode: paid.dictCode })).toMatchObject({
      code: 400,
      msg: '系统使用的字典项不能删除',
    })
    expect(await edit({ ...body, listClass: 'pink' })).toMatchObject({ code: 400, msg: '标签颜色取值不正确' })
    expect(await edit({ ...body, dictLabel: ' ' })).toMatchObject({ code: 400, msg: '字典标签格式不正确' })
    const [row] = (await oplog('dict-edit')).filter((r) => r.target === 'order_status:PAID')
    expect(JSON.parse(row.before!)).toMatchObject({ dictLabel: '已支付', listClass: 'primary' })
    expect(JSON.parse(row.after!)).toMatchObject({ dictLabel: '已付款', listClass: 'success' })
  })

  it('lets a choice dictionary disable a built-in entry (no longer offered, the app keeps working)', async () => {
    const other = (await entries('platform_feedback_type')).find((e) => e.dictValue === 'OTHER')!
    expect(
      await edit({
        dictCode: other.dictCode,
        dictLabel: other.dictLabel,
        listClass: '',
        dictSort: 9,
        status: '1',
      }),
    ).toMatchObject({ code: 200, data: { status: '1' } })
    const offered = await get('/system/dict/data/type/platform_feedback_type')
    expect(offered.data.map((d: { dictValue: string }) => d.dictValue)).not.toContain('OTHER')
    // feedback of that type is refused with a clear message; the other types still work
    const res = await post('/platform/feedback/add', buyer, {
      feedbackType: 'OTHER',
      content: '这是一条正常长度的反馈',
    })
    expect(res).toMatchObject({ code: 400, msg: '反馈类型取值不正确' })
    expect(
      (
        await post('/platform/feedback/add', buyer, {
          feedbackType: 'BUG',
          content: '这是一条正常长度的反馈',
        })
      ).code,
    ).toBe(200)
  })

  it('adds, edits (value too) and deletes an entry staff own, with log rows', async () => {
    const add = (body: Record<string, unknown>) => post('/console/dict/data/add', operator, body)
    const base = {
      dictType: 'platform',
      dictValue: 'HarmonyOS',
      dictLabel: '鸿蒙',
      listClass: '',
      dictSort: 4,
      status: '0',
    }
    const added = await add(base)
    expect(added).toMatchObject({ code: 200, data: { builtin: false, dictValue: 'HarmonyOS' } })
    expect(await add(base)).toMatchObject({ code: 400, msg: '字典键值「HarmonyOS」已存在' })
    expect(await add({ ...base, dictValue: 'PC' })).toMatchObject({ code: 400, msg: '字典键值「PC」已存在' })
    expect((await add({ ...base, dictValue: 'a b' })).msg).toBe('字典键值格式不正确')
    const code = added.data.dictCode
    expect(
      await edit({
        dictCode: code,
        dictValue: 'Harmony',
        dictLabel: '鸿蒙系统',
        listClass: 'info',
        dictSort: 5,
        status: '1',
      }),
    ).toMatchObject({ code: 200, data: { dictValue: 'Harmony', status: '1' } })
    expect(
      (await get('/system/dict/data/type/platform')).data.map((d: { dictValue: string }) => d.dictValue),
    ).not.toContain('Harmony')
    expect(await post('/console/dict/data/remove', operator, { dictCode: code })).toMatchObject({ code: 200 })
    expect((await entries('platform')).map((e) => e.dictValue)).toEqual(['PC', 'iOS', 'Android'])
    expect((await oplog('dict-add')).at(-1)).toMatchObject({ target: 'platform:HarmonyOS' })
    expect((await oplog('dict-remove')).at(-1)).toMatchObject({ target: 'platform:Harmony' })
  })
})
