/**
 * Trading, put together from its parts: the order lifecycle (orders.ts), delivery (delivery.ts), the
 * time rules and their sweeper (timers.ts, rules.ts), bids (bids.ts), receiving roles (roles.ts),
 * price records (records.ts) and the sold-orders export (exports.ts). Guaranteed-order rooms and
 * disputes are the warrant module's; money moves through the funds service.
 */
import { bidService } from './bids'
import { comparableDeals } from './comparables'
import { orderAccess, tradeCore, type TradeDeps, type Trx } from './core'
import { orderDelivery } from './delivery'
import { soldOrdersExport } from './exports'
import { orderLifecycle } from './orders'
import { orderReminders } from './reminders'
import { cancelRequests } from './cancel-requests'
import { priceRecords } from './records'
import { receivingRoles } from './roles'
import { tradeRepo } from './repo'
import { orderTimers } from './timers'
import { LOST_DISPUTE_WINDOW_DAYS } from '../../../shared/rules/seller-credit'

export type { TradeDeps } from './core'

export function tradeService(deps: TradeDeps) {
  const core = tradeCore(deps)
  const timers = orderTimers(core)
  const access = orderAccess(core, timers.applyDue)
  const roles = receivingRoles(core)
  const delivery = orderDelivery(core, access)
  const orders = orderLifecycle(core, access, timers, delivery, roles)
  return {
    sweep: timers.sweep,
    lazySweep: timers.lazySweep,
    ...orders,
    ...orderReminders(core, access),
    ...cancelRequests(core, access),
    startDelivery: delivery.startDelivery,
    deliveryForm: delivery.deliveryForm,
    deliver: delivery.deliver,
    correctDelivery: delivery.correctDelivery,
    credentials: delivery.credentials,
    platformDeliver: delivery.platformDeliver,
    ...bidService(core, orders, roles),
    roleList: roles.roleList,
    roleSave: roles.roleSave,
    roleRemove: roles.roleRemove,
    ...priceRecords(core, timers),
    ...comparableDeals(core),
    ...soldOrdersExport(core, orders),
    /** 包赔: a claim approved while the order holds its escrow settles it first (in the caller's transaction) */
    async settleEarly(trx: Trx, orderNo: string): Promise<boolean> {
      const o = await tradeRepo(trx).rawOrder(orderNo)
      return o?.status === 'COMPLETED' && (await timers.settleInTx(trx, o)) === 'seller'
    },
    /**
     * 额外包赔 (the protection module, inside its transaction): the fee on an unpaid order, part of
     * its amount (docs/recovery-protection.md). False: the order is no longer unpaid.
     */
    setProtectionFee: (trx: Trx, orderNo: string, fee: number) =>
      tradeRepo(trx).setProtectionFee(orderNo, fee, core.now()),
    /** completed, paid, disputed and recently lost order counts of a seller (the review module's credit) */
    sellerStats: (sellerId: number) =>
      core.repo.sellerStats(sellerId, core.now() - LOST_DISPUTE_WINDOW_DAYS * 86_400_000),
  }
}

export type TradeService = ReturnType<typeof tradeService>
