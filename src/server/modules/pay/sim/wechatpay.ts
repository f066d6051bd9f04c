/**
 * A simulator of WeChat Pay API v3 (docs/payments.md, "WeChat Pay"), written apart from the adapter
 * (pay/wechat.ts) and without its library: it checks the merchant's request signatures with the
 * merchant's public key, signs its answers and notifications with its own "platform" key (the
 * 微信支付公钥 mode), encrypts notification resources with the merchant's APIv3 key, and serves the
 * trade bill in WeChat's text format. State lives in SQLite in `dir` (wechatpay-store.ts), so two
 * server processes pointing at one directory see one WeChat Pay.
 *
 * Mounted under a prefix (`app.register(wechatpaySimulator(options), { prefix: '/sim/wechatpay' })`)
 * or alone; the adapter's gateway is then the prefix's absolute address. Besides the API it serves
 * the pages a person pays on (the QR landing page a phone opens — which a PC shows as a QR code —
 * and the H5 page) and test hooks under `/_sim/`.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { wechatpayBillApi } from './wechatpay-bill-api'
import { apiRoutes, type WechatpaySim, type WechatpaySimulatorOptions } from './wechatpay-common'
import { wechatpayTestHooks } from './wechatpay-hooks'
import { wechatpayNotifications } from './wechatpay-notify'
import { wechatpayPages } from './wechatpay-pages'
import { wechatpayRefunds } from './wechatpay-refunds'
import { openSimStore, wechatpaySimulatorKeys, type SimStore } from './wechatpay-store'
import { wechatpayTrades } from './wechatpay-trades'

export { wechatpaySimulatorKeys } from './wechatpay-store'

/** WeChat Pay's own retry schedule of a notification not answered 200/204: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h. */
export const WECHAT_NOTIFY_SCHEDULE_MS = [
  0, 15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((s) => s * 1000)

export type { WechatpaySimulatorOptions } from './wechatpay-common'

export function wechatpaySimulator(options: WechatpaySimulatorOptions): FastifyPluginAsync {
  return async (app) => {
    const now = options.now ?? Date.now
    const keys = wechatpaySimulatorKeys(options.dir)
    const store: SimStore = openSimStore(options.dir)
    const schedule = options.notifyRetryMs ?? WECHAT_NOTIFY_SCHEDULE_MS
    const prefix = app.prefix
    const baseOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}${prefix}`

    // WeChat signs and checks the raw body text: keep every body as the string that came
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

    // the parts live in sibling files (wechatpay-trades, -refunds, -bill-api, -pages, -hooks, -notify); they share `sim`
    const sim: WechatpaySim = { options, now, keys, store, schedule, prefix, baseOf }
    const routes = apiRoutes(sim)
    const notifier = wechatpayNotifications(app, sim)
    const trades = wechatpayTrades(app, sim, routes, notifier)
    wechatpayRefunds(app, sim, routes, notifier)
    wechatpayBillApi(app, sim, routes)
    wechatpayPages(app, sim, trades)
    wechatpayTestHooks(app, sim, trades, notifier)
  }
}
