/**
 * The WeChat Pay simulator by its protocol alone (no adapter, no wechatpay-axios-plugin): request
 * signatures checked, answers and notifications signed with its platform key, resources encrypted
 * with the APIv3 key, notifications retried on WeChat's schedule (shortened) with every attempt
 * recorded, the pages, the bill's text format with planted mismatches, and one state shared by two
 * instances on one directory.
 */
import { createDecipheriv, createVerify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wechatpaySimulator } from './wechatpay'
import {
  merchantKeys,
  merchantRequest,
  startReceiver,
  startSimulator,
  TEST_APIV3_KEY,
  TEST_APP_ID,
  TEST_MCH_ID,
  type RunningSimulator,
} from './wechatpay-testing'

const merchant = merchantKeys()
let sim: RunningSimulator
let receiver: Awaited<ReturnType<typeof startReceiver>>
let seq = 0
const no = () => `S${Date.now()}${++seq}`
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)

beforeAll(async () => {
  sim = await startSimulator(merchant, { refundDelayMs: 150 })
  // the first two attempts of every notification fail: the simulator must retry
  receiver = await startReceiver((n) => {
    const id = (JSON.parse(n.rawBody) as { id: string }).id
    const earlier = receiver.received.filter((r) => r.rawBody.includes(id)).length
    return earlier <= 2 ? { status: 500, body: '{"code":"FAIL","message":"稍后"}' } : { status: 204 }
  })
})
afterAll(async () => {
  await receiver?.close()
  await sim?.close()
})

const call = (
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  sign?: Parameters<typeof merchantRequest>[5],
) => merchantRequest(sim.url, merchant.privateKey, method, path, body, sign)

const order = (outTradeNo: string, total = 100) => ({
  appid: TEST_APP_ID,
  mchid: TEST_MCH_ID,
  description: '测试商品',
  out_trade_no: outTradeNo,
  notify_url: receiver.url,
  amount: { total, currency: 'CNY' },
})

const signedByPlatform = (headers: Headers | Record<string, unknown>, body: string) => {
  const get = (k: string) => String(headers instanceof Headers ? headers.get(k) : headers[k.toLowerCase()])
  return createVerify('RSA-SHA256')
    .update(`${get('Wechatpay-Timestamp')}\n${get('Wechatpay-Nonce')}\n${body}\n`)
    .verify(sim.platform.publicKey, get('Wechatpay-Signature'), 'base64')
}

function decrypt(resource: { ciphertext: string; nonce: string; associated_data: string }) {
  const buf = Buffer.from(resource.ciphertext, 'base64')
  const d = createDecipheriv('aes-256-gcm', Buffer.from(TEST_APIV3_KEY), Buffer.from(resource.nonce))
  d.setAuthTag(buf.subarray(-16)).setAAD(Buffer.from(resource.associated_data))
  return JSON.parse(Buffer.concat([d.update(buf.subarray(0, -16)), d.final()]).toString('utf8'))
}

describe('the WeChat Pay simulator', () => {
  it('refuses unsigned, wrongly signed, stale and other merchants’ requests; signs its answers', async () => {
    const unsigned = await fetch(`${sim.url}/v3/pay/transactions/native`, { method: 'POST', body: '{}' })
    expect(unsigned.status).toBe(401)
    const other = merchantKeys()
    const forged = await merchantRequest(
      sim.url,
      other.privateKey,
      'POST',
      '/v3/pay/transactions/native',
      order(no()),
    )
    expect([forged.status, JSON.parse(forged.text).code]).toEqual([401, 'SIGN_ERROR'])
    const stale = await call('POST', '/v3/pay/transactions/native', order(no()), {
      timestamp: Date.now() / 1000 - 600,
    })
    expect(stale.status).toBe(401)
    const wrongApp = await call('POST', '/v3/pay/transactions/native', { ...order(no()), appid: 'wx0000' })
    expect(JSON.parse(wrongApp.text).code).toBe('APPID_MCHID_NOT_MATCH')
    const ok = await call('POST', '/v3/pay/transactions/native', order(no()))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('wechatpay-serial')).toBe(sim.platform.publicKeyId)
    expect(signedByPlatform(ok.headers, ok.text)).toBe(true)
    expect(JSON.parse(ok.text).code_url).toMatch(/\/pay\/native\?pr=wx\d{30}$/)
  })

  it('pays on the QR page, notifies (signed, encrypted) and retries until 204, recording each attempt', async () => {
    const tradeNo = no()
    const { text } = await call('POST', '/v3/pay/transactions/native', order(tradeNo, 2500))
    const page = await (await fetch(JSON.parse(text).code_url)).text()
    expect(page).toContain('￥25.00')
    expect(page).not.toContain('<script')
    const code = /name="code" value="(wx\d+)"/.exec(page)![1]
    const paid = await fetch(`${sim.url}/pay/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `code=${code}&action=pay`,
    })
    expect(await paid.text()).toContain('支付成功')
    const tries = (await receiver.waitFor(3)).filter((r) => r.rawBody.includes('TRANSACTION.SUCCESS'))
    expect(tries).toHaveLength(3)
    // the same notification each time, each attempt signed afresh
    expect(new Set(tries.map((t) => t.rawBody)).size).toBe(1)
    for (const t of tries) expect(signedByPlatform(t.headers, t.rawBody)).toBe(true)
    const event = JSON.parse(tries[0].rawBody)
    expect(event).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource' })
    expect(decrypt(event.resource)).toMatchObject({
      appid: TEST_APP_ID,
      mchid: TEST_MCH_ID,
      out_trade_no: tradeNo,
      trade_state: 'SUCCESS',
      amount: { total: 2500, payer_total: 2500 },
    })
    const log = await (await fetch(`${sim.url}/_sim/notifications?no=${tradeNo}`)).json()
    await expect
      .poll(
        async () =>
          (await (await fetch(`${sim.url}/_sim/notifications?no=${tradeNo}`)).json()).notifications[0],
        { timeout: 5000 },
      )
      .toMatchObject({ attempts: 3, done: 1, delivered: 1 })
    expect(log.notifications).toHaveLength(1)
    const query = await call('GET', `/v3/pay/transactions/out-trade-no/${tradeNo}?mchid=${TEST_MCH_ID}`)
    expect(JSON.parse(query.text)).toMatchObject({
      trade_state: 'SUCCESS',
      success_time: expect.stringMatching(/\+08:00$/),
    })
  })

  it('sends the H5 payer back to redirect_url; a failed try leaves the order payable', async () => {
    const tradeNo = no()
    const h5 = await call('POST', '/v3/pay/transactions/h5', {
      ...order(tradeNo),
      scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
    })
    const url = `${JSON.parse(h5.text).h5_url}&redirect_url=${encodeURIComponent('https://shop.example/back')}`
    const code = /name="code" value="(wx\d+)"/.exec(await (await fetch(url)).text())![1]
    const form = (action: string) =>
      fetch(`${sim.url}/pay/confirm`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `code=${code}&action=${action}&redirect_url=${encodeURIComponent('https://shop.example/back')}`,
      })
    const failed = await form('fail')
    expect([failed.status, failed.headers.get('location')]).toEqual([303, 'https://shop.example/back'])
    const q = () => call('GET', `/v3/pay/transactions/out-trade-no/${tradeNo}?mchid=${TEST_MCH_ID}`)
    expect(JSON.parse((await q()).text).trade_state).toBe('PAYERROR')
    expect((await form('pay')).status).toBe(303)
    expect(JSON.parse((await q()).text).trade_state).toBe('SUCCESS')
  })

  it('keeps a refund PROCESSING for a while, then SUCCESS; the hook can make one ABNORMAL', async () => {
    const refunding = async (on: RunningSimulator) => {
      const tradeNo = no()
      await merchantRequest(
        on.url,
        merchant.privateKey,
        'POST',
        '/v3/pay/transactions/native',
        order(tradeNo, 1000),
      )
      await on.hook('/_sim/pay', { out_trade_no: tradeNo })
      const signed = (method: 'GET' | 'POST', path: string, body?: object) =>
        merchantRequest(on.url, merchant.privateKey, method, path, body).then((r) => JSON.parse(r.text))
      return {
        refund: (refundNo: string, amount: number) =>
          signed('POST', '/v3/refund/domestic/refunds', {
            out_trade_no: tradeNo,
            out_refund_no: `${tradeNo}${refundNo}`,
            reason: '测试',
            notify_url: receiver.url,
            amount: { refund: amount, total: 1000, currency: 'CNY' },
          }),
        status: async (refundNo: string) =>
          (await signed('GET', `/v3/refund/domestic/refunds/${tradeNo}${refundNo}`)).status,
        settle: (refundNo: string, status: string) =>
          on.hook('/_sim/refund', { out_refund_no: `${tradeNo}${refundNo}`, status }),
      }
    }
    // refundDelayMs 150: settles by itself
    const auto = await refunding(sim)
    expect((await auto.refund('r1', 400)).status).toBe('PROCESSING')
    await expect.poll(() => auto.status('r1'), { timeout: 5000 }).toBe('SUCCESS')
    // a minute: only the hook settles it
    const slow = await startSimulator(merchant, { refundDelayMs: 60_000 })
    try {
      const held = await refunding(slow)
      await held.refund('r2', 900)
      expect((await held.settle('r2', 'ABNORMAL')).status).toBe(200)
      expect(await held.status('r2')).toBe('ABNORMAL')
      // an abnormal refund does not use up the refundable amount
      expect((await held.refund('r3', 1000)).status).toBe('PROCESSING')
      expect((await held.refund('r4', 1)).message).toBe('申请退款金额超过订单可退金额')
    } finally {
      await slow.close()
    }
  })

  it('serves the day’s trade bill in WeChat’s text format, with planted mismatches', async () => {
    const [a, b, c] = [no(), no(), no()]
    for (const t of [a, b, c]) {
      await call('POST', '/v3/pay/transactions/native', order(t, 1999))
      await sim.hook('/_sim/pay', { out_trade_no: t })
    }
    await sim.hook('/_sim/bill', { day: today(), kind: 'AMOUNT', no: a, amount: 1 })
    await sim.hook('/_sim/bill', { day: today(), kind: 'MISSING', no: b })
    await sim.hook('/_sim/bill', { day: today(), kind: 'EXTRA', no: 'GHOST0001', amount: 500 })
    const info = JSON.parse((await call('GET', `/v3/bill/tradebill?bill_date=${today()}&bill_type=ALL`)).text)
    expect(info).toMatchObject({
      hash_type: 'SHA1',
      download_url: expect.stringContaining('/v3/billdownload/file?token='),
    })
    const file = await call(
      'GET',
      new URL(info.download_url).pathname.concat(new URL(info.download_url).search),
    )
    expect(file.status).toBe(200)
    const rows = file.text.split('\r\n')
    expect(rows[0]).toMatch(/^\uFEFF?交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号/)
    const line = (n: string) => rows.find((r) => r.includes(`\`${n},`))
    expect(line(a)).toMatch(/^`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,`wxd678efh567hg6787,`1900009191,/)
    expect(line(a)!.split(',`')[12]).toBe('0.01')
    expect(line(b)).toBeUndefined()
    expect(line(c)!.split(',`')[24]).toBe('19.99')
    expect(line('GHOST0001')!.split(',`')[12]).toBe('5.00')
    expect(rows.at(-3)).toBe(
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    )
    expect(rows.at(-1)).toBe('')
    const empty = await call('GET', '/v3/bill/tradebill?bill_date=2001-01-01&bill_type=ALL')
    expect(JSON.parse(empty.text).code).toBe('NO_STATEMENT_EXIST')
  })

  it('keeps its raw-body parsing to itself when mounted in an app with JSON routes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wxsim-mounted-'))
    const app = Fastify()
    app.post('/api/echo', async (req) => ({ got: req.body }))
    await app.register(
      wechatpaySimulator({
        dir,
        mchId: TEST_MCH_ID,
        appId: TEST_APP_ID,
        merchantPublicKey: merchant.publicKey,
        apiV3Key: TEST_APIV3_KEY,
        pollMs: 0,
      }),
      { prefix: '/sim/wechatpay' },
    )
    try {
      const echo = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } })
      expect(echo.json()).toEqual({ got: { a: 1 } })
      const hook = await app.inject({
        method: 'POST',
        url: '/sim/wechatpay/_sim/pay',
        payload: { out_trade_no: 'NONE01' },
      })
      expect(hook.statusCode).toBe(404)
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is one WeChat Pay for two instances on one directory, and survives a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wxsim-shared-'))
    try {
      const one = await startSimulator(merchant, { dir })
      const two = await startSimulator(merchant, { dir })
      expect(two.platform).toEqual(one.platform)
      const tradeNo = no()
      await merchantRequest(
        one.url,
        merchant.privateKey,
        'POST',
        '/v3/pay/transactions/native',
        order(tradeNo),
      )
      expect((await two.hook('/_sim/pay', { out_trade_no: tradeNo })).status).toBe(200)
      await one.close()
      await two.close()
      const again = await startSimulator(merchant, { dir })
      const q = await merchantRequest(
        again.url,
        merchant.privateKey,
        'GET',
        `/v3/pay/transactions/out-trade-no/${tradeNo}?mchid=${TEST_MCH_ID}`,
      )
      expect(JSON.parse(q.text).trade_state).toBe('SUCCESS')
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
