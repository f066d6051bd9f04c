/**
 * The WeChat Pay adapter end to end against the simulator (started alone on 127.0.0.1): each scene,
 * pay through the test hook, the notification received and verified, query, close, refunds full and
 * partial (idempotent by refund number), refund query, payouts refused, the bill of the day; then
 * forged notifications, some signed with the library itself (wechatpay-axios-plugin) and a test key.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin'
import { ProviderUnavailable, type PayProvider } from './provider'
import { wechatpaySimulator } from './sim/wechatpay'
import { wechatpayDemo } from './sim/wechatpay-demo'
import {
  merchantKeys,
  startReceiver,
  startSimulator,
  TEST_APIV3_KEY,
  TEST_APP_ID,
  TEST_MCH_ID,
  TEST_SERIAL,
  type RunningSimulator,
} from './sim/wechatpay-testing'
import {
  createWechatPayProvider,
  wechatPayConfigFromEnv,
  WechatNotifyRejected,
  WechatPayRefused,
  type WechatPayConfig,
} from './wechat'

const merchant = merchantKeys()
let sim: RunningSimulator
let receiver: Awaited<ReturnType<typeof startReceiver>>
let wx: PayProvider
let config: WechatPayConfig
let seq = 0
const attemptNo = () => `P${Date.now()}${++seq}`
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)

beforeAll(async () => {
  // under a prefix, as our server mounts it
  sim = await startSimulator(merchant, { prefix: '/sim/wechatpay' })
  receiver = await startReceiver()
  config = {
    mchId: TEST_MCH_ID,
    appId: TEST_APP_ID,
    serial: TEST_SERIAL,
    privateKey: merchant.privateKey,
    publicKeyId: sim.platform.publicKeyId,
    publicKey: sim.platform.publicKey,
    apiV3Key: TEST_APIV3_KEY,
    gateway: sim.url,
    timeoutMs: 2000,
  }
  wx = createWechatPayProvider(config)
})
afterAll(async () => {
  await receiver?.close()
  await sim?.close()
})

const payment = (no: string, scene: 'PC' | 'WAP' | 'QR', amount = 1234) => ({
  attemptNo: no,
  amount,
  subject: '余额充值',
  scene,
  notifyUrl: receiver.url,
  returnUrl: 'https://shop.example/buyer/pay.html?back=1',
  expiresAt: Date.now() + 15 * 60_000,
})

async function paidAttempt(amount = 1234) {
  const no = attemptNo()
  await wx.create(payment(no, 'QR', amount))
  const before = receiver.received.length
  expect((await sim.hook('/_sim/pay', { out_trade_no: no })).status).toBe(200)
  const [n] = (await receiver.waitFor(before + 1)).slice(before)
  return { no, n }
}

describe('the WeChat Pay adapter against the simulator', () => {
  it('reads its configuration from the environment, naming what is missing but no value', () => {
    expect(wechatPayConfigFromEnv({})).toBeNull()
    expect(() =>
      wechatPayConfigFromEnv({ WECHATPAY_MCH_ID: '1', WECHATPAY_APIV3_KEY: 'secret-value' }),
    ).toThrow(
      /WECHATPAY_APP_ID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY, WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_PUBLIC_KEY not set$/,
    )
    const env = {
      WECHATPAY_MCH_ID: TEST_MCH_ID,
      WECHATPAY_APP_ID: TEST_APP_ID,
      WECHATPAY_SERIAL: TEST_SERIAL,
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PUBLIC_KEY_ID: sim.platform.publicKeyId,
      WECHATPAY_PUBLIC_KEY: sim.platform.publicKey,
      WECHATPAY_APIV3_KEY: TEST_APIV3_KEY,
    }
    expect(wechatPayConfigFromEnv(env)).toEqual({
      ...config,
      gateway: 'https://api.mch.weixin.qq.com',
      timeoutMs: undefined,
    })
    expect(wechatPayConfigFromEnv({ ...env, WECHATPAY_GATEWAY: sim.url })?.gateway).toBe(sim.url)
    const base64 = { WECHATPAY_PRIVATE_KEY: Buffer.from(merchant.privateKey).toString('base64') }
    expect(wechatPayConfigFromEnv({ ...env, ...base64 })?.privateKey).toBe(merchant.privateKey)
  })

  it('plays the demo merchant against a simulator mounted in an app', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wxdemo-'))
    const app = Fastify()
    try {
      // the simulator's options do not depend on where it is reached
      await app.register(wechatpaySimulator(wechatpayDemo(dir, '', { pollMs: 0 }).simulator), {
        prefix: '/sim/wechatpay',
      })
      const gateway = `${await app.listen({ host: '127.0.0.1', port: 0 })}/sim/wechatpay`
      const demo = wechatpayDemo(dir, gateway)
      const provider = createWechatPayProvider(demo.provider)
      const no = attemptNo()
      expect((await provider.create(payment(no, 'PC'))).qrCode).toContain(`${gateway}/pay/native?pr=`)
      expect(await provider.query(no)).toMatchObject({ status: 'WAITING', amount: 1234 })
      // the same merchant next time
      expect(wechatpayDemo(dir, 'x').provider).toEqual({ ...demo.provider, gateway: 'x' })
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is WeChat, names its app and cannot pay out', () => {
    expect(wx).toMatchObject({ channel: 'WECHAT', appId: TEST_APP_ID, canPayOut: false })
  })

  it('creates Native (QR, PC) and H5 (WAP) payments', async () => {
    const qr = await wx.create(payment(attemptNo(), 'QR'))
    expect(qr.qrCode).toMatch(/\/sim\/wechatpay\/pay\/native\?pr=wx\d+$/)
    // a long Chinese subject is clipped to WeChat's 127 bytes, whole characters
    const pc = await wx.create({ ...payment(attemptNo(), 'PC'), subject: '游戏账号'.repeat(32) })
    expect(pc.qrCode).toBeTruthy()
    expect(pc.payUrl).toBeUndefined()
    const wap = await wx.create(payment(attemptNo(), 'WAP'))
    expect(wap.payUrl).toMatch(
      /\/pay\/h5\?prepay_id=wx\d+&package=\d+&redirect_url=https%3A%2F%2Fshop\.example/,
    )
    // the H5 page shows the amount and both buttons
    const html = await (await fetch(wap.payUrl!)).text()
    expect(html).toContain('￥12.34')
    expect(html).toContain('确认付款')
  })

  it('pays, notifies, and the notification verifies; a query agrees', async () => {
    const { no, n } = await paidAttempt()
    const verified = await wx.verifyNotification(n)
    expect(verified).toMatchObject({
      kind: 'PAYMENT',
      appId: TEST_APP_ID,
      attemptNo: no,
      status: 'PAID',
      amount: 1234,
      tradeNo: expect.stringMatching(/^4200/),
      notifyId: expect.stringMatching(/^EV-/),
    })
    const trade = await wx.query(no)
    expect(trade).toMatchObject({ attemptNo: no, status: 'PAID', amount: 1234, tradeNo: verified.tradeNo })
    expect(trade.paidAt).toBeGreaterThan(Date.now() - 60_000)
    expect(wx.answer(true)).toMatchObject({ status: 204, body: '' })
    expect(JSON.parse(wx.answer(false).body)).toMatchObject({ code: 'FAIL' })
  })

  it('queries a waiting and an unknown attempt, closes one (twice), and cannot close a paid one', async () => {
    const no = attemptNo()
    await wx.create(payment(no, 'QR', 500))
    expect(await wx.query(no)).toMatchObject({ status: 'WAITING', amount: 500, tradeNo: null, paidAt: null })
    expect(await wx.query('NOPE000000')).toMatchObject({ status: 'NOT_FOUND', amount: 0 })
    await wx.close(no)
    await wx.close(no)
    expect((await wx.query(no)).status).toBe('CLOSED')
    // a closed attempt cannot be paid any more
    expect((await sim.hook('/_sim/pay', { out_trade_no: no })).status).toBe(409)
    await wx.close('NEVERCREATED1')
    const paid = await paidAttempt()
    await expect(wx.close(paid.no)).rejects.toMatchObject({ code: 'ORDERPAID' })
  })

  it('refunds partly and fully, idempotent by refund number, refusing more than was paid', async () => {
    const { no } = await paidAttempt(1000)
    const before = receiver.received.length
    const first = {
      attemptNo: no,
      refundNo: `R${no}a`,
      amount: 300,
      total: 1000,
      reason: '部分退款',
      notifyUrl: receiver.url,
    }
    expect(await wx.refund(first)).toEqual({ refundNo: first.refundNo, status: 'SUCCESS', amount: 300 })
    // asking twice refunds once
    expect(await wx.refund(first)).toEqual({ refundNo: first.refundNo, status: 'SUCCESS', amount: 300 })
    const tooMuch = wx.refund({ ...first, refundNo: `R${no}b`, amount: 800 })
    await expect(tooMuch).rejects.toBeInstanceOf(WechatPayRefused)
    await expect(tooMuch).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      providerMessage: '申请退款金额超过订单可退金额',
    })
    expect(await wx.refund({ ...first, refundNo: `R${no}c`, amount: 700 })).toMatchObject({
      status: 'SUCCESS',
    })
    expect(await wx.queryRefund(no, `R${no}a`)).toEqual({
      refundNo: `R${no}a`,
      status: 'SUCCESS',
      amount: 300,
    })
    expect(await wx.queryRefund(no, `R${no}zz`)).toMatchObject({ status: 'NOT_FOUND' })
    // the payment stands after refunds
    expect((await wx.query(no)).status).toBe('PAID')
    // one refund notification each, not two for the repeated request
    const refunds = (await receiver.waitFor(before + 2)).slice(before)
    const verified = await Promise.all(refunds.map((n) => wx.verifyNotification(n)))
    expect(verified.map((v) => [v.kind, v.refundNo, v.status, v.amount, v.appId]).sort()).toEqual([
      ['REFUND', `R${no}a`, 'REFUNDED', 300, TEST_APP_ID],
      ['REFUND', `R${no}c`, 'REFUNDED', 700, TEST_APP_ID],
    ])
  })

  it('refuses payouts clearly', async () => {
    const payout = { payoutNo: 'W1', amount: 100, account: 'a@b.cn', name: '张三', remark: '提现' }
    await expect(wx.payout(payout)).rejects.toMatchObject({ code: 'PAYOUT_UNSUPPORTED' })
    await expect(wx.queryPayout('W1')).rejects.toThrow(/2025/)
  })

  it('reads the bill of the day, line by line, and an empty day', async () => {
    const { no } = await paidAttempt(888)
    await wx.refund({
      attemptNo: no,
      refundNo: `R${no}`,
      amount: 88,
      total: 888,
      reason: '退款',
      notifyUrl: receiver.url,
    })
    const lines = await wx.bill(chinaDay(Date.now()))
    expect(lines.find((l) => l.ourNo === no)).toMatchObject({
      kind: 'PAYMENT',
      amount: 888,
      providerNo: expect.stringMatching(/^4200/),
    })
    expect(lines.find((l) => l.ourNo === `R${no}`)).toMatchObject({
      kind: 'REFUND',
      amount: 88,
      providerNo: expect.stringMatching(/^50/),
    })
    expect(await wx.bill('2001-01-01')).toEqual([])
  })

  it('throws ProviderUnavailable on 5xx, garbage, a bad answer signature and a timeout', async () => {
    const no = attemptNo()
    await wx.create(payment(no, 'QR'))
    for (const fault of ['ERROR_500', 'GARBAGE', 'BAD_SIGNATURE']) {
      await sim.hook('/_sim/fault', { fault, times: 1 })
      await expect(wx.query(no)).rejects.toBeInstanceOf(ProviderUnavailable)
    }
    // the faults are used up: the same query answers again
    expect((await wx.query(no)).status).toBe('WAITING')
    const slow = createWechatPayProvider({ ...config, timeoutMs: 100 })
    await sim.hook('/_sim/fault', { fault: 'SLOW', times: 1 })
    await expect(slow.query(no)).rejects.toBeInstanceOf(ProviderUnavailable)
    const nowhere = createWechatPayProvider({ ...config, gateway: 'http://127.0.0.1:1' })
    await expect(nowhere.query('P000000')).rejects.toThrow(/no answer/)
  }, 20_000)
})

describe('notifications that are not WeChat Pay', () => {
  it('refuses a wrong signature, a tampered amount, an old timestamp, an unknown serial; parses a replay', async () => {
    const { n } = await paidAttempt(600)
    const rejected = (m: { headers: Record<string, string | string[] | undefined>; rawBody: string }) =>
      expect(wx.verifyNotification(m)).rejects.toBeInstanceOf(WechatNotifyRejected)
    await rejected({ ...n, headers: { ...n.headers, 'wechatpay-signature': 'AAAA' } })
    // a changed body no longer matches the signature
    await rejected({ ...n, rawBody: n.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') })
    await rejected({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } })
    const late = createWechatPayProvider({ ...config, now: () => Date.now() + 301_000 })
    await expect(late.verifyNotification(n)).rejects.toThrow(/300 s/)
    // a replay is the core's to recognise (same notifyId): the adapter just parses it
    const [a, b] = [await wx.verifyNotification(n), await wx.verifyNotification(n)]
    expect(a.notifyId).toBe(b.notifyId)
  })

  it('accepts a notification signed and encrypted with the library itself, and refuses it once a field changes', async () => {
    // "WeChat Pay" here is a test key pair, signing with wechatpay-axios-plugin's own helpers
    const platform = merchantKeys()
    const signer = createWechatPayProvider({
      ...config,
      publicKeyId: 'PUB_KEY_ID_TEST',
      publicKey: platform.publicKey,
    })
    const notification = (resource: object, tamper = (s: string) => s) => {
      const iv = Formatter.nonce(12)
      const body = JSON.stringify({
        id: 'EV-2026112812000001',
        create_time: '2026-11-28T12:00:00+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: tamper(Aes.AesGcm.encrypt(JSON.stringify(resource), TEST_APIV3_KEY, iv, 'transaction')),
          associated_data: 'transaction',
          nonce: iv,
        },
      })
      const timestamp = String(Formatter.timestamp())
      const nonce = Formatter.nonce()
      return {
        headers: {
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': 'PUB_KEY_ID_TEST',
          'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, nonce, body), platform.privateKey),
        },
        rawBody: body,
      }
    }
    const resource = {
      appid: TEST_APP_ID,
      mchid: TEST_MCH_ID,
      out_trade_no: 'P20261128001',
      transaction_id: '4200000000202611280000000001',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-28T12:00:00+08:00',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
    }
    expect(await signer.verifyNotification(notification(resource))).toMatchObject({
      kind: 'PAYMENT',
      attemptNo: 'P20261128001',
      amount: 100,
      status: 'PAID',
      at: Date.parse('2026-11-28T12:00:00+08:00'),
    })
    // the amount changed after signing
    const good = notification(resource)
    await expect(
      signer.verifyNotification({
        ...good,
        rawBody: good.rawBody.replace('"id":"EV-2026112812000001"', '"id":"EV-2026112812000002"'),
      }),
    ).rejects.toThrow(/signature/)
    // a ciphertext changed (and re-signed): the GCM tag no longer checks
    const flipped = notification(resource, (c) => `${c[0] === 'A' ? 'B' : 'A'}${c.slice(1)}`)
    await expect(signer.verifyNotification(flipped)).rejects.toThrow(/decrypt/)
    // another merchant's resource, validly encrypted and signed
    await expect(
      signer.verifyNotification(notification({ ...resource, mchid: '1900000000' })),
    ).rejects.toThrow(/merchant/)
    // and the simulator's notifications do not check against this key
    const { n } = await paidAttempt(1)
    await expect(
      signer.verifyNotification({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_TEST' } }),
    ).rejects.toThrow(/signature/)
  })
})
