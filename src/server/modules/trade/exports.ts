/** The seller's sold orders as a CSV export, with the order list's filters (the desktop client downloads it). */
import { ORDER_STATUS_LABELS, type OrderListQuery } from '../../../shared/api'
import { chinaDateTime, csvYuan, EXPORT_MAX_ROWS } from '../common/exports'
import type { TradeCore } from './core'
import type { OrderLifecycle } from './orders'

const HEADER = [
  '订单号',
  '商品',
  '游戏',
  '买家',
  '单价(元)',
  '数量',
  '金额(元)',
  '状态',
  '下单时间',
  '支付时间',
  '完成时间',
]

export function soldOrdersExport(core: TradeCore, orders: OrderLifecycle) {
  return {
    /** My sold orders (with the list's filters) as a CSV export. */
    async exportSellOrders(sellerId: number, q: OrderListQuery) {
      const exports = core.deps.exports
      if (!exports) throw new Error('the exports service is not wired')
      const { rows } = await orders.list('seller', sellerId, { ...q, pageNum: 1, pageSize: EXPORT_MAX_ROWS })
      return exports.createCsv(
        sellerId,
        '我卖出的订单',
        HEADER,
        rows.map((o) => [
          o.orderNo,
          o.goodsTitle,
          o.gameName,
          o.buyerName,
          csvYuan(o.unitPrice),
          o.quantity,
          csvYuan(o.amount),
          ORDER_STATUS_LABELS[o.status],
          chinaDateTime(o.createdAt),
          o.paidAt ? chinaDateTime(o.paidAt) : '',
          o.completedAt ? chinaDateTime(o.completedAt) : '',
        ]),
      )
    },
  }
}
