/**
 * A simulator of Alipay's OpenAPI gateway (docs/payments.md, "Alipay"), written from Alipay's
 * documentation and apart from our adapter (it imports neither pay/alipay.ts nor alipay-sdk), so
 * the real adapter runs end to end against it in tests and in the demo.
 *
 * It speaks the gateway's protocol: requests to `<prefix>/gateway.do` with the common parameters in
 * the query and `biz_content` in the form body, signed RSA2 with the merchant's key (checked against
 * `merchantPublicKey`); signed JSON answers `{"<method>_response":{…},"sign":"…"}`; page and WAP pay
 * as a signed GET (or auto-submitted POST form) that opens the cashier; asynchronous notifications
 * `trade_status_sync` (form POST, signed without sign and sign_type) retried on Alipay's schedule
 * until the answer is `success`; bills as a zip of GBK CSV files (sim/alipay-bill.ts).
 *
 * State lives in `dir` (sim/alipay-store.ts) with the simulator's own "Alipay platform" key pair
 * (sim/alipay-sign.ts): give the adapter `alipaySimulatorPublicKey(dir)` as ALIPAY_PUBLIC_KEY.
 *
 * Test hooks under `<prefix>/_sim/…` (JSON): pay (by out_trade_no or by the pay URL itself), close,
 * settle a pending payout, plant a bill mismatch, inject a gateway fault, resend a notification,
 * and read notifications with their delivery attempts.
 */
import Fastify, { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { text, type AlipaySim, type AlipaySimulatorOptions } from './alipay-common'
import { alipayGateway } from './alipay-gateway'
import { alipayTestHooks } from './alipay-hooks'
import { alipayNotifications } from './alipay-notify'
import { refundMethods } from './alipay-refunds'
import { loadOrCreatePlatformKeys, publicKeyPem, type Params } from './alipay-sign'
import { openAlipaySimStore } from './alipay-store'
import { alipayTrades, tradeMethods } from './alipay-trades'
import { billDownloadRoute, transferAndBillMethods } from './alipay-transfers'

export type { AlipaySimulatorOptions } from './alipay-common'

export const ALIPAY_NOTIFY_SCHEDULE = [0, 4, 10, 10, 60, 120, 360, 900].map((m) => m * 60_000)

/** The public key of the simulator in `dir` (made on first use): the adapter's ALIPAY_PUBLIC_KEY. */
export const alipaySimulatorPublicKey = (dir: string): string => loadOrCreatePlatformKeys(dir).publicKey

export function alipaySimulator(options: AlipaySimulatorOptions): FastifyPluginAsync {
  return async (app) => {
    const keys = loadOrCreatePlatformKeys(options.dir)
    const store = openAlipaySimStore(options.dir)
    const merchantKey = publicKeyPem(options.merchantPublicKey)
    const sellerId = options.sellerId ?? '2088621987654321'
    const schedule = options.notifySchedule ?? ALIPAY_NOTIFY_SCHEDULE
    const now = options.now ?? Date.now
    const prefix = app.prefix
    const baseOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}${prefix}`

    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, body),
      )
    }
    const formOf = (body: unknown): Params => {
      if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body))
      if (body && typeof body === 'object')
        return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, text(v)]))
      return {}
    }
    // the parts live in sibling files (alipay-trades, -refunds, -transfers, -gateway, -hooks, -notify); they share `sim`
    const sim: AlipaySim = {
      options,
      store,
      keys,
      merchantKey,
      sellerId,
      schedule,
      now,
      prefix,
      baseOf,
      formOf,
    }

    const notifier = alipayNotifications(app, sim)
    const trades = alipayTrades(sim, notifier)
    const methods = {
      ...tradeMethods(sim, trades),
      ...refundMethods(sim, trades, notifier),
      ...transferAndBillMethods(sim),
    }
    const { openPageTrade } = alipayGateway(app, sim, trades, methods)
    billDownloadRoute(app, sim)
    alipayTestHooks(app, sim, trades, openPageTrade, notifier)
  }
}

/** The simulator alone in its own Fastify instance on 127.0.0.1 (port 0: any free port); `url` is its base. */
export async function startAlipaySimulator(
  options: AlipaySimulatorOptions & { port?: number; host?: string },
): Promise<{ url: string; gateway: string; close: () => Promise<void> }> {
  const app = Fastify()
  await app.register(alipaySimulator(options))
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  return { url: address, gateway: `${address}/gateway.do`, close: () => app.close() }
}
