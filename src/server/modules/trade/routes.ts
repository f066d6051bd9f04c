import type { FastifyPluginAsync } from 'fastify'
import {
  TRADE_PATHS,
  bidIdBodySchema,
  bidListQuerySchema,
  confirmOrderBodySchema,
  counterBidBodySchema,
  createBidBodySchema,
  createOrderBodySchema,
  deliverBodySchema,
  disputeBodySchema,
  disputeListQuerySchema,
  orderListQuerySchema,
  orderNoBodySchema,
  orderNoParamsSchema,
  payOrderBodySchema,
  postWarrantMessageBodySchema,
  priceRecordQuerySchema,
  roleIdBodySchema,
  ruleBodySchema,
  saveRoleBodySchema,
  type BidIdBody,
  type BidListQuery,
  type ConfirmOrderBody,
  type CounterBidBody,
  type CreateBidBody,
  type CreateOrderBody,
  type DeliverBody,
  type DisputeBody,
  type DisputeListQuery,
  type OrderListQuery,
  type OrderNoBody,
  type PayOrderBody,
  type PostWarrantMessageBody,
  type PriceRecordQuery,
  type RuleBody,
  type SaveRoleBody,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { WarrantService } from '../warrant/service'
import type { TradeService } from './service'

export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService; warrant: WarrantService }> = async (
  app,
  { trade, warrant },
) => {
  const auth = { config: { auth: true } } as const
  const uid = (r: { session: { userId: number } | null }) => sessionOf(r as never).userId
  type OrderParams = { Params: { orderNo: string } }

  // bids
  app.post<{ Body: CreateBidBody }>(
    TRADE_PATHS.bidCreate,
    { ...auth, schema: { body: createBidBodySchema } },
    async (r) => ok(await trade.createBid(uid(r), r.body), '出价成功'),
  )
  app.post<{ Body: BidIdBody }>(
    TRADE_PATHS.bidAccept,
    { ...auth, schema: { body: bidIdBodySchema } },
    async (r) => ok(await trade.acceptBid(uid(r), r.body.bidId), '已接受，订单已生成'),
  )
  app.post<{ Body: BidIdBody }>(
    TRADE_PATHS.bidReject,
    { ...auth, schema: { body: bidIdBodySchema } },
    async (r) => ok(await trade.rejectBid(uid(r), r.body.bidId), '已拒绝'),
  )
  app.post<{ Body: CounterBidBody }>(
    TRADE_PATHS.bidCounter,
    { ...auth, schema: { body: counterBidBodySchema } },
    async (r) => ok(await trade.counterBid(uid(r), r.body.bidId, r.body.price), '还价成功'),
  )
  app.post<{ Body: BidIdBody }>(
    TRADE_PATHS.bidCancel,
    { ...auth, schema: { body: bidIdBodySchema } },
    async (r) => ok(await trade.cancelBid(uid(r), r.body.bidId), '已撤销'),
  )
  app.get<{ Querystring: BidListQuery }>(
    TRADE_PATHS.bidList,
    { ...auth, schema: { querystring: bidListQuerySchema } },
    async (r) => table(await trade.bidList(uid(r), r.query)),
  )

  // receiving roles
  app.get(TRADE_PATHS.roleList, auth, async (r) => ok(await trade.roleList(uid(r))))
  app.post<{ Body: SaveRoleBody }>(
    TRADE_PATHS.roleSave,
    { ...auth, schema: { body: saveRoleBodySchema } },
    async (r) => ok(await trade.roleSave(uid(r), r.body), '保存成功'),
  )
  app.post<{ Body: { roleId: number } }>(
    TRADE_PATHS.roleRemove,
    { ...auth, schema: { body: roleIdBodySchema } },
    async (r) => {
      await trade.roleRemove(uid(r), r.body.roleId)
      return ok(undefined, '删除成功')
    },
  )

  // orders
  app.post<{ Body: CreateOrderBody }>(
    TRADE_PATHS.orderCreate,
    { ...auth, schema: { body: createOrderBodySchema } },
    async (r) => ok(await trade.createOrder(uid(r), r.body), '下单成功'),
  )
  app.get<OrderParams>(
    TRADE_PATHS.orderDetail,
    { ...auth, schema: { params: orderNoParamsSchema } },
    async (r) => ok(await trade.detail(uid(r), r.params.orderNo)),
  )
  app.get<{ Querystring: OrderListQuery }>(
    TRADE_PATHS.buyOrders,
    { ...auth, schema: { querystring: orderListQuerySchema } },
    async (r) => table(await trade.list('buyer', uid(r), r.query)),
  )
  app.get<{ Querystring: OrderListQuery }>(
    TRADE_PATHS.sellOrders,
    { ...auth, schema: { querystring: orderListQuerySchema } },
    async (r) => table(await trade.list('seller', uid(r), r.query)),
  )
  app.post<{ Body: OrderListQuery }>(
    TRADE_PATHS.sellOrdersExport,
    { ...auth, schema: { body: orderListQuerySchema } },
    async (r) => ok(await trade.exportSellOrders(uid(r), r.body ?? {}), '导出成功'),
  )
  app.post<{ Body: PayOrderBody }>(
    TRADE_PATHS.orderPay,
    { ...auth, schema: { body: payOrderBodySchema } },
    async (r) => ok(await trade.pay(uid(r), r.body.orderNo, r.body.payPassword), '支付成功'),
  )
  app.post<{ Body: OrderNoBody }>(
    TRADE_PATHS.orderCancel,
    { ...auth, schema: { body: orderNoBodySchema } },
    async (r) => ok(await trade.cancel(uid(r), r.body.orderNo), '订单已取消'),
  )
  app.post<{ Body: OrderNoBody }>(
    TRADE_PATHS.orderStartDelivery,
    { ...auth, schema: { body: orderNoBodySchema } },
    async (r) => ok(await trade.startDelivery(uid(r), r.body.orderNo), '已开始交付'),
  )
  app.get<OrderParams>(
    TRADE_PATHS.orderDeliveryForm,
    { ...auth, schema: { params: orderNoParamsSchema } },
    async (r) => ok(await trade.deliveryForm(uid(r), r.params.orderNo)),
  )
  app.post<{ Body: DeliverBody }>(
    TRADE_PATHS.orderDeliver,
    { ...auth, schema: { body: deliverBodySchema } },
    async (r) => ok(await trade.deliver(uid(r), r.body.orderNo, r.body.fields), '交付成功'),
  )
  app.post<{ Body: DeliverBody }>(
    TRADE_PATHS.orderCorrectDelivery,
    { ...auth, schema: { body: deliverBodySchema } },
    async (r) => ok(await trade.correctDelivery(uid(r), r.body.orderNo, r.body.fields), '交付信息已修改'),
  )
  app.get<OrderParams>(
    TRADE_PATHS.orderCredentials,
    { ...auth, schema: { params: orderNoParamsSchema } },
    async (r) => ok(await trade.credentials(uid(r), r.params.orderNo, r.ip)),
  )
  app.post<{ Body: ConfirmOrderBody }>(
    TRADE_PATHS.orderConfirm,
    { ...auth, schema: { body: confirmOrderBodySchema } },
    async (r) => ok(await trade.confirm(uid(r), r.body.orderNo, r.body.payPassword), '已确认收货'),
  )
  app.post<{ Body: DisputeBody }>(
    TRADE_PATHS.orderDispute,
    { ...auth, schema: { body: disputeBodySchema } },
    async (r) => {
      const order = await trade.dispute(uid(r), r.body.orderNo, r.body.reason)
      await warrant.system(r.body.orderNo, `订单进入仲裁：${r.body.reason.trim()}`)
      return ok(order, '已提交纠纷，订单进入仲裁')
    },
  )

  // guaranteed-order rooms
  app.get(TRADE_PATHS.warrantRooms, auth, async (r) => {
    const userId = uid(r)
    return ok(await warrant.rooms(userId, await warrant.isStaff(userId)))
  })
  app.get<OrderParams>(
    TRADE_PATHS.warrantMessages,
    { ...auth, schema: { params: orderNoParamsSchema } },
    async (r) => ok(await warrant.messages(uid(r), r.params.orderNo)),
  )
  app.post<{ Body: PostWarrantMessageBody }>(
    TRADE_PATHS.warrantPost,
    { ...auth, schema: { body: postWarrantMessageBodySchema } },
    async (r) => ok(await warrant.post(uid(r), r.body), '发送成功'),
  )
  app.post<{ Body: RuleBody }>(
    TRADE_PATHS.warrantRule,
    { ...auth, schema: { body: ruleBodySchema } },
    async (r) => {
      const text = await trade.rule(uid(r), r.body)
      await warrant.system(r.body.orderNo, text)
      return ok(undefined, '裁决已生效')
    },
  )
  app.get<{ Querystring: DisputeListQuery }>(
    TRADE_PATHS.warrantDisputes,
    { ...auth, schema: { querystring: disputeListQuerySchema } },
    async (r) => table(await warrant.disputes(uid(r), r.query)),
  )
  app.get<OrderParams>(
    TRADE_PATHS.warrantDispute,
    { ...auth, schema: { params: orderNoParamsSchema } },
    async (r) => ok(await warrant.dispute(uid(r), r.params.orderNo)),
  )

  // price records (public)
  app.get<{ Querystring: PriceRecordQuery }>(
    TRADE_PATHS.priceRecords,
    { schema: { querystring: priceRecordQuerySchema } },
    async (r) => ok(await trade.priceRecords(r.query)),
  )
}
