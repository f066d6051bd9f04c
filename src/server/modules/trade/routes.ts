import type { FastifyPluginAsync } from 'fastify'
import { BID, ORDER, PRICE_RECORD, ROLE } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { TradeService } from './service'

/** Orders, bids, receiving roles (logged in) and the public price records. */
export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService }> = async (app, { trade }) => {
  // bids
  route(app, BID.create, { message: '出价成功' }, (r) => trade.createBid(uid(r), r.body))
  route(app, BID.accept, { message: '已接受，订单已生成' }, (r) => trade.acceptBid(uid(r), r.body.bidId))
  route(app, BID.reject, { message: '已拒绝' }, (r) => trade.rejectBid(uid(r), r.body.bidId))
  route(app, BID.counter, { message: '还价成功' }, (r) =>
    trade.counterBid(uid(r), r.body.bidId, r.body.price),
  )
  route(app, BID.cancel, { message: '已撤销' }, (r) => trade.cancelBid(uid(r), r.body.bidId))
  route(app, BID.list, (r) => trade.bidList(uid(r), r.query))
  route(app, BID.terms, (r) => trade.bidTerms(uid(r), r.params.goodsId))
  route(app, BID.setFloor, { message: '最低出价已保存' }, (r) => trade.setBidFloor(uid(r), r.body))

  // receiving roles
  route(app, ROLE.list, (r) => trade.roleList(uid(r)))
  route(app, ROLE.save, { message: '保存成功' }, (r) => trade.roleSave(uid(r), r.body))
  route(app, ROLE.remove, { message: '删除成功' }, (r) => trade.roleRemove(uid(r), r.body.roleId))

  // orders
  route(app, ORDER.create, { message: '下单成功' }, (r) => trade.createOrder(uid(r), r.body))
  route(app, ORDER.detail, (r) => trade.detail(uid(r), r.params.orderNo))
  route(app, ORDER.buyList, (r) => trade.list('buyer', uid(r), r.query))
  route(app, ORDER.sellList, (r) => trade.list('seller', uid(r), r.query))
  route(app, ORDER.sellExport, { message: '导出成功' }, (r) => trade.exportSellOrders(uid(r), r.body ?? {}))
  route(app, ORDER.pay, { message: '支付成功' }, (r) => trade.pay(uid(r), r.body.orderNo, r.body.payPassword))
  route(app, ORDER.payChannel, (r) => trade.payChannel(uid(r), r.body, r.ip))
  route(app, ORDER.cancel, { message: '订单已取消' }, (r) => trade.cancel(uid(r), r.body.orderNo))
  route(app, ORDER.remind, { message: '已提醒卖家尽快发货' }, (r) => trade.remind(uid(r), r.body.orderNo))
  route(app, ORDER.cancelRequestOf, (r) => trade.cancelRequestOf(uid(r), r.params.orderNo))
  route(app, ORDER.requestCancel, { message: '已申请取消，等待卖家答复' }, (r) =>
    trade.requestCancel(uid(r), r.body.orderNo, r.body.reason),
  )
  route(
    app,
    ORDER.answerCancel,
    { message: ({ status }) => (status === 'AGREED' ? '已同意取消，货款已退回买家' : '已拒绝取消') },
    (r) => trade.answerCancel(uid(r), r.body.orderNo, r.body.agree, r.body.reason ?? ''),
  )
  route(app, ORDER.startDelivery, { message: '已开始交付' }, (r) =>
    trade.startDelivery(uid(r), r.body.orderNo),
  )
  route(app, ORDER.deliveryForm, (r) => trade.deliveryForm(uid(r), r.params.orderNo))
  route(app, ORDER.deliver, { message: '交付成功' }, (r) =>
    trade.deliver(uid(r), r.body.orderNo, r.body.fields),
  )
  route(app, ORDER.correctDelivery, { message: '交付信息已修改' }, (r) =>
    trade.correctDelivery(uid(r), r.body.orderNo, r.body.fields),
  )
  route(app, ORDER.credentials, (r) => trade.credentials(uid(r), r.params.orderNo, r.ip))
  route(app, ORDER.confirm, { message: '已确认收货' }, (r) =>
    trade.confirm(uid(r), r.body.orderNo, r.body.payPassword),
  )

  // price records (public)
  route(app, PRICE_RECORD.prices, (r) => trade.priceRecords(r.query))
}
