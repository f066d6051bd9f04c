/**
 * The Alipay adapter end to end against the simulator (started alone on port 0): each scene, the
 * notification on a local listener, query, close, refunds, payouts, the bill; gateway failures;
 * forged notifications — some signed by alipay-sdk itself with a test "Alipay" key pair.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AlipaySdk } from 'alipay-sdk'
import Fastify, { type FastifyInstance } from 'fastify'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlipayRefused, createAlipayProvider, type AlipayConfig } from './alipay'
import { ProviderUnavailable, type PayProvider, type PayScene } from './provider'
import { alipaySimulatorPublicKey, startAlipaySimulator } from './sim/alipay'

const APP_ID = '2021000000000001'
const merchant = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  // PKCS1, as Alipay's key tool writes for non-Java languages; the PKCS8 case is below
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
})
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)
const HOUR = 3600_000

let dir: string
let sim: Awaited<ReturnType<typeof startAlipaySimulator>>
let listener: FastifyInstance
let notifyUrl: string
/** raw bodies received by our listener */
const received: string[] = []
/** how many notifications the listener answers `fail` before `success` */
let failFirst = 0
let alipay: PayProvider
let config: AlipayConfig
let seq = 0
const no = (p: string) => `${p}${Date.now()}${++seq}`

const simPost = async (path: string, body: object) => {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}
// generous: the whole suite shares two cores with the builds (a loaded machine stretches the schedule)
async function until<T>(fn: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}
const notificationOf = (attemptNo: string, extra: (b: URLSearchParams) => boolean = () => true) =>
  until(() =>
    received.find((b) => {
      const p = new URLSearchParams(b)
      return p.get('out_trade_no') === attemptNo && extra(p)
    }),
  )

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'alipay-adapter-'))
  sim = await startAlipaySimulator({
    dir,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    notifySchedule: [0, 100, 200],
    hangMs: 1500,
  })
  listener = Fastify()
  listener.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_r, body, done) => done(null, body),
  )
  listener.post('/notify/alipay', async (req, reply) => {
    received.push(req.body as string)
    const answer = alipay.answer(failFirst-- <= 0)
    return reply.code(answer.status).type(answer.contentType).send(answer.body)
  })
  notifyUrl = `${await listener.listen({ port: 0, host: '127.0.0.1' })}/notify/alipay`
  config = {
    appId: APP_ID,
    privateKey: merchant.privateKey,
    alipayPublicKey: alipaySimulatorPublicKey(dir),
    gateway: sim.gateway,
    timeoutMs: 3000,
  }
  alipay = createAlipayProvider(config)
})
afterAll(async () => {
  await listener?.close()
  await sim?.close()
  rmSync(dir, { recursive: true, force: true })
})

const payment = (scene: PayScene, amount = 1000) => ({
  attemptNo: no('P'),
  amount,
  subject: '余额充值',
  scene,
  notifyUrl,
  returnUrl: 'http://127.0.0.1:9/return',
  expiresAt: Date.now() + HOUR,
})

describe('paying, each scene', () => {
  it('PC: a signed cashier URL; the buyer pays; the notification checks out; query says PAID', async () => {
    const p = payment('PC', 1234)
    const start = await alipay.create(p)
    expect(start.payUrl).toMatch(new RegExp(`^${sim.gateway}\\?`))
    expect(new URL(start.payUrl!).searchParams.get('method')).toBe('alipay.trade.page.pay')
    // Alipay knows a page-pay trade only once the cashier opened
    expect((await alipay.query(p.attemptNo)).status).toBe('NOT_FOUND')
    const page = await fetch(start.payUrl!)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('确认付款')
    expect(html).toContain('12.34')
    expect(html).toContain('支付失败')
    expect(await alipay.query(p.attemptNo)).toMatchObject({ status: 'WAITING', amount: 1234 })

    expect((await simPost('/_sim/pay', { url: start.payUrl })).status).toBe(200)
    const body = await notificationOf(p.attemptNo)
    const n = await alipay.verifyNotification({ headers: {}, rawBody: body })
    expect(n).toMatchObject({
      kind: 'PAYMENT',
      appId: APP_ID,
      attemptNo: p.attemptNo,
      status: 'PAID',
      amount: 1234,
    })
    expect(n.notifyId).toMatch(/^[0-9a-f]{32}$/)
    const trade = await alipay.query(p.attemptNo)
    expect(trade).toMatchObject({ status: 'PAID', amount: 1234, tradeNo: n.tradeNo })
    expect(trade.paidAt).toBeGreaterThan(Date.now() - 60_000)
  })

  it('WAP: the phone cashier; 确认付款 pays and the browser returns with signed parameters', async () => {
    const p = payment('WAP', 500)
    const { payUrl } = await alipay.create(p)
    expect(new URL(payUrl!).searchParams.get('method')).toBe('alipay.trade.wap.pay')
    const html = await (await fetch(payUrl!)).text()
    expect(html).toContain('width=device-width')
    const tradeNo = /name="trade_no" value="(\d+)"/.exec(html)![1]
    const paid = await fetch(`${sim.url}/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `trade_no=${tradeNo}`,
      redirect: 'manual',
    })
    expect(paid.status).toBe(302)
    const back = new URL(paid.headers.get('location')!)
    expect(back.origin + back.pathname).toBe(p.returnUrl)
    expect(back.searchParams.get('out_trade_no')).toBe(p.attemptNo)
    expect(back.searchParams.get('sign')).toBeTruthy()
    const n = await alipay.verifyNotification({ headers: {}, rawBody: await notificationOf(p.attemptNo) })
    expect(n).toMatchObject({ status: 'PAID', amount: 500, tradeNo })
  })

  it('QR: precreate gives a code whose landing page is the phone cashier', async () => {
    const p = payment('QR', 99)
    const { qrCode } = await alipay.create(p)
    expect(qrCode).toMatch(new RegExp(`^${sim.url}/qr/\\d+$`))
    expect(await (await fetch(qrCode!)).text()).toContain('0.99')
    expect(await alipay.query(p.attemptNo)).toMatchObject({ status: 'WAITING', amount: 99 })
    await simPost('/_sim/pay', { url: qrCode })
    expect((await alipay.query(p.attemptNo)).status).toBe('PAID')
    // the same attempt cannot be created again once paid: Alipay's words come back
    await expect(alipay.create(p)).rejects.toThrow(/交易已被支付/)
  })

  it('retries the notification until the answer is success, with the same notify_id', async () => {
    const p = payment('QR', 100)
    const { qrCode } = await alipay.create(p)
    failFirst = 2
    await simPost('/_sim/pay', { url: qrCode })
    const bodies = await until(() => {
      const all = received.filter((b) => new URLSearchParams(b).get('out_trade_no') === p.attemptNo)
      return all.length >= 3 ? all : undefined
    })
    expect(new Set(bodies.map((b) => new URLSearchParams(b).get('notify_id'))).size).toBe(1)
    const log = await (await fetch(`${sim.url}/_sim/notifications?outTradeNo=${p.attemptNo}`)).json()
    expect(log[0].delivered).toBe(1)
    expect(log[0].attemptList.map((a: { answer: string }) => a.answer)).toEqual(['fail', 'fail', 'success'])
  })
})

describe('closing', () => {
  it('closes a waiting trade; an unknown one is fine; a paid one refuses in Alipay words', async () => {
    const waiting = payment('QR')
    await alipay.create(waiting)
    await alipay.close(waiting.attemptNo)
    expect((await alipay.query(waiting.attemptNo)).status).toBe('CLOSED')
    await alipay.close(waiting.attemptNo)
    await alipay.close(no('UNKNOWN'))

    const paid = payment('QR')
    await simPost('/_sim/pay', { url: (await alipay.create(paid)).qrCode })
    const err = await alipay.close(paid.attemptNo).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AlipayRefused)
    expect((err as AlipayRefused).subCode).toBe('ACQ.TRADE_STATUS_ERROR')
  })

  it('a trade past its time_expire is closed by Alipay', async () => {
    const p = { ...payment('QR'), expiresAt: Date.now() - 1000 }
    await alipay.create(p)
    expect((await alipay.query(p.attemptNo)).status).toBe('CLOSED')
  })
})

describe('refunds', () => {
  it('partial then the rest, idempotent by refundNo; more than paid is refused; the refund notifications', async () => {
    const p = payment('QR', 1000)
    await simPost('/_sim/pay', { url: (await alipay.create(p)).qrCode })
    const r1 = {
      attemptNo: p.attemptNo,
      refundNo: no('R'),
      amount: 300,
      total: 1000,
      reason: '部分退款',
      notifyUrl,
    }
    expect(await alipay.refund(r1)).toEqual({ refundNo: r1.refundNo, status: 'SUCCESS', amount: 300 })
    // asked twice: refunded once
    expect(await alipay.refund(r1)).toEqual({ refundNo: r1.refundNo, status: 'SUCCESS', amount: 300 })
    const trade = await (await fetch(`${sim.url}/_sim/trade?outTradeNo=${p.attemptNo}`)).json()
    expect(trade.refunded).toBe(300)

    const over = alipay.refund({ ...r1, refundNo: no('R'), amount: 701 })
    await expect(over).rejects.toBeInstanceOf(AlipayRefused)
    await expect(over).rejects.toThrow(/退款金额超限/)

    const r2 = { ...r1, refundNo: no('R'), amount: 700 }
    expect((await alipay.refund(r2)).status).toBe('SUCCESS')
    expect(await alipay.queryRefund(p.attemptNo, r1.refundNo)).toEqual({
      refundNo: r1.refundNo,
      status: 'SUCCESS',
      amount: 300,
    })
    expect((await alipay.queryRefund(p.attemptNo, no('R'))).status).toBe('NOT_FOUND')
    expect((await alipay.queryRefund(no('P'), no('R'))).status).toBe('NOT_FOUND')
    // refunded in full Alipay closes the trade; it was paid all the same
    expect(await alipay.query(p.attemptNo)).toMatchObject({ status: 'PAID', amount: 1000 })

    const body = await notificationOf(p.attemptNo, (b) => b.get('out_biz_no') === r2.refundNo)
    expect(await alipay.verifyNotification({ headers: {}, rawBody: body })).toMatchObject({
      kind: 'REFUND',
      attemptNo: p.attemptNo,
      refundNo: r2.refundNo,
      status: 'REFUNDED',
      amount: 1000,
    })
  })

  it('refunding an unpaid trade is refused', async () => {
    const p = payment('QR')
    await alipay.create(p)
    await expect(
      alipay.refund({
        attemptNo: p.attemptNo,
        refundNo: no('R'),
        amount: 1,
        total: 1000,
        reason: '',
        notifyUrl,
      }),
    ).rejects.toThrow(/交易状态不合法/)
  })
})

describe('payouts', () => {
  it('pays once per payoutNo; query finds it; unknown is NOT_FOUND; below 0.1 yuan fails in Alipay words', async () => {
    const req = {
      payoutNo: no('W'),
      amount: 5000,
      account: 'seller@example.com',
      name: '张三',
      remark: '提现',
    }
    const paid = await alipay.payout(req)
    expect(paid).toMatchObject({ payoutNo: req.payoutNo, status: 'PAID', failReason: null })
    expect(paid.providerNo).toMatch(/^\d+$/)
    expect(await alipay.payout(req)).toEqual(paid)
    expect(await alipay.queryPayout(req.payoutNo)).toEqual(paid)
    expect((await alipay.queryPayout(no('W'))).status).toBe('NOT_FOUND')
    expect(await alipay.payout({ ...req, payoutNo: no('W'), amount: 9 })).toMatchObject({
      status: 'FAILED',
      failReason: '单笔最低转账金额0.1元',
    })
  })
})

describe('the bill of the day', () => {
  it('lists the payments, refunds and payouts of the day from Alipay’s zip of GBK CSV files', async () => {
    const p = payment('QR', 888)
    await simPost('/_sim/pay', { url: (await alipay.create(p)).qrCode })
    const refundNo = no('R')
    await alipay.refund({ attemptNo: p.attemptNo, refundNo, amount: 88, total: 888, reason: '', notifyUrl })
    const payoutNo = no('W')
    await alipay.payout({ payoutNo, amount: 1230, account: '13800000000', name: '李四', remark: '提现' })

    const lines = await alipay.bill(chinaDay(Date.now()))
    const trade = await alipay.query(p.attemptNo)
    expect(lines).toContainEqual({
      kind: 'PAYMENT',
      ourNo: p.attemptNo,
      providerNo: trade.tradeNo,
      amount: 888,
      at: expect.any(Number),
    })
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'REFUND', ourNo: refundNo, providerNo: trade.tradeNo, amount: 88 }),
    )
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'PAYOUT', ourNo: payoutNo, amount: 1230 }))
    expect(await alipay.bill('2001-01-01')).toEqual([])
  })
})

describe('a gateway that cannot be trusted or reached → ProviderUnavailable', () => {
  for (const kind of ['http500', 'garbage', 'badsign', 'system', 'timeout'] as const)
    it(kind, async () => {
      await simPost('/_sim/fault', { method: 'alipay.trade.query', kind })
      // the HTTP client's timers tick about every half second: a short timeout against the 1.5 s hang
      const impatient = kind === 'timeout' ? createAlipayProvider({ ...config, timeoutMs: 100 }) : alipay
      const err = await impatient.query(no('P')).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ProviderUnavailable)
      expect(String((err as Error).message)).not.toContain('PRIVATE')
      // the fault was used up
      expect((await alipay.query(no('P'))).status).toBe('NOT_FOUND')
    })

  it('nobody listening', async () => {
    const down = createAlipayProvider({ ...config, gateway: 'http://127.0.0.1:9/gateway.do' })
    await expect(
      down.payout({ payoutNo: 'W1', amount: 100, account: 'a', name: 'b', remark: '' }),
    ).rejects.toBeInstanceOf(ProviderUnavailable)
  })

  it('a request signed with another key is refused by Alipay (a configuration error, in its words)', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const wrong = createAlipayProvider({
      ...config,
      privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    })
    await expect(wrong.query(no('P'))).rejects.toThrow(/验签出错/)
  })
})

describe('notifications that are not Alipay’s', () => {
  async function paidNotification() {
    const p = payment('QR', 2000)
    await simPost('/_sim/pay', { url: (await alipay.create(p)).qrCode })
    return notificationOf(p.attemptNo)
  }

  it('a tampered amount, a wrong signature, no signature: rejected; a replay parses the same', async () => {
    const body = await paidNotification()
    const verified = await alipay.verifyNotification({ headers: {}, rawBody: body })
    const tampered = new URLSearchParams(body)
    tampered.set('total_amount', '0.01')
    await expect(alipay.verifyNotification({ headers: {}, rawBody: tampered.toString() })).rejects.toThrow(
      /验签失败/,
    )
    const resigned = new URLSearchParams(body)
    resigned.set('sign', Buffer.alloc(256, 7).toString('base64'))
    await expect(alipay.verifyNotification({ headers: {}, rawBody: resigned.toString() })).rejects.toThrow(
      /验签失败/,
    )
    const unsigned = new URLSearchParams(body)
    unsigned.delete('sign')
    await expect(alipay.verifyNotification({ headers: {}, rawBody: unsigned.toString() })).rejects.toThrow(
      /缺少签名/,
    )
    await expect(alipay.verifyNotification({ headers: {}, rawBody: 'garbage' })).rejects.toThrow()
    // replays are the core's to recognise (same notifyId); the adapter just parses
    expect(await alipay.verifyNotification({ headers: {}, rawBody: body })).toEqual(verified)
  })

  it('signed by alipay-sdk itself with a test "Alipay" key pair: accepted; one field changed: rejected', async () => {
    const alipaySide = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    // the library as Alipay: sdkExecute signs every parameter RSA2 and form-encodes them
    const signer = new AlipaySdk({ appId: APP_ID, privateKey: alipaySide.privateKey, keyType: 'PKCS8' })
    const attemptNo = no('P')
    const body = signer.sdkExecute('alipay.trade.page.pay', {
      notifyType: 'trade_status_sync',
      notifyId: 'ac05099524730693a8b330c5ecf72da9786',
      notifyTime: '2026-11-28 12:00:01',
      outTradeNo: attemptNo,
      tradeNo: '2026112822001400000000000001',
      tradeStatus: 'TRADE_SUCCESS',
      totalAmount: '12.34',
      sellerId: '2088621987654321',
      gmtPayment: '2026-11-28 12:00:00',
      subject: '余额充值 & 订单',
    })
    const verifier = createAlipayProvider({ ...config, alipayPublicKey: alipaySide.publicKey })
    expect(await verifier.verifyNotification({ headers: {}, rawBody: body })).toMatchObject({
      kind: 'PAYMENT',
      appId: APP_ID,
      attemptNo,
      status: 'PAID',
      amount: 1234,
      notifyId: 'ac05099524730693a8b330c5ecf72da9786',
      at: Date.parse('2026-11-28T12:00:00+08:00'),
    })
    const changed = new URLSearchParams(body)
    changed.set('trade_status', 'TRADE_CLOSED')
    await expect(verifier.verifyNotification({ headers: {}, rawBody: changed.toString() })).rejects.toThrow(
      /验签失败/,
    )
    // and our production adapter (the simulator's key) does not take it
    await expect(alipay.verifyNotification({ headers: {}, rawBody: body })).rejects.toThrow(/验签失败/)
  })
})

describe('configuration', () => {
  it('takes a PKCS8 private key as well, and refuses a broken one without echoing it', async () => {
    const pkcs8 = createAlipayProvider({
      ...config,
      privateKey: merchant.privateKey.includes('RSA PRIVATE')
        ? (await import('node:crypto'))
            .createPrivateKey(merchant.privateKey)
            .export({ type: 'pkcs8', format: 'pem' })
            .toString()
        : merchant.privateKey,
    })
    expect((await pkcs8.query(no('P'))).status).toBe('NOT_FOUND')
    expect(() => createAlipayProvider({ ...config, privateKey: 'secret-not-a-key' })).toThrow(
      /^(?!.*secret-not-a-key)/,
    )
    expect(() => createAlipayProvider({ ...config, alipayPublicKey: undefined })).toThrow(/ALIPAY_PUBLIC_KEY/)
  })

  it('certificate mode: requests carry the certificates’ serial numbers and answers check against Alipay’s certificate', async () => {
    const root = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const rootKey = forge.pki.privateKeyFromPem(
      root.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    )
    const issue = (publicPem: string, cn: string, serial: string, signer = rootKey) => {
      const cert = forge.pki.createCertificate()
      cert.publicKey = forge.pki.publicKeyFromPem(publicPem)
      cert.serialNumber = serial
      cert.validity.notBefore = new Date(Date.now() - HOUR)
      cert.validity.notAfter = new Date(Date.now() + 365 * 24 * HOUR)
      cert.setSubject([{ shortName: 'CN', value: cn }])
      cert.setIssuer([{ shortName: 'CN', value: 'Test Alipay Root' }])
      cert.sign(signer, forge.md.sha256.create())
      return forge.pki.certificateToPem(cert)
    }
    const rootPem = issue(
      root.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      'Test Alipay Root',
      '01',
    )
    const certMode = createAlipayProvider({
      ...config,
      alipayPublicKey: undefined,
      appCert: issue(merchant.publicKey, APP_ID, '0a'),
      alipayPublicCert: issue(alipaySimulatorPublicKey(dir), 'Alipay', '0b'),
      alipayRootCert: rootPem,
    })
    const p = payment('PC', 300)
    const url = new URL((await certMode.create(p)).payUrl!)
    expect(url.searchParams.get('app_cert_sn')).toMatch(/^[0-9a-f]{32}$/)
    expect(url.searchParams.get('alipay_root_cert_sn')).toMatch(/^[0-9a-f]{32}$/)
    await simPost('/_sim/pay', { url: url.toString() })
    expect((await certMode.query(p.attemptNo)).status).toBe('PAID')
    const n = await certMode.verifyNotification({ headers: {}, rawBody: await notificationOf(p.attemptNo) })
    expect(n.status).toBe('PAID')
    expect(
      (await certMode.payout({ payoutNo: no('W'), amount: 100, account: 'a@b.c', name: '王五', remark: '' }))
        .status,
    ).toBe('PAID')
  })
})
