/**
 * Trading (issue 4): bids, receiving roles, orders, delivery, guaranteed-order rooms, price records.
 * Paths and types come from the shared contract; money is integer fen; every call leaves its
 * business errors to the caller unless it says otherwise, so pages show the server's own message.
 */
import type { ApiResult, TableResult } from '@shared/api/envelope'
import type { ExportResult } from '@shared/api/live'
import {
  TRADE_PATHS,
  type Bid,
  type BidListQuery,
  type CreateBidBody,
  type CreateOrderBody,
  type DeliveredCredentials,
  type DeliveryForm,
  type Dispute,
  type DisputeBody,
  type DisputeListQuery,
  type Order,
  type OrderListQuery,
  type PostWarrantMessageBody,
  type PriceRecordQuery,
  type PriceRecords,
  type ReceivingRole,
  type RuleBody,
  type SaveRoleBody,
  type WarrantMessage,
  type WarrantRoom,
} from '@shared/api/trade'
import { fillPath } from '@shared/api/paths'
import { http } from './http'
import { pageOf, type Page } from './goods'

const caller = { errors: 'caller' } as const

function dataOf<T>(res: ApiResult<T>, missing = '服务器未返回数据'): T {
  if (res.data === undefined || res.data === null) throw new Error(missing)
  return res.data
}

function listOf<T>(res: ApiResult<T[]> | T[]): T[] {
  if (Array.isArray(res)) return res
  if (Array.isArray(res.data)) return res.data
  const rows = (res as unknown as { rows?: T[] }).rows
  return Array.isArray(rows) ? rows : []
}

// ---------- bids ----------

export async function createBid(body: CreateBidBody): Promise<Bid> {
  return dataOf(await http.post<ApiResult<Bid>>(TRADE_PATHS.bidCreate, body, caller))
}
export async function acceptBid(bidId: number): Promise<Bid> {
  return dataOf(await http.post<ApiResult<Bid>>(TRADE_PATHS.bidAccept, { bidId }, caller))
}
export async function rejectBid(bidId: number): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.bidReject, { bidId }, caller)
}
export async function counterBid(bidId: number, price: number): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.bidCounter, { bidId, price }, caller)
}
export async function cancelBid(bidId: number): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.bidCancel, { bidId }, caller)
}
export async function listBids(query: BidListQuery): Promise<Page<Bid>> {
  return pageOf(await http.get<TableResult<Bid>>(TRADE_PATHS.bidList, query, caller))
}

// ---------- receiving roles ----------

export async function listRoles(gameId?: number): Promise<ReceivingRole[]> {
  const res = await http.get<ApiResult<ReceivingRole[]>>(
    TRADE_PATHS.roleList,
    gameId ? { gameId } : undefined,
    caller,
  )
  return listOf(res)
}
export async function saveRole(body: SaveRoleBody): Promise<ReceivingRole> {
  return dataOf(await http.post<ApiResult<ReceivingRole>>(TRADE_PATHS.roleSave, body, caller))
}
export async function removeRole(roleId: number): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.roleRemove, { roleId }, caller)
}

// ---------- orders ----------

export async function createOrder(body: CreateOrderBody): Promise<Order> {
  return dataOf(await http.post<ApiResult<Order>>(TRADE_PATHS.orderCreate, body, caller))
}
export async function getOrder(orderNo: string): Promise<Order> {
  return dataOf(
    await http.get<ApiResult<Order>>(fillPath(TRADE_PATHS.orderDetail, { orderNo }), undefined, caller),
    '订单不存在',
  )
}
export async function listBuyOrders(query: OrderListQuery): Promise<Page<Order>> {
  return pageOf(await http.get<TableResult<Order>>(TRADE_PATHS.buyOrders, query, caller))
}
export async function listSellOrders(query: OrderListQuery): Promise<Page<Order>> {
  return pageOf(await http.get<TableResult<Order>>(TRADE_PATHS.sellOrders, query, caller))
}
/** my sold orders as a CSV on the server (download it with its fileName) */
export async function exportSellOrders(query: OrderListQuery = {}): Promise<ExportResult> {
  return dataOf(await http.post<ApiResult<ExportResult>>(TRADE_PATHS.sellOrdersExport, query), '导出失败')
}
/** payPassword: the RSA ciphertext */
export async function payOrder(orderNo: string, payPassword: string): Promise<Order | undefined> {
  return (await http.post<ApiResult<Order>>(TRADE_PATHS.orderPay, { orderNo, payPassword }, caller)).data
}
export async function cancelOrder(orderNo: string): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderCancel, { orderNo }, caller)
}
export async function startDelivery(orderNo: string): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderStartDelivery, { orderNo }, caller)
}
/** the seller's transfer form: the game's fields with defaults (delivery account, or what was delivered) */
export async function getDeliveryForm(orderNo: string): Promise<DeliveryForm> {
  const data = dataOf(
    await http.get<ApiResult<DeliveryForm>>(
      fillPath(TRADE_PATHS.orderDeliveryForm, { orderNo }),
      undefined,
      caller,
    ),
  )
  return {
    fields: Array.isArray(data.fields) ? data.fields : [],
    values: data.values ?? {},
    correcting: data.correcting === true,
  }
}
export async function deliverOrder(orderNo: string, fields: Record<string, string>): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderDeliver, { orderNo, fields }, caller)
}
/** corrects what was delivered, until the buyer confirms (the buyer is told) */
export async function correctDelivery(orderNo: string, fields: Record<string, string>): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderCorrectDelivery, { orderNo, fields }, caller)
}
export async function getCredentials(orderNo: string): Promise<DeliveredCredentials> {
  return dataOf(
    await http.get<ApiResult<DeliveredCredentials>>(
      fillPath(TRADE_PATHS.orderCredentials, { orderNo }),
      undefined,
      caller,
    ),
  )
}
/** `payPassword`: RSA ciphertext (confirming releases escrow toward the seller) */
export async function confirmOrder(orderNo: string, payPassword: string): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderConfirm, { orderNo, payPassword }, caller)
}
export async function disputeOrder(body: DisputeBody): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.orderDispute, body, caller)
}

// ---------- guaranteed-order rooms ----------

export async function listWarrantRooms(): Promise<WarrantRoom[]> {
  return listOf(await http.get<ApiResult<WarrantRoom[]>>(TRADE_PATHS.warrantRooms, undefined, caller))
}
export async function listWarrantMessages(orderNo: string): Promise<WarrantMessage[]> {
  return listOf(
    await http.get<ApiResult<WarrantMessage[]>>(
      fillPath(TRADE_PATHS.warrantMessages, { orderNo }),
      undefined,
      caller,
    ),
  )
}
export async function postWarrantMessage(body: PostWarrantMessageBody): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.warrantPost, body, caller)
}
export async function ruleWarrant(body: RuleBody): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.warrantRule, body, caller)
}
/** the order's latest dispute with its ruling (null: never disputed) */
export async function getOrderDispute(orderNo: string): Promise<Dispute | null> {
  const res = await http.get<ApiResult<Dispute | null>>(
    fillPath(TRADE_PATHS.warrantDispute, { orderNo }),
    undefined,
    caller,
  )
  return res.data ?? null
}
/** staff: disputes, open (the queue) or ruled (the history) */
export async function listDisputes(query: DisputeListQuery): Promise<Page<Dispute>> {
  return pageOf(await http.get<TableResult<Dispute>>(TRADE_PATHS.warrantDisputes, query, caller))
}

// ---------- price records (public) ----------

export async function getPriceRecords(query: PriceRecordQuery): Promise<PriceRecords> {
  const res = await http.get<ApiResult<PriceRecords> & Partial<PriceRecords>>(
    TRADE_PATHS.priceRecords,
    query,
    caller,
  )
  const data = res.data ?? res
  return {
    series: Array.isArray(data.series) ? data.series : [],
    rows: Array.isArray(data.rows) ? data.rows : [],
    total: Number(data.total ?? 0),
  }
}
