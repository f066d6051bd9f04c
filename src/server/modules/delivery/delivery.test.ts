import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../../shared/messages'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { fieldCipher, loadOrCreateKey, mask } from './crypto'
import { keysOf } from '../../keys'

const SECRET_PASSWORD = 'Sup3r-Secret-Pw!'
const ACCOUNT = 'qq_1234567890'
const PHONE = '13912345678'

describe('delivery accounts', () => {
  let t: TestApp
  let king: GameFixture
  let seller: { token: string; userId: number }
  let other: { token: string; userId: number }
  let goodsId: number
  const answers: string[] = []

  const record = <T>(res: T) => {
    answers.push(JSON.stringify(res))
    return res
  }
  const save = async (fields: Record<string, string>, token = seller.token, id = goodsId) =>
    record(
      await call(t.app, 'POST', '/api/goods/seller/deliveryAccount/save', {
        token,
        body: { goodsId: id, fields },
      }),
    )
  const list = async (token = seller.token) =>
    record(await call(t.app, 'GET', '/api/goods/seller/deliveryAccount/list', { token }))

  beforeAll(async () => {
    t = await startTestApp()
    king = await gameNamed(t.app, '王者荣耀')
    seller = await newUser(t.app, 'dlv')
    other = await newUser(t.app, 'dlo')
    goodsId = await publish(t.app, seller.token, kingAccount(king))
  })
  afterAll(() => t.close())

  it("lists the seller's account listings, unsaved ones empty", async () => {
    const res = await list()
    expect(res).toMatchObject({ code: 200, total: 1 })
    expect(res.rows[0]).toMatchObject({
      goodsId,
      saved: false,
      fields: {},
      updatedAt: 0,
      gameId: king.game.gameId,
    })
  })

  it("checks the fields against the game's transfer config", async () => {
    expect(await save({ 登录密码: SECRET_PASSWORD, 绑定手机: PHONE })).toMatchObject({
      code: 400,
      msg: '请填写QQ号或微信号',
    })
    expect(await save({ QQ号或微信号: ACCOUNT, 登录密码: SECRET_PASSWORD, 绑定手机: '12345' })).toMatchObject(
      {
        code: 400,
        msg: '绑定手机须为 11 位手机号',
      },
    )
    expect(
      await save({ QQ号或微信号: ACCOUNT, 登录密码: SECRET_PASSWORD, 绑定手机: PHONE, 银行卡: '1' }),
    ).toMatchObject({
      code: 400,
      msg: '未知的发货信息：银行卡',
    })
    expect(
      await save({ QQ号或微信号: 'x'.repeat(201), 登录密码: SECRET_PASSWORD, 绑定手机: PHONE }),
    ).toMatchObject({
      code: 400,
      msg: 'QQ号或微信号长度不能超过 64 个字符',
    })
    const coin = await publish(t.app, seller.token, {
      ...kingAccount(king),
      goodsType: 'COIN',
      stock: 9,
      attributes: { 数量: 100 },
    })
    expect(await save({ QQ号或微信号: ACCOUNT }, seller.token, coin)).toMatchObject({
      code: 400,
      msg: '只有账号类商品需要填写发货账号',
    })
  })

  it('saves encrypted, answers masked, and only the owner may touch it', async () => {
    const saved = await save({
      QQ号或微信号: ACCOUNT,
      登录密码: SECRET_PASSWORD,
      绑定手机: PHONE,
      密保答案: '我的小学',
      交接备注: '登录后请立即修改密码',
    })
    expect(saved).toMatchObject({
      code: 200,
      data: {
        goodsId,
        saved: true,
        fields: {
          QQ号或微信号: 'qq****90',
          登录密码: '******',
          绑定手机: '13****78',
          密保答案: '******',
          交接备注: '登录****密码',
        },
      },
    })
    expect((await list()).rows[0]).toMatchObject({ saved: true, fields: saved.data.fields })

    // a partial update keeps the other values
    const partial = await save({ 绑定手机: '13800001111' })
    expect(partial.data.fields).toMatchObject({
      绑定手机: '13****11',
      登录密码: '******',
      QQ号或微信号: 'qq****90',
    })

    expect(await save({ 登录密码: 'x' }, other.token)).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    expect((await list(other.token)).total).toBe(0)
    expect(
      record(
        await call(t.app, 'POST', '/api/goods/seller/deliveryAccount/remove', {
          token: other.token,
          body: { goodsId },
        }),
      ),
    ).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })

    // at rest: AES-GCM values, no clear text in the table; the key file is private
    const row = await t.app.db
      .selectFrom('goods_delivery_accounts')
      .selectAll()
      .where('goods_id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(row.fields_enc).not.toContain(SECRET_PASSWORD)
    expect(row.fields_enc).not.toContain(ACCOUNT)
    const sealed = JSON.parse(row.fields_enc)
    // v2.<key id>.<iv>.<tag>.<data> (delivery/crypto.ts: the key id for rotation)
    expect(sealed.登录密码).toMatch(
      /^v2\.[0-9a-f]{8}\.[A-Za-z0-9+/=]{16}\.[A-Za-z0-9+/=]{24}\.[A-Za-z0-9+/=]+$/,
    )
    const keyFile = join(t.dataDir, 'keys', 'delivery-accounts.key')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32)

    // the trade module's reveal (the buyer of a paid order) gives the clear values back
    const services = t.app.services
    expect(await services.delivery.revealDeliveryAccount(goodsId)).toMatchObject({
      QQ号或微信号: ACCOUNT,
      登录密码: SECRET_PASSWORD,
      绑定手机: '13800001111',
    })
  })

  it('never returns a credential in clear through any answer', async () => {
    for (const url of [
      `/api/goods/detail/${goodsId}`,
      `/api/goods/seller/detail/${goodsId}`,
      '/api/goods/seller/list',
      `/api/goods/search?sellerId=${seller.userId}`,
      '/api/goods/seller/deliveryAccount/list',
    ]) {
      record(await call(t.app, 'GET', url, { token: seller.token }))
    }
    const all = answers.join('\n')
    expect(all).not.toContain(SECRET_PASSWORD)
    expect(all).not.toContain(ACCOUNT)
    expect(all).not.toContain(PHONE)
    expect(all).not.toContain('13800001111')
  })

  it('removes the account; a sold listing keeps its credentials', async () => {
    expect(
      await call(t.app, 'POST', '/api/goods/seller/deliveryAccount/remove', {
        token: seller.token,
        body: { goodsId },
      }),
    ).toMatchObject({ code: 200 })
    expect((await list()).rows[0]).toMatchObject({ saved: false, fields: {} })
    await save({ QQ号或微信号: ACCOUNT, 登录密码: SECRET_PASSWORD, 绑定手机: PHONE })
    await t.app.db.updateTable('goods').set({ status: 'SOLD' }).where('id', '=', goodsId).execute()
    expect(await save({ 登录密码: 'changed' })).toMatchObject({
      code: 400,
      msg: '已售出的商品不能修改发货账号',
    })
    expect(
      await call(t.app, 'POST', '/api/goods/seller/deliveryAccount/remove', {
        token: seller.token,
        body: { goodsId },
      }),
    ).toMatchObject({ code: 400, msg: '已售出的商品不能删除发货账号' })
  })
})

describe('delivery crypto', () => {
  it('uses a random IV per value and binds each value to its listing and field', () => {
    const cipher = fieldCipher(Buffer.alloc(32, 7))
    const a = cipher.encrypt('secret', 'delivery:1:登录密码')
    const b = cipher.encrypt('secret', 'delivery:1:登录密码')
    expect(a).not.toBe(b)
    expect(cipher.decrypt(a, 'delivery:1:登录密码')).toBe('secret')
    expect(() => cipher.decrypt(a, 'delivery:2:登录密码')).toThrow()
    const [v, iv, tag, data] = a.split('.')
    const flipped = Buffer.from(data, 'base64')
    flipped[0] ^= 1
    expect(() =>
      cipher.decrypt([v, iv, tag, flipped.toString('base64')].join('.'), 'delivery:1:登录密码'),
    ).toThrow()
  })

  it('masks: secrets fully, others first 2 + **** + last 2, short values fully', () => {
    expect(mask('abcdefgh', false)).toBe('ab****gh')
    expect(mask('abcde', false)).toBe('******')
    expect(mask('abcdefgh', true)).toBe('******')
    expect(mask('', true)).toBe('')
  })

  it('makes the key once and reuses it', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'key-'))
    try {
      expect(loadOrCreateKey(keysOf(dir)).equals(loadOrCreateKey(keysOf(dir)))).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
