/**
 * The WeChat official account end to end over the API: QR scenes, scan login and binding, the signed
 * callback, template switches and sends. Long because the seven calls share one sandbox and its users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { keysOf, loadOrCreateSecret } from '../../keys'
import { call, encryptPassword, startTestApp, tokenOf, DEMO, type Json, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { funded, paidOrder } from '../trade/test-helpers'
import {
  callbackSignature,
  officialProvider,
  wechatXml,
  SANDBOX_WECHAT_USERS,
  type WechatProvider,
} from './provider'
import { templateFor } from './templates'
import { BIND_TICKET_TTL_MS, SCENE_TTL_MS, outboxBackoffMs } from './service'

let clock = Date.now()
const now = () => clock
let t: TestApp
const [QING, LAN, ZI, BAI] = SANDBOX_WECHAT_USERS.map((u) => u.openid)

beforeAll(async () => {
  t = await startTestApp({ now, tradeSweepMs: 0, wechatOutboxMs: 0, paySimulators: true })
})
afterAll(() => t?.close())

const qr = (app: FastifyInstance, purpose: 'LOGIN' | 'BIND', token?: string) =>
  call(app, 'POST', '/api/user/userOfficial/buildQRCode', { token, body: { purpose } })
const check = (app: FastifyInstance, sceneId: string, ip?: string) =>
  call(app, 'GET', `/api/user/userOfficial/checkOfficialLogin?sceneId=${sceneId}`, { ip })
const bindResult = (app: FastifyInstance, token: string, sceneId: string) =>
  call(app, 'GET', `/api/user/userOfficial/getUserBindOfficialResult?sceneId=${sceneId}`, { token })

/** The sandbox phone scans (its page's form): a signed event to the callback; the 303 says how it went. */
async function scan(
  app: FastifyInstance,
  qrCode: Json,
  openid: string,
  event: 'SCAN' | 'subscribe' = 'SCAN',
) {
  const scene = new URL(qrCode.qrContent, 'http://x').searchParams.get('scene')!
  const res = await app.inject({
    method: 'POST',
    url: '/api/wechat/sandbox/scan',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ scene, openid, event }).toString(),
  })
  expect(res.statusCode).toBe(303)
  return res.headers.location as string
}

const messagesOf = async (token: string) =>
  (
    await call(t.app, 'POST', '/api/user/message/webMessagePage', {
      token,
      body: { pageNum: 1, pageSize: 10 },
    })
  ).rows as Array<{ title: string }>

describe('scan login', () => {
  it('sends an unbound WeChat user to /bind.html, binds by logging in, then logs in by scan alone', async () => {
    const first = (await qr(t.app, 'LOGIN')).data
    expect(first.qrImage).toMatch(/^data:image\/png;base64,/)
    expect(first.sandboxUrl).toContain('/api/wechat/sandbox/phone?scene=')
    // a phone can open what the sandbox's QR code carries: the phone page on the address the site was reached at
    expect(first.qrContent).toMatch(/^http:\/\/localhost(:80)?\/api\/wechat\/sandbox\/phone\?scene=/)
    // the poll handle is not what the QR code carries
    expect(first.qrContent).not.toContain(first.sceneId)
    expect((await check(t.app, first.sceneId)).data).toEqual({ status: 'WAITING' })

    expect(await scan(t.app, first, QING)).toContain('done=ok')
    const unbound = (await check(t.app, first.sceneId)).data
    expect(unbound).toMatchObject({ status: 'UNBOUND', wechatNickname: '沙箱微信·阿青' })
    // single use: the scene is spent
    expect((await check(t.app, first.sceneId)).data).toEqual({ status: 'EXPIRED' })

    const user = await newUser(t.app, 'wxa')
    const bound = await call(t.app, 'POST', '/api/user/userOfficial/bindLogin', {
      body: {
        bindTicket: unbound.bindTicket,
        username: user.username,
        password: await encryptPassword(t.app, 'Passw0rd!x'),
      },
    })
    expect(bound).toMatchObject({ code: 200, data: { userInfoDto: { userId: user.userId } } })
    expect(typeof bound.data.token).toBe('string')
    // the ticket is single use too
    const again = await call(t.app, 'POST', '/api/user/userOfficial/bindLogin', {
      body: {
        bindTicket: unbound.bindTicket,
        username: user.username,
        password: await encryptPassword(t.app, 'Passw0rd!x'),
      },
    })
    expect(again).toMatchObject({ code: 400, msg: '绑定凭证已失效，请重新扫码' })
    expect((await messagesOf(user.token))[0]!.title).toBe('微信绑定成功')

    // later: scan alone logs in, with a session like /login's
    const second = (await qr(t.app, 'LOGIN')).data
    await scan(t.app, second, QING, 'subscribe')
    const session = (await check(t.app, second.sceneId)).data
    expect(session).toMatchObject({
      status: 'LOGGED_IN',
      userInfoDto: { userId: user.userId, userName: user.username },
    })
    const info = await call(t.app, 'GET', '/api/getInfo', { token: session.token })
    expect(info.user.userId).toBe(user.userId)
    expect((await check(t.app, second.sceneId)).data).toEqual({ status: 'EXPIRED' })
  })

  it('binds a new account registered on /bind.html', async () => {
    const code = (await qr(t.app, 'LOGIN')).data
    await scan(t.app, code, LAN)
    const { bindTicket } = (await check(t.app, code.sceneId)).data
    const pw = await encryptPassword(t.app, 'Passw0rd!x')
    const username = `wxn${Date.now().toString(36)}`.slice(0, 16)
    const res = await call(t.app, 'POST', '/api/user/userOfficial/bindRegister', {
      body: { bindTicket, username, password: pw, confirmPassword: pw, nickName: '新微信用户', agreed: true },
    })
    expect(res).toMatchObject({ code: 200, data: { userInfoDto: { userName: username } } })
    const binding = await call(t.app, 'GET', '/api/user/userOfficial/binding', { token: res.data.token })
    expect(binding.data).toMatchObject({ bound: true, nickname: '沙箱微信·阿蓝', isSend: true })
  })

  it('answers unknown, expired and used scenes the same, and counts only the first scan', async () => {
    expect((await check(t.app, 'no-such-scene')).data).toEqual({ status: 'EXPIRED' })
    const code = (await qr(t.app, 'LOGIN')).data
    clock += SCENE_TTL_MS + 1
    expect((await check(t.app, code.sceneId)).data).toEqual({ status: 'EXPIRED' })
    // a scan of an expired scene changes nothing
    await scan(t.app, code, QING)
    clock -= SCENE_TTL_MS + 1
    expect((await check(t.app, code.sceneId)).data).toEqual({ status: 'WAITING' })

    await scan(t.app, code, ZI)
    await scan(t.app, code, QING) // the bound user comes second: ignored
    expect((await check(t.app, code.sceneId)).data).toMatchObject({
      status: 'UNBOUND',
      wechatNickname: '沙箱微信·阿紫',
    })
  })

  it('refuses an expired /bind.html ticket', async () => {
    const code = (await qr(t.app, 'LOGIN')).data
    await scan(t.app, code, BAI)
    const { bindTicket } = (await check(t.app, code.sceneId)).data
    clock += BIND_TICKET_TTL_MS + 1
    const res = await call(t.app, 'POST', '/api/user/userOfficial/bindLogin', {
      body: { bindTicket, username: 'buyer', password: await encryptPassword(t.app, 'Buyer@123') },
    })
    clock -= BIND_TICKET_TTL_MS + 1
    expect(res).toMatchObject({ code: 400, msg: '绑定凭证已失效，请重新扫码' })
  })

  it('rate-limits the polls', async () => {
    const ip = '10.9.9.9'
    const codes: number[] = []
    for (let i = 0; i < 61; i++) codes.push((await check(t.app, 'whatever', ip)).code)
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true)
    expect(codes[60]).toBe(429)
  })
})

describe('the callback', () => {
  const token = () => loadOrCreateSecret(keysOf(t.dataDir), 'wechat-sandbox.key').toString('hex')
  const post = (query: Record<string, string>, xml: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wechat/callback?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    })

  it('rejects a bad or stale signature and accepts a good one', async () => {
    const code = (await qr(t.app, 'LOGIN')).data
    const scene = new URL(code.qrContent, 'http://x').searchParams.get('scene')!
    const xml = wechatXml({
      FromUserName: ZI,
      MsgType: 'event',
      Event: 'SCAN',
      EventKey: scene,
      CreateTime: 1,
    })
    const timestamp = String(Math.floor(clock / 1000))
    const bad = await post({ signature: 'a'.repeat(40), timestamp, nonce: 'n1' }, xml)
    expect(bad.statusCode).toBe(403)
    const stale = String(Math.floor(clock / 1000) - 3600)
    const old = await post(
      { signature: callbackSignature(token(), stale, 'n2'), timestamp: stale, nonce: 'n2' },
      xml,
    )
    expect(old.statusCode).toBe(403)
    expect((await check(t.app, code.sceneId)).data).toEqual({ status: 'WAITING' })

    const good = await post(
      { signature: callbackSignature(token(), timestamp, 'n3'), timestamp, nonce: 'n3' },
      xml,
    )
    expect(good.statusCode).toBe(200)
    expect(good.body).toBe('success')
    expect((await check(t.app, code.sceneId)).data.status).toBe('UNBOUND')

    // WeChat's URL check echoes echostr only with a good signature
    const echo = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/callback?${new URLSearchParams({ signature: callbackSignature(token(), timestamp, 'n4'), timestamp, nonce: 'n4', echostr: 'hello' })}`,
    })
    expect(echo.body).toBe('hello')
  })
})

describe('binding from account settings', () => {
  it('binds by QR, refuses a second account for the same WeChat user, unbinds with a message', async () => {
    expect((await qr(t.app, 'BIND')).code).toBe(401)
    const a = await newUser(t.app, 'wxb')
    const b = await newUser(t.app, 'wxc')
    const code = (await qr(t.app, 'BIND', a.token)).data
    expect((await bindResult(t.app, a.token, code.sceneId)).data).toEqual({ status: 'WAITING' })
    // another user cannot read it
    expect((await bindResult(t.app, b.token, code.sceneId)).data).toEqual({ status: 'EXPIRED' })
    await scan(t.app, code, ZI)
    expect((await bindResult(t.app, a.token, code.sceneId)).data).toEqual({ status: 'BOUND' })
    expect((await qr(t.app, 'BIND', a.token)).msg).toBe('该账号已绑定微信，请先解绑')

    const other = (await qr(t.app, 'BIND', b.token)).data
    await scan(t.app, other, ZI)
    expect((await bindResult(t.app, b.token, other.sceneId)).data).toEqual({
      status: 'FAILED',
      reason: '该微信已绑定其他账号',
    })

    const un = await call(t.app, 'POST', '/api/user/userOfficial/unbindUserOfficial', { token: a.token })
    expect(un.code).toBe(200)
    expect((await messagesOf(a.token)).map((m) => m.title).slice(0, 2)).toEqual([
      '微信已解绑',
      '微信绑定成功',
    ])
    expect(
      (await call(t.app, 'POST', '/api/user/userOfficial/unbindUserOfficial', { token: a.token })).msg,
    ).toBe('尚未绑定微信')
  })
})

describe('template messages', () => {
  async function boundSeller(openid: string) {
    const seller = await newUser(t.app, 'wxs')
    const code = (await qr(t.app, 'BIND', seller.token)).data
    await scan(t.app, code, openid)
    expect((await bindResult(t.app, seller.token, code.sceneId)).data.status).toBe('BOUND')
    return seller
  }
  const outbox = (userId: number) =>
    t.app.db.selectFrom('wechat_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute()

  it("lists the templates with the caller's switches", async () => {
    const res = await call(t.app, 'GET', '/api/extension/official/getValidWechatOfficialTemplate')
    expect(res.data.map((x: Json) => x.key)).toEqual([
      'ORDER_PAID',
      'ORDER_DELIVERED',
      'BID_RECEIVED',
      'BID_COUNTER',
      'DISPUTE_UPDATE',
      'WITHDRAWAL_RESULT',
      'NEW_MESSAGE',
      'SAVED_SEARCH',
    ])
  })

  it('sends an order payment to the bound seller once, after the commit, and honours the switches', async () => {
    const seller = await boundSeller(BAI)
    const fx = await gameNamed(t.app, '王者荣耀')
    const goodsA = await publish(t.app, seller.token, kingAccount(fx, { price: 1000 }))
    const goodsB = await publish(t.app, seller.token, kingAccount(fx, { price: 1000 }))
    const goodsC = await publish(t.app, seller.token, kingAccount(fx, { price: 1000 }))
    const buyer = await funded(t.app, 'wxbuy', 10_000)

    const orderNo = await paidOrder(t.app, buyer.token, goodsA)
    const rows = (await outbox(seller.userId)).filter((r) => r.template_key === 'ORDER_PAID')
    expect(rows).toHaveLength(1)
    await t.app.wechat.drain()
    const inbox = await t.app.wechat.sandboxInbox(BAI)
    const paid = inbox.filter((m) => m.template_key === 'ORDER_PAID')
    expect(paid).toHaveLength(1)
    expect(paid[0]!.title).toBe('买家已付款，请尽快发货')
    expect(paid[0]!.content).toContain(orderNo)
    // the same event again (a repeated publish) queues nothing
    expect(
      await t.app.wechat.onEvent(seller.userId, {
        id: 1,
        at: clock,
        type: 'order-paid',
        data: { orderNo, goodsId: goodsA, goodsTitle: 'x', amount: 1000 },
      }),
    ).toBe(false)
    await t.app.wechat.drain()
    expect(
      (await t.app.wechat.sandboxInbox(BAI)).filter((m) => m.template_key === 'ORDER_PAID'),
    ).toHaveLength(1)
    expect((await outbox(seller.userId)).find((r) => r.template_key === 'ORDER_PAID')!.status).toBe('SENT')

    // the template's own switch off: nothing queued
    await call(t.app, 'POST', '/api/user/userOfficial/updateTemplateSendConfig', {
      token: seller.token,
      body: { templates: [{ key: 'ORDER_PAID', enabled: false }] },
    })
    await paidOrder(t.app, buyer.token, goodsB)
    expect((await outbox(seller.userId)).filter((r) => r.template_key === 'ORDER_PAID')).toHaveLength(1)
    // master switch off (template back on): nothing either
    await call(t.app, 'POST', '/api/user/userOfficial/updateTemplateSendConfig', {
      token: seller.token,
      body: { templates: [{ key: 'ORDER_PAID', enabled: true }] },
    })
    await call(t.app, 'POST', '/api/user/userOfficial/updateIsSend', {
      token: seller.token,
      body: { isSend: false },
    })
    const binding = await call(t.app, 'GET', '/api/user/userOfficial/binding', { token: seller.token })
    expect(binding.data.isSend).toBe(false)
    expect(binding.data.templates.every((x: Json) => x.enabled === false)).toBe(true)
    await paidOrder(t.app, buyer.token, goodsC)
    expect((await outbox(seller.userId)).filter((r) => r.template_key === 'ORDER_PAID')).toHaveLength(1)
  })

  it('turns a staff message into a new-message template', async () => {
    const user = await boundSeller('sbx_o_extra1')
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const sent = await call(t.app, 'POST', '/api/system/message/send', {
      token: admin,
      body: { userName: user.username, title: '平台公告', content: '今晚维护' },
    })
    expect(sent.code).toBe(200)
    const keys = (await outbox(user.userId)).map((r) => r.template_key)
    // the binding confirmation and the staff message
    expect(keys).toEqual(['NEW_MESSAGE', 'NEW_MESSAGE'])
  })
})

describe('retries', () => {
  it('retries a failed send with back-off, never sends twice, gives up on a final error', async () => {
    let failures = 2
    let final = false
    const sent: string[] = []
    const flaky: Partial<WechatProvider> = {
      async sendTemplate(openid, message) {
        if (final) throw Object.assign(new Error('errcode 43004 require subscribe'), { retry: false })
        if (failures-- > 0) throw new Error('HTTP 502')
        sent.push(`${openid}:${message.title}`)
      },
    }
    let c2 = Date.now()
    const app2 = await startTestApp({ now: () => c2, tradeSweepMs: 0, wechatOutboxMs: 0 })
    try {
      // the sandbox provider with a flaky send: wrap the app's own
      const real = app2.app.wechat.provider
      const original = real.sendTemplate.bind(real)
      real.sendTemplate = async (openid, message) => {
        await flaky.sendTemplate!(openid, message)
        await original(openid, message)
      }
      const u = await newUser(app2.app, 'wxr')
      const code = (await qr(app2.app, 'BIND', u.token)).data
      await scan(app2.app, code, QING) // binding writes a message → NEW_MESSAGE template
      const row = async () =>
        (
          await app2.app.db.selectFrom('wechat_outbox').selectAll().where('user_id', '=', u.userId).execute()
        )[0]!
      await app2.app.wechat.drain()
      expect(await row()).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'HTTP 502' })
      // not due before its back-off
      await app2.app.wechat.drain()
      expect((await row()).attempts).toBe(1)
      c2 += outboxBackoffMs(1)
      await app2.app.wechat.drain()
      expect(await row()).toMatchObject({ status: 'PENDING', attempts: 2 })
      c2 += outboxBackoffMs(2)
      await Promise.all([app2.app.wechat.drain(), app2.app.wechat.drain()])
      expect(await row()).toMatchObject({ status: 'SENT', attempts: 3 })
      expect(sent).toEqual([`${QING}:微信绑定成功`])

      final = true
      const admin = await tokenOf(app2.app, ...DEMO.admin)
      await call(app2.app, 'POST', '/api/system/message/send', {
        token: admin,
        body: { userName: u.username, title: '通知', content: '内容' },
      })
      await app2.app.wechat.drain()
      const rows = await app2.app.db
        .selectFrom('wechat_outbox')
        .selectAll()
        .where('user_id', '=', u.userId)
        .orderBy('id')
        .execute()
      expect(rows[1]).toMatchObject({ status: 'FAILED', attempts: 1 })
    } finally {
      await app2.close()
    }
  })
})

describe('the sandbox', () => {
  it('shows the phone and the inbox in demo installs, and is off in production', async () => {
    const code = (await qr(t.app, 'LOGIN')).data
    const phone = await t.app.inject({ method: 'GET', url: code.sandboxUrl })
    expect(phone.statusCode).toBe(200)
    expect(phone.body).toContain('沙箱微信·阿青')
    const inbox = await t.app.inject({ method: 'GET', url: '/api/wechat/sandbox/inbox' })
    expect(inbox.statusCode).toBe(200)

    const prod = await startTestApp({ wechatSandbox: false, wechatOutboxMs: 0, tradeSweepMs: 0 })
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/wechat/sandbox/phone' })).json().code).toBe(
        404,
      )
      expect(await qr(prod.app, 'LOGIN')).toMatchObject({
        code: 400,
        msg: '暂未开通微信扫码，请使用账号密码登录',
      })
      expect(
        (await call(prod.app, 'GET', '/api/extension/official/getValidWechatOfficialTemplate')).data,
      ).toEqual([])
    } finally {
      await prod.close()
    }
  })
})

describe('the real adapter', () => {
  it('caches the access token, renews it when WeChat calls it invalid, makes QR codes and sends templates', async () => {
    let clockMs = 1_000_000
    const calls: Array<{ url: string; body?: Json }> = []
    let tokens = 0
    let invalidOnce = true
    const fetch = async (url: string, init?: { body?: string }) => {
      calls.push({ url, body: init?.body ? JSON.parse(init.body) : undefined })
      let json: Json
      if (url.includes('/cgi-bin/token')) json = { access_token: `AT${++tokens}`, expires_in: 7200 }
      else if (url.includes('/qrcode/create'))
        json = { ticket: 'T', expire_seconds: 300, url: 'http://weixin.qq.com/q/abc' }
      else if (invalidOnce) {
        invalidOnce = false
        json = { errcode: 40001, errmsg: 'invalid credential' }
      } else json = { errcode: 0, errmsg: 'ok', msgid: 1 }
      return { ok: true, status: 200, json: async () => json }
    }
    const p = officialProvider(
      {
        appId: 'wx1',
        appSecret: 's',
        token: 'tok',
        siteUrl: 'https://market.example.com/',
        templateIds: { ORDER_PAID: 'TPL1' },
      },
      { now: () => clockMs, fetch },
    )
    expect(p.templateKeys()).toEqual(['ORDER_PAID'])
    expect(await p.createQr('scene1', 300)).toEqual({ qrContent: 'http://weixin.qq.com/q/abc' })
    expect(calls[1]!.body).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'scene1' } },
    })
    await p.createQr('scene2', 300)
    expect(tokens).toBe(1) // cached
    await p.sendTemplate('openid1', {
      key: 'ORDER_PAID',
      title: '买家已付款',
      lines: [['订单号', 'O1']],
      path: '/x',
    })
    expect(tokens).toBe(2) // 40001 → renewed and sent again
    const send = calls.at(-1)!
    expect(send.url).toContain('access_token=AT2')
    expect(send.body).toMatchObject({
      touser: 'openid1',
      template_id: 'TPL1',
      url: 'https://market.example.com/x',
      data: { first: { value: '买家已付款' }, keyword1: { value: '订单号：O1' } },
    })
    clockMs += 7200_000
    await p.createQr('scene3', 300)
    expect(tokens).toBe(3) // expired
    const ts = String(Math.floor(clockMs / 1000))
    expect(
      p.verifySignature({ signature: callbackSignature('tok', ts, 'n'), timestamp: ts, nonce: 'n' }),
    ).toBe(true)
    expect(
      p.verifySignature({ signature: callbackSignature('other', ts, 'n'), timestamp: ts, nonce: 'n' }),
    ).toBe(false)
    await expect(
      p.sendTemplate('o', { key: 'BID_COUNTER', title: 'x', lines: [], path: '/' }),
    ).rejects.toMatchObject({ retry: false })
  })
})

describe('which event is which template', () => {
  const created = (messageId: number) =>
    ({
      id: 9,
      at: 0,
      type: 'unread-count',
      data: { count: 1, reason: 'created', message: { messageId, title: '' } },
    }) as const
  const lookup = (m: { title: string; messageType: 'SYSTEM' | 'ORDER' }) => async () => ({
    ...m,
    content: '内容',
  })
  it('maps disputes, withdrawals, other system messages; order messages ride on their own events', async () => {
    const key = async (m: { title: string; messageType: 'SYSTEM' | 'ORDER' }) =>
      (await templateFor(7, created(3), lookup(m)))?.message.key ?? null
    expect(await key({ title: '订单进入仲裁', messageType: 'ORDER' })).toBe('DISPUTE_UPDATE')
    expect(await key({ title: '订单仲裁结果', messageType: 'ORDER' })).toBe('DISPUTE_UPDATE')
    expect(await key({ title: '提现成功', messageType: 'SYSTEM' })).toBe('WITHDRAWAL_RESULT')
    expect(await key({ title: '提现被驳回', messageType: 'SYSTEM' })).toBe('WITHDRAWAL_RESULT')
    expect(await key({ title: '平台公告', messageType: 'SYSTEM' })).toBe('NEW_MESSAGE')
    expect(await key({ title: '买家已付款，请尽快发货', messageType: 'ORDER' })).toBeNull()
    const bid = await templateFor(
      7,
      {
        id: 1,
        at: 0,
        type: 'bid',
        data: { bidId: 5, goodsId: 2, goodsTitle: 'g', price: 900, counter: true },
      },
      lookup({ title: '', messageType: 'SYSTEM' }),
    )
    expect(bid).toMatchObject({ idemKey: 'bid:5:counter:900:7', message: { key: 'BID_COUNTER' } })
  })
})
