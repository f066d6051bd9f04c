/**
 * Money (docs/trading-rules.md): wallets and the ledger (`funds.move(trx, …)` is the one way a
 * balance changes), top-ups through the pay centre's providers (支付宝, 微信支付; in demo and test
 * installs their simulators, docs/payments.md), withdrawals, the payment password.
 */
import { defineModule } from '../../module'
import { inTransaction } from '../events/domain'
import { PERMS } from '../../../shared/permissions'
import { loadPinKeys, pinHasher } from './pin-hash'
import { fundsRoutes } from './routes'
import { fundsService, type FundsService } from './service'

declare module '../../module' {
  interface Services {
    funds: FundsService
  }
}

export const fundsModule = defineModule({
  name: 'funds',
  needs: ['auth', 'cipher', 'messages', 'exports', 'account', 'pay', 'system'],
  provides: ['funds'],
  register(
    { app, db, now, events, jobs, settings, routes },
    { auth, cipher, messages, exports, account, pay, system },
  ) {
    const funds = fundsService({
      db,
      cipher,
      pins: pinHasher(loadPinKeys(settings.keys)),
      confirmLoginPassword: auth.confirmPassword,
      messages,
      exports,
      // staff list every user's withdrawals: the permission of 提现审核 (docs/console.md)
      isStaff: (userId) => auth.hasPermission(userId, PERMS.withdrawList),
      requireRealName: account.requireTradingIdentity,
      isVerifiedName: account.isVerifiedName,
      realNameOf: async (userId) => {
        const view = await account.realNameView(userId)
        return view.status === 'VERIFIED' ? view.name : null
      },
      configValue: (key) => system.configValue(key),
      pay,
      events,
      now,
      log: (err, what) => app.log.warn({ err }, what),
    })
    // a top-up paid at a provider is credited inside the attempt's transaction
    events.within('payment.paid', (trx, e) =>
      e.bizType === 'TOPUP' ? funds.creditPaidTopup(inTransaction(trx), e) : undefined,
    )
    // a withdrawal's Alipay transfer ended (pay/payouts.ts): the money leaves or returns with it
    events.within('payout.paid', (trx, e) => funds.payoutPaid(inTransaction(trx), e))
    events.within('payout.failed', (trx, e) => funds.payoutFailed(inTransaction(trx), e))
    events.after('payout.paid', (e) => funds.tellPayout(e))
    events.after('payout.failed', (e) => funds.tellPayout(e))
    // withdrawals left PAYING without a payout (the process died in between) are sent again
    jobs.schedule('funds-payouts', settings.payChaseMs ?? 60_000, () => funds.resumePayouts())
    // refunds return money the way it came (docs/payments.md, "Refunds"): an order's channel part
    // goes on to the channel; a failed channel refund comes back to the balance
    events.within('order.refunded', (trx, e) => funds.refundOrderToChannel(inTransaction(trx), e))
    events.within('payment.refundSettled', (trx, e) => funds.channelRefundSettled(inTransaction(trx), e))
    account.plugs.payPassword.plug({
      has: async (userId) => (await funds.wallet(userId)).hasPayPassword,
      reset: (userId, cipherText) => funds.resetPayPassword(userId, cipherText),
    })
    account.plugs.wallet.plug((userId) => funds.wallet(userId))
    routes(fundsRoutes, { funds })
    return { funds }
  },
})
