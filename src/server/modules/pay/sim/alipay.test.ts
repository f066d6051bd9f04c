/**
 * The Alipay simulator on its own, spoken to by the protocol as Alipay documents it (node:crypto
 * signatures here, not the SDK nor our adapter): signatures both ways, app id, the cashier pages,
 * state shared by two instances on one directory and kept across a restart, notifications retried
 * across a restart, payout outcomes, the bill's format and planted mismatches, mounting under a prefix.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billRows, unzip } from '../alipay-bill'
import {
  alipaySimulator,
  alipaySimulatorPublicKey,
  startAlipaySimulator,
  type AlipaySimulatorOptions,
} from './alipay'

const APP_ID = '2021000000000002'
const merchant = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const dirs: string[] = []
/** a fresh simulator directory; all share one platform key pair, made once (RSA key making is the slow part) */
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'alipay-sim-'))
  if (dirs.length === 0) alipaySimulatorPublicKey(d)
  else
    for (const f of readdirSync(dirs[0]).filter((name) => name.endsWith('.pem')))
      copyFileSync(join(dirs[0], f), join(d, f))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
let seq = 0
const no = (p: string) => `${p}${Date.now()}${++seq}`

/** a signed request as Alipay documents it: every parameter but sign, sorted, k=v&…, SHA256withRSA */
function signedParams(
  method: string,
  biz: object,
  extra: Record<string, string> = {},
  key = merchant.privateKey,
) {
  const params: Record<string, string> = {
    app_id: APP_ID,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: '2026-11-28 12:00:00',
    version: '1.0',
    biz_content: JSON.stringify(biz),
    ...extra,
  }
  const content = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  params.sign = createSign('RSA-SHA256').update(content).sign(key, 'base64')
  return params
}
async function call(
  gateway: string,
  method: string,
  biz: object,
  opts: { extra?: Record<string, string>; key?: string; publicKey?: string } = {},
) {
  const res = await fetch(gateway, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(signedParams(method, biz, opts.extra, opts.key)),
  })
  const text = await res.text()
  const key = `${method.replaceAll('.', '_')}_response`
  const json = JSON.parse(text) as Record<string, Record<string, string> & object> & { sign: string }
  if (opts.publicKey) {
    // the answer is signed over the exact text of the response object
    const signed = text.slice(text.indexOf(':') + 1, text.lastIndexOf(',"sign"'))
    expect(createVerify('RSA-SHA256').update(signed).verify(opts.publicKey, json.sign, 'base64')).toBe(true)
  }
  return json[key]
}
const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('the gateway protocol', () => {
  let dir: string
  let sim: Awaited<ReturnType<typeof startAlipaySimulator>>
  beforeAll(async () => {
    dir = newDir()
    sim = await startAlipaySimulator({
      dir,
      appId: APP_ID,
      merchantPublicKey: merchant.publicKey,
      notifySchedule: [0],
    })
  })
  afterAll(() => sim.close())

  it('answers signed JSON with the platform key; refuses a bad signature, another app id, an unknown method', async () => {
    const platform = alipaySimulatorPublicKey(dir)
    const outTradeNo = no('A')
    const created = await call(
      sim.gateway,
      'alipay.trade.precreate',
      { out_trade_no: outTradeNo, total_amount: '1.00', subject: '测试' },
      { publicKey: platform },
    )
    expect(created).toMatchObject({ code: '10000', msg: 'Success', out_trade_no: outTradeNo })
    expect(
      await call(sim.gateway, 'alipay.trade.query', { out_trade_no: outTradeNo }, { publicKey: platform }),
    ).toMatchObject({
      code: '10000',
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '1.00',
    })
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    expect(
      await call(sim.gateway, 'alipay.trade.query', { out_trade_no: outTradeNo }, { key: other }),
    ).toMatchObject({
      code: '40002',
      sub_code: 'isv.invalid-signature',
    })
    expect(
      await call(
        sim.gateway,
        'alipay.trade.query',
        { out_trade_no: outTradeNo },
        { extra: { app_id: '2021999' } },
      ),
    ).toMatchObject({
      sub_code: 'isv.invalid-app-id',
    })
    expect(await call(sim.gateway, 'alipay.no.such', {})).toMatchObject({ sub_code: 'isv.invalid-method' })
    expect(await call(sim.gateway, 'alipay.trade.query', { out_trade_no: no('A') })).toMatchObject({
      code: '40004',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    })
  })

  it('the PC cashier: a tampered pay URL is refused; 支付失败 leaves the trade waiting', async () => {
    const outTradeNo = no('A')
    const params = signedParams(
      'alipay.trade.page.pay',
      {
        out_trade_no: outTradeNo,
        total_amount: '20.00',
        subject: '商品',
        product_code: 'FAST_INSTANT_TRADE_PAY',
      },
      { return_url: 'http://127.0.0.1:9/r' },
    )
    const url = `${sim.gateway}?${new URLSearchParams(params)}`
    const tampered = url.replace(encodeURIComponent('"20.00"'), encodeURIComponent('"0.01"'))
    expect(tampered).not.toBe(url)
    const refused = await fetch(tampered)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('验签出错')
    const html = await (await fetch(url)).text()
    expect(html).toContain('￥20.00')
    expect(html).toContain('确认付款')
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(html)![1]
    const failed = await fetch(`${sim.url}/cashier/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `trade_no=${tradeNo}`,
    })
    expect(await failed.text()).toContain('支付失败')
    expect((await (await fetch(`${sim.url}/_sim/trade?outTradeNo=${outTradeNo}`)).json()).status).toBe(
      'WAIT_BUYER_PAY',
    )
  })

  it('payouts: unknown payee and name mismatch fail; DEALING is settled by the hook', async () => {
    const strict = await startAlipaySimulator({
      dir: newDir(),
      appId: APP_ID,
      merchantPublicKey: merchant.publicKey,
      payees: { 'seller@example.com': '张三' },
      payoutOutcome: 'DEALING',
    })
    try {
      const transfer = (identity: string, name: string, outBizNo = no('W')) =>
        call(strict.gateway, 'alipay.fund.trans.uni.transfer', {
          out_biz_no: outBizNo,
          trans_amount: '1.00',
          product_code: 'TRANS_ACCOUNT_NO_PWD',
          biz_scene: 'DIRECT_TRANSFER',
          payee_info: { identity, identity_type: 'ALIPAY_LOGON_ID', name },
        })
      expect(await transfer('nobody@example.com', '张三')).toMatchObject({ sub_code: 'PAYEE_NOT_EXIST' })
      expect(await transfer('seller@example.com', '李四')).toMatchObject({
        sub_code: 'PAYEE_USER_INFO_ERROR',
      })
      const outBizNo = no('W')
      expect(await transfer('seller@example.com', '张三', outBizNo)).toMatchObject({
        code: '10000',
        status: 'DEALING',
      })
      await post(`${strict.url}/_sim/payout`, { outBizNo, status: 'FAIL', failReason: '收款账户已冻结' })
      expect(
        await call(strict.gateway, 'alipay.fund.trans.common.query', { out_biz_no: outBizNo }),
      ).toMatchObject({
        status: 'FAIL',
        fail_reason: '收款账户已冻结',
      })
    } finally {
      await strict.close()
    }
  })
})

describe('state in its directory', () => {
  it('two instances on one directory see the same trades; a restart keeps them and the platform key', async () => {
    const dir = newDir()
    const options: AlipaySimulatorOptions = { dir, appId: APP_ID, merchantPublicKey: merchant.publicKey }
    const a = await startAlipaySimulator(options)
    const b = await startAlipaySimulator(options)
    const outTradeNo = no('A')
    await call(a.gateway, 'alipay.trade.precreate', {
      out_trade_no: outTradeNo,
      total_amount: '3.00',
      subject: '测试',
    })
    await post(`${b.url}/_sim/pay`, { outTradeNo })
    expect(await call(a.gateway, 'alipay.trade.query', { out_trade_no: outTradeNo })).toMatchObject({
      trade_status: 'TRADE_SUCCESS',
    })
    const key = alipaySimulatorPublicKey(dir)
    await a.close()
    await b.close()
    const c = await startAlipaySimulator(options)
    expect(
      await call(c.gateway, 'alipay.trade.query', { out_trade_no: outTradeNo }, { publicKey: key }),
    ).toMatchObject({
      trade_status: 'TRADE_SUCCESS',
    })
    await c.close()
  })

  it('a notification not yet answered `success` is retried after a restart, signed without sign and sign_type', async () => {
    const dir = newDir()
    let answer = 'fail'
    const bodies: string[] = []
    const listener = Fastify()
    listener.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, b, done) =>
      done(null, b),
    )
    listener.post('/n', async (req) => {
      bodies.push(req.body as string)
      return answer
    })
    const notifyUrl = `${await listener.listen({ port: 0, host: '127.0.0.1' })}/n`
    const options = {
      dir,
      appId: APP_ID,
      merchantPublicKey: merchant.publicKey,
      notifySchedule: [0, 300, 300, 300],
    }
    const first = await startAlipaySimulator(options)
    const outTradeNo = no('A')
    await call(
      first.gateway,
      'alipay.trade.precreate',
      { out_trade_no: outTradeNo, total_amount: '5.00', subject: '测试' },
      { extra: { notify_url: notifyUrl } },
    )
    await post(`${first.url}/_sim/pay`, { outTradeNo })
    while (bodies.length < 1) await new Promise((r) => setTimeout(r, 20))
    await first.close()
    answer = 'success'
    const second = await startAlipaySimulator(options)
    while (bodies.length < 2) await new Promise((r) => setTimeout(r, 20))
    const log = await (await fetch(`${second.url}/_sim/notifications?outTradeNo=${outTradeNo}`)).json()
    expect(log[0].attemptList.map((x: { answer: string }) => x.answer)).toEqual(['fail', 'success'])
    expect(bodies[0]).toBe(bodies[1])
    const params = Object.fromEntries(new URLSearchParams(bodies[1]))
    expect(params).toMatchObject({
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '5.00',
      app_id: APP_ID,
    })
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&')
    expect(
      createVerify('RSA-SHA256').update(content).verify(alipaySimulatorPublicKey(dir), params.sign, 'base64'),
    ).toBe(true)
    // a resend repeats the notify_id
    await post(`${second.url}/_sim/renotify`, { outTradeNo })
    while (bodies.length < 3) await new Promise((r) => setTimeout(r, 20))
    expect(new URLSearchParams(bodies[2]).get('notify_id')).toBe(params.notify_id)
    await second.close()
    await listener.close()
    // a restart under a loaded machine (the whole suite on two cores) takes its time
  }, 60_000)
})

describe('the daily bill', () => {
  it('is a zip of GBK CSV files in Alipay’s layout; planted mismatches show in it', async () => {
    const dir = newDir()
    const sim = await startAlipaySimulator({ dir, appId: APP_ID, merchantPublicKey: merchant.publicKey })
    try {
      const paid = no('A')
      const dropped = no('A')
      for (const outTradeNo of [paid, dropped]) {
        await call(sim.gateway, 'alipay.trade.precreate', {
          out_trade_no: outTradeNo,
          total_amount: '10.00',
          subject: '点券',
        })
        await post(`${sim.url}/_sim/pay`, { outTradeNo })
      }
      await call(sim.gateway, 'alipay.trade.refund', {
        out_trade_no: paid,
        refund_amount: '2.50',
        out_request_no: 'R1',
      })
      const day = today()
      await post(`${sim.url}/_sim/bill`, { day, kind: 'amount', ourNo: paid, amount: 999 })
      await post(`${sim.url}/_sim/bill`, { day, kind: 'drop', ourNo: dropped })
      await post(`${sim.url}/_sim/bill`, { day, kind: 'extra', ourNo: 'NOT-OURS', amount: 100 })

      const answer = await call(sim.gateway, 'alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: day,
      })
      const res = await fetch(answer.bill_download_url)
      expect(res.headers.get('content-type')).toBe('application/zip')
      const files = unzip(Buffer.from(await res.arrayBuffer()))
      expect(files.map((f) => f.name)).toEqual([
        expect.stringMatching(/^2088\d+_\d{8}_业务明细\.csv$/),
        expect.stringMatching(/^2088\d+_\d{8}_业务明细\(汇总\)\.csv$/),
      ])
      // GBK, not UTF-8
      expect(files[0].data.includes(iconv.encode('业务明细', 'gbk'))).toBe(true)
      expect(files[0].data.includes(Buffer.from('业务明细'))).toBe(false)
      const text = iconv.decode(files[0].data, 'gbk')
      expect(text.split('\r\n')[0]).toBe('#支付宝业务明细查询')
      expect(text).toContain(`${paid}\t,交易\t,`)
      const rows = billRows(text)
      expect(
        rows.map((r) => [r['商户订单号'], r['业务类型'], r['商家实收（元）'], r['退款批次号/请求号']]),
      ).toEqual([
        [paid, '交易', '9.99', ''],
        [paid, '退款', '-2.50', 'R1'],
        ['NOT-OURS', '交易', '1.00', ''],
      ])
      expect(
        await call(sim.gateway, 'alipay.data.dataservice.bill.downloadurl.query', {
          bill_type: 'trade',
          bill_date: '2001-01-01',
        }),
      ).toMatchObject({
        sub_code: 'isp.bill_not_exist',
      })
    } finally {
      await sim.close()
    }
  })
})

describe('mounted in our server', () => {
  it('works under a prefix: the QR code and the cashier’s forms name it', async () => {
    const app = Fastify()
    await app.register(
      alipaySimulator({ dir: newDir(), appId: APP_ID, merchantPublicKey: merchant.publicKey }),
      {
        prefix: '/sim/alipay',
      },
    )
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const created = await call(`${base}/sim/alipay/gateway.do`, 'alipay.trade.precreate', {
        out_trade_no: no('A'),
        total_amount: '8.80',
        subject: '测试',
      })
      expect(created.qr_code).toMatch(new RegExp(`^${base}/sim/alipay/qr/\\d+$`))
      const html = await (await fetch(created.qr_code)).text()
      expect(html).toContain('action="/sim/alipay/cashier/pay"')
    } finally {
      await app.close()
    }
  })
})
