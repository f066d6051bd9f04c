/**
 * Test helpers for the WeChat Pay simulator and the adapter's tests: a merchant key pair, the
 * simulator alone on 127.0.0.1 port 0, a tiny notify receiver, and a merchant-signed request
 * written from the protocol (not from the adapter's library).
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { lines, nonce, rsaSign } from './wechatpay-protocol'
import { wechatpaySimulator, wechatpaySimulatorKeys, type WechatpaySimulatorOptions } from './wechatpay'

export const TEST_MCH_ID = '1900009191'
export const TEST_APP_ID = 'wxd678efh567hg6787'
export const TEST_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const TEST_APIV3_KEY = 'a7cde1ef52f5dd2a2b1e2f1e2c3d4e5f'

export function merchantKeys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
}

export interface RunningSimulator {
  app: FastifyInstance
  /** the gateway address (WECHATPAY_GATEWAY) */
  url: string
  dir: string
  platform: { publicKeyId: string; publicKey: string; privateKey: string }
  /** POST a JSON test hook */
  hook(path: string, body: object): Promise<{ status: number; json: Record<string, unknown> }>
  close(): Promise<void>
}

/** The simulator alone on a port of 127.0.0.1, under `prefix` (default none), in `dir` (default a fresh one). */
export async function startSimulator(
  merchant: { publicKey: string },
  options: Partial<WechatpaySimulatorOptions> & { prefix?: string } = {},
): Promise<RunningSimulator> {
  const ownDir = !options.dir
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'wxsim-'))
  const app = Fastify()
  await app.register(
    wechatpaySimulator({
      dir,
      mchId: TEST_MCH_ID,
      appId: TEST_APP_ID,
      merchantSerial: TEST_SERIAL,
      merchantPublicKey: merchant.publicKey,
      apiV3Key: TEST_APIV3_KEY,
      notifyRetryMs: [0, 100, 200],
      pollMs: 25,
      refundDelayMs: 0,
      slowMs: 500,
      ...options,
    }),
    { prefix: options.prefix ?? '' },
  )
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const url = `${address}${options.prefix ?? ''}`
  return {
    app,
    url,
    dir,
    platform: wechatpaySimulatorKeys(dir),
    async hook(path, body) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, json: (await res.json()) as Record<string, unknown> }
    },
    async close() {
      await app.close()
      if (ownDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface ReceivedNotification {
  headers: Record<string, string | string[] | undefined>
  rawBody: string
}

/** A notify endpoint on 127.0.0.1 that keeps the raw body; `answer` decides each reply (default 204). */
export async function startReceiver(
  answer: (n: ReceivedNotification, index: number) => { status: number; body?: string } = () => ({
    status: 204,
  }),
) {
  const received: ReceivedNotification[] = []
  const app = Fastify()
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  app.post('/notify', async (req, reply) => {
    const n = { headers: req.headers, rawBody: String(req.body ?? '') }
    received.push(n)
    const a = answer(n, received.length - 1)
    return reply
      .code(a.status)
      .type('application/json')
      .send(a.body ?? '')
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: `${address}/notify`,
    received,
    /** resolves once `count` notifications came (or rejects after `ms`) */
    async waitFor(count: number, ms = 5000) {
      const until = Date.now() + ms
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`only ${received.length} of ${count} notifications arrived`)
        await new Promise((r) => setTimeout(r, 10))
      }
      return received
    },
    close: () => app.close(),
  }
}

/** A request signed as the merchant (`Authorization: WECHATPAY2-SHA256-RSA2048 …`), from the protocol. */
export async function merchantRequest(
  gateway: string,
  merchantPrivateKey: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  sign: { mchid?: string; serial?: string; timestamp?: number } = {},
) {
  const url = new URL(`${gateway}${path}`)
  const text = body ? JSON.stringify(body) : ''
  const timestamp = String(sign.timestamp ?? Math.floor(Date.now() / 1000))
  const n = nonce()
  const signature = rsaSign(
    lines(method, `${url.pathname}${url.search}`, timestamp, n, text),
    merchantPrivateKey,
  )
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${sign.mchid ?? TEST_MCH_ID}",serial_no="${sign.serial ?? TEST_SERIAL}",timestamp="${timestamp}",nonce_str="${n}",signature="${signature}"`,
    },
    body: method === 'POST' ? text : undefined,
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}
