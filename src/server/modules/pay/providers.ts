/**
 * The providers of an install (docs/payments.md, "Configuration"): each real adapter pointed at the
 * provider when its variables are set — that always wins — else, where the simulators are on (demo
 * installs; PAY_SIMULATORS), at the simulator mounted on this server under /sim/<provider>. The
 * simulators' address is this server's own, known once it listens, so those adapters are made on
 * first use.
 */
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppSettings } from '../../settings'
import { createAlipayProvider } from './alipay'
import type { PayProvider, PayProviderChannel } from './provider'
import { alipaySimulator } from './sim/alipay'
import { alipayDemo, ALIPAY_DEMO_APP_ID } from './sim/alipay-demo'
import { wechatpaySimulator } from './sim/wechatpay'
import { wechatpayDemo } from './sim/wechatpay-demo'
import { createWechatPayProvider } from './wechat'

/** A provider made on first use (its simulator's address is known once the server listens). */
function lazy(
  channel: PayProviderChannel,
  appId: string,
  canPayOut: boolean,
  make: () => PayProvider,
): PayProvider {
  let made: PayProvider | null = null
  const get = () => (made ??= make())
  return {
    channel,
    appId,
    canPayOut,
    create: (p) => get().create(p),
    query: (n) => get().query(n),
    close: (n) => get().close(n),
    refund: (r) => get().refund(r),
    queryRefund: (a, r) => get().queryRefund(a, r),
    payout: (p) => get().payout(p),
    queryPayout: (n) => get().queryPayout(n),
    bill: (d) => get().bill(d),
    verifyNotification: (r) => get().verifyNotification(r),
    answer: (ok) => get().answer(ok),
  }
}

export async function payProviders(
  app: FastifyInstance,
  settings: AppSettings,
  origin: () => string,
): Promise<PayProvider[]> {
  if (settings.payProviders) return [...settings.payProviders]
  const simulators = settings.paySimulators ?? false
  const dir = (name: string) =>
    join(settings.paySimulatorsDir ?? join(settings.dataDir, 'pay-simulators'), name)
  const list: PayProvider[] = []

  if (settings.env.alipay) list.push(createAlipayProvider(settings.env.alipay))
  else if (simulators) {
    const demo = (gateway: string) => alipayDemo(dir('alipay'), gateway)
    await app.register(alipaySimulator(demo('').simulator), { prefix: '/sim/alipay' })
    list.push(
      lazy('ALIPAY', ALIPAY_DEMO_APP_ID, true, () =>
        createAlipayProvider(demo(`${origin()}/sim/alipay/gateway.do`).provider),
      ),
    )
  }

  if (settings.env.wechatpay) list.push(createWechatPayProvider(settings.env.wechatpay))
  else if (simulators) {
    const demo = (gateway: string) => wechatpayDemo(dir('wechatpay'), gateway)
    const first = demo('')
    await app.register(wechatpaySimulator(first.simulator), { prefix: '/sim/wechatpay' })
    list.push(
      lazy('WECHAT', first.provider.appId, false, () =>
        createWechatPayProvider(demo(`${origin()}/sim/wechatpay`).provider),
      ),
    )
  }
  return list
}
