import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeContact } from '../../../shared/api/cs-verify'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { CS_VERIFY_PER_MINUTE } from './routes'

describe('normalizeContact', () => {
  it('trims, lower-cases and keeps phone digits', () => {
    expect(normalizeContact('QQ', ' 800 012 345 ')).toBe('800012345')
    expect(normalizeContact('QQ', '０８００')).toBeNull()
    expect(normalizeContact('QQ', '１２３４５６')).toBe('123456')
    expect(normalizeContact('QQ', 'abc12345')).toBeNull()
    expect(normalizeContact('PHONE', '+86 138-0013-8000')).toBe('13800138000')
    expect(normalizeContact('PHONE', '0086 13800138000')).toBe('13800138000')
    expect(normalizeContact('PHONE', '8613800138000')).toBe('13800138000')
    expect(normalizeContact('PHONE', '(400) 800-1234')).toBe('4008001234')
    expect(normalizeContact('PHONE', '电话')).toBeNull()
    expect(normalizeContact('WECHAT', '  YouXia_KF01 ')).toBe('youxia_kf01')
    expect(normalizeContact('WECHAT', 'a b')).toBeNull()
    expect(normalizeContact('EMAIL', ' Service@Example.COM ')).toBe('service@example.com')
    expect(normalizeContact('EMAIL', 'not-an-email')).toBeNull()
  })
})

describe('customer-service verification', () => {
  let t: TestApp
  let admin: string
  let buyer: string
  beforeAll(async () => {
    t = await startTestApp()
    admin = await tokenOf(t.app, ...DEMO.admin)
    buyer = await tokenOf(t.app, ...DEMO.buyer)
  })
  afterAll(() => t.close())

  const verify = (channel: string, value: string, ip?: string) =>
    call(t.app, 'GET', `/api/platform/cs/verify?channel=${channel}&value=${encodeURIComponent(value)}`, {
      ip,
    })

  it('answers 是官方客服 with the public name for a seeded contact, whatever its spelling', async () => {
    expect((await verify('QQ', ' 800 012 345')).data).toEqual({
      channel: 'QQ',
      value: '800012345',
      verdict: 'OFFICIAL',
      staffName: '客服小易',
      retiredAt: null,
    })
    expect((await verify('WECHAT', 'youxiayishi_kf01')).data.verdict).toBe('OFFICIAL')
    expect((await verify('PHONE', '400 800 1234')).data).toMatchObject({
      verdict: 'OFFICIAL',
      value: '4008001234',
    })
    expect((await verify('EMAIL', 'SERVICE@youxia.example.com ')).data.verdict).toBe('OFFICIAL')
  })

  it('answers UNKNOWN for a contact that is not ours, and FORMER for a retired one', async () => {
    expect((await verify('QQ', '123456789')).data).toEqual({
      channel: 'QQ',
      value: '123456789',
      verdict: 'UNKNOWN',
      staffName: null,
      retiredAt: null,
    })
    // the same number on another channel is not ours either
    expect((await verify('PHONE', '800012345')).data.verdict).toBe('UNKNOWN')
    const former = (await verify('QQ', '800054321')).data
    expect(former).toMatchObject({ verdict: 'FORMER', staffName: '客服小侠（已离职）' })
    expect(former.retiredAt).toEqual(expect.any(Number))
  })

  it('refuses malformed input with a Chinese message', async () => {
    expect(await verify('QQ', 'abc')).toMatchObject({ code: 400, msg: 'QQ 号格式不正确（5-12 位数字）' })
    expect(await verify('EMAIL', 'x')).toMatchObject({ code: 400, msg: '邮箱格式不正确' })
    expect(await verify('FAX', '12345')).toMatchObject({ code: 400, msg: '联系方式类型取值不正确' })
    expect(await call(t.app, 'GET', '/api/platform/cs/verify?channel=QQ')).toMatchObject({
      code: 400,
      msg: '联系方式不能为空',
    })
  })

  it('limits look-ups per client address', async () => {
    const ip = '10.99.0.1'
    for (let i = 0; i < CS_VERIFY_PER_MINUTE; i++) expect((await verify('QQ', '55555555', ip)).code).toBe(200)
    expect(await verify('QQ', '55555555', ip)).toMatchObject({ code: 429 })
    // another address is not affected
    expect((await verify('QQ', '55555555', '10.99.0.2')).code).toBe(200)
  })

  it('lists the unknown contacts checked most, for staff only', async () => {
    for (const ip of ['10.98.0.1', '10.98.0.2', '10.98.0.3']) await verify('WECHAT', 'Fake_KF_888', ip)
    const top = await call(t.app, 'GET', '/api/platform/cs/verify/unknownTop?days=1', { token: admin })
    expect(top.code).toBe(200)
    // 55555555 was asked 22 times above, fake_kf_888 three times by three visitors
    expect(top.data[0]).toMatchObject({ channel: 'QQ', value: '55555555', checks: CS_VERIFY_PER_MINUTE + 1 })
    expect(top.data.find((r: { value: string }) => r.value === 'fake_kf_888')).toMatchObject({
      channel: 'WECHAT',
      checks: 3,
      visitors: 3,
    })
    // official and former contacts never show up as unknown
    const keys = top.data.map((r: { channel: string; value: string }) => `${r.channel}:${r.value}`)
    expect(keys).not.toContain('QQ:800012345')
    expect(keys).not.toContain('QQ:800054321')
    // the same digits asked as a phone number are unknown
    expect(keys).toContain('PHONE:800012345')
    expect(await call(t.app, 'GET', '/api/platform/cs/verify/unknownTop', { token: buyer })).toMatchObject({
      code: 403,
    })
  })

  it('lets staff add, edit and retire contacts; a retired contact answers FORMER', async () => {
    const added = await call(t.app, 'POST', '/api/platform/cs/contact/add', {
      token: admin,
      body: { channel: 'PHONE', value: '+86 139-0000-1111', staffName: '客服阿月', remark: '夜班' },
    })
    expect(added).toMatchObject({
      code: 200,
      data: { channel: 'PHONE', value: '13900001111', staffName: '客服阿月', status: 'ACTIVE' },
    })
    const contactId = added.data.contactId
    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/add', {
        token: admin,
        body: { channel: 'PHONE', value: '139 0000 1111', staffName: '重复' },
      }),
    ).toMatchObject({ code: 400 })
    expect((await verify('PHONE', '13900001111')).data).toMatchObject({
      verdict: 'OFFICIAL',
      staffName: '客服阿月',
    })

    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/edit', {
        token: admin,
        body: { contactId, staffName: '   ' },
      }),
    ).toMatchObject({ code: 400, msg: '客服名称不能为空' })
    const edited = await call(t.app, 'POST', '/api/platform/cs/contact/edit', {
      token: admin,
      body: { contactId, staffName: '客服阿星' },
    })
    expect(edited.data).toMatchObject({ staffName: '客服阿星', remark: '夜班' })

    const retired = await call(t.app, 'POST', '/api/platform/cs/contact/retire', {
      token: admin,
      body: { contactId },
    })
    expect(retired).toMatchObject({ code: 200, msg: '已停用', data: { status: 'RETIRED' } })
    // every staff change is in the operation log, in order
    const logged = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'user_name'])
      .where('module', '=', 'platform')
      .where('target', '=', String(contactId))
      .where('action', 'like', 'csContact%')
      .orderBy('id')
      .execute()
    expect(logged).toEqual([
      { action: 'csContactAdd', user_name: 'admin' },
      { action: 'csContactEdit', user_name: 'admin' },
      { action: 'csContactRetire', user_name: 'admin' },
    ])
    expect((await verify('PHONE', '13900001111')).data).toMatchObject({
      verdict: 'FORMER',
      staffName: '客服阿星',
    })
    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/retire', { token: admin, body: { contactId } }),
    ).toMatchObject({ code: 400, msg: '该联系方式已停用' })
    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/edit', {
        token: admin,
        body: { contactId: 99999, staffName: 'x' },
      }),
    ).toMatchObject({ code: 404, msg: '客服联系方式不存在' })

    const list = await call(t.app, 'GET', '/api/platform/cs/contact/list?status=RETIRED', { token: admin })
    expect(list.rows.map((r: { value: string }) => r.value).sort()).toEqual(['13900001111', '800054321'])
    const found = await call(
      t.app,
      'GET',
      `/api/platform/cs/contact/list?keyword=${encodeURIComponent('小易')}`,
      {
        token: admin,
      },
    )
    expect(found.total).toBe(2)
  })

  it('answers 403 to a buyer on every staff endpoint and 401 to a visitor', async () => {
    const body = { channel: 'QQ', value: '12345678', staffName: '冒充' }
    expect(await call(t.app, 'POST', '/api/platform/cs/contact/add', { token: buyer, body })).toMatchObject({
      code: 403,
    })
    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/edit', {
        token: buyer,
        body: { contactId: 1, staffName: 'x' },
      }),
    ).toMatchObject({ code: 403 })
    expect(
      await call(t.app, 'POST', '/api/platform/cs/contact/retire', { token: buyer, body: { contactId: 1 } }),
    ).toMatchObject({ code: 403 })
    expect(await call(t.app, 'GET', '/api/platform/cs/contact/list', { token: buyer })).toMatchObject({
      code: 403,
    })
    expect(await call(t.app, 'POST', '/api/platform/cs/contact/add', { body })).toMatchObject({ code: 401 })
    expect((await verify('QQ', '12345678')).data.verdict).toBe('UNKNOWN')
  })
})
