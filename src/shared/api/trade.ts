/**
 * Long because it is the domain's one list of endpoint declarations, public and staff (ORDER_STAFF):
 * a list, not logic (docs/api-conventions.md).
 *
 * Trading: orders (reserve → pay into escrow → deliver → confirm → settle after the protection
 * period), the buyer's receiving roles, the public price records of finished deals and the staff's
 * order management (ORDER_STAFF). Bids are in
 * bid.ts, guaranteed-order rooms and disputes in warrant.ts, wallets and money in funds.ts. Money is
 * integer fen everywhere; times are epoch ms (docs/trading-rules.md).
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import {
  Type,
  bool,
  cipherText,
  id,
  int,
  oneOf,
  optional,
  paging,
  pattern,
  strict,
  text,
  textMap,
} from './fields'
import type { TransferField } from './game'
import type { GoodsType } from './goods'
import type { ExportResult } from './common'
import { PAY_SCENES } from './pay'
import type { LedgerEntry } from './funds'
import type { Dispute } from './warrant'

// ---------------------------------------------------------------- orders
export const ORDER_STATUSES = [
  'UNPAID',
  'PAID',
  'DELIVERING',
  'TO_CONFIRM',
  'COMPLETED',
  'SETTLED',
  'CANCELLED',
  'REFUNDING',
  'REFUNDED',
  'ARBITRATING',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  UNPAID: '待支付',
  PAID: '已支付/待发货',
  DELIVERING: '交付中',
  TO_CONFIRM: '待确认',
  COMPLETED: '已完成',
  SETTLED: '已结算',
  CANCELLED: '已取消',
  REFUNDING: '退款中',
  REFUNDED: '已退款',
  ARBITRATING: '仲裁中',
}

export const TRADE_RULES = {
  /** unpaid orders cancel themselves and release the listing */
  payTimeoutMs: 15 * 60 * 1000,
  /** a paid order the seller has not started may be cancelled by the buyer with a full refund */
  sellerStartTimeoutMs: 48 * 60 * 60 * 1000,
  /** delivered orders complete by themselves */
  autoConfirmMs: 72 * 60 * 60 * 1000,
  /** default protection period when the game sets none */
  defaultProtectionDays: 7,
  bidDefaultHours: 24,
  bidMaxHours: 72,
  payPasswordMaxFailures: 5,
  payPasswordLockMs: 30 * 60 * 1000,
} as const

/**
 * The one wording of the protection period (防找回保护期), wherever it is shown: detail page, publish
 * tips, the order and its messages. Every order of a game carries the game's period (its config),
 * TRADE_RULES.defaultProtectionDays when the game sets none.
 */
export const protectionNote = (days: number) =>
  days > 0 ? `确认收货后由平台继续冻结 ${days} 天（防找回保护期），期满结算给卖家` : '确认收货后结算给卖家'

export interface ReceivingRole {
  roleId: number
  gameId: number
  gameName: string
  serverId: number | null
  serverName: string | null
  roleName: string
  /** the in-game role id */
  gameRoleId: string
  isDefault: boolean
}

export interface Order {
  orderNo: string
  goodsId: number
  goodsTitle: string
  goodsType: GoodsType
  gameId: number
  gameName: string
  coverUrl: string | null
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  /** fen */
  unitPrice: number
  quantity: number
  /** fen, unitPrice × quantity, plus protectionFee */
  amount: number
  /** fen: the 额外包赔 the buyer added at checkout, part of amount (docs/recovery-protection.md) */
  protectionFee: number
  status: OrderStatus
  /** receiving role for coins/items */
  role: ReceivingRole | null
  bidId: number | null
  createdAt: number
  paidAt: number | null
  deliveryStartedAt: number | null
  deliveredAt: number | null
  completedAt: number | null
  settledAt: number | null
  cancelledAt: number | null
  /** the next deadline of the current state (pay / seller start / auto-confirm / settlement), or null */
  deadlineAt: number | null
  /** what happens at deadlineAt, in Chinese (e.g. 超时未支付将自动取消) */
  deadlineAction: string | null
  /** the status before a dispute froze the order */
  disputedFrom: OrderStatus | null
  /** days the money stays frozen after confirmation (the game's protection period at ordering) */
  protectionDays: number
  /** the seller chose automatic delivery: the credentials were handed over at payment */
  autoDelivered: boolean
  /** the seller corrected the delivered information (each correction is announced) */
  deliveryCorrections: number
  /** the caller's side */
  myRole: 'buyer' | 'seller' | 'staff'
  /** actions the caller may take now */
  actions: OrderAction[]
}

export type OrderAction =
  | 'pay'
  | 'cancel'
  | 'startDelivery'
  | 'deliver'
  | 'correctDelivery'
  | 'viewCredentials'
  | 'confirm'
  | 'dispute'

/** The seller's transfer form of an order (ORDER.deliveryForm). */
export interface DeliveryForm {
  fields: TransferField[]
  /** defaults from the listing's delivery account, or (correcting) what was delivered; in clear (the seller's own data) */
  values: Record<string, string>
  /** true after delivery: submitting corrects the hand-over (ORDER.correctDelivery) */
  correcting: boolean
}

export interface DeliveredCredentials {
  orderNo: string
  fields: Array<{ key: string; label: string; value: string }>
  /** the last hand-over (a correction restarts the time to confirm) */
  deliveredAt: number
  /** handed over by the platform at payment from the listing's delivery account */
  automatic: boolean
  /** the seller's corrections, oldest first: when and which fields (never the old values) */
  corrections: Array<{ at: number; fields: string }>
}

/** An order number in a body, a query or a path. */
export const orderNoField = () => pattern('订单号', '^[A-Za-z0-9]+$', 40)
const orderNoBody = strict({ orderNo: orderNoField() })
const orderNoParams = strict({ orderNo: orderNoField() })
/** the payment password travels as RSA ciphertext (like the login password) */
const payBody = strict({ orderNo: orderNoField(), payPassword: cipherText('支付密码') })
/** the transfer-collect fields (the game's transfer config); defaults come from the delivery account */
const deliverBody = strict({ orderNo: orderNoField(), fields: textMap('交付信息', 20, 500) })
const orderListQuery = strict({
  ...paging(),
  status: optional(oneOf('订单状态', ORDER_STATUSES)),
  keyword: optional(text('关键词', 60, 0)),
})

export const ORDER = {
  create: endpoint({
    method: 'POST',
    path: '/trade/order/create',
    access: 'user',
    body: strict({
      goodsId: id('商品编号'),
      quantity: int('购买数量', 1, 100_000),
      roleId: optional(id('收货角色')),
    }),
    answer: data<Order>(),
  }),
  /** the order as the caller sees it (its buyer, its seller, or staff once paid); 404 for anyone else */
  detail: endpoint({
    method: 'GET',
    path: '/trade/order/detail/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<Order>(),
  }),
  buyList: endpoint({
    method: 'GET',
    path: '/trade/order/buyList',
    access: 'user',
    query: orderListQuery,
    answer: page<Order>(),
  }),
  sellList: endpoint({
    method: 'GET',
    path: '/trade/order/sellList',
    access: 'user',
    query: orderListQuery,
    answer: page<Order>(),
  }),
  /** a CSV of my sold orders with the list's filters (download it with its fileName, like every export) */
  sellExport: endpoint({
    method: 'POST',
    path: '/trade/order/sellExport',
    access: 'user',
    body: orderListQuery,
    answer: data<ExportResult>(),
  }),
  /** pays from the balance into escrow (automatic delivery hands the account over at once) */
  pay: endpoint({
    method: 'POST',
    path: '/trade/order/pay',
    access: 'user',
    body: payBody,
    answer: data<Order>(),
  }),
  /**
   * pays through 支付宝 or 微信支付 (docs/payments.md, "Paying an order"): a top-up of what the balance
   * does not cover (all of it without useBalance) that pays the order once the provider's payment is
   * credited; the balance part needs the payment password
   */
  payChannel: endpoint({
    method: 'POST',
    path: '/trade/order/payChannel',
    access: 'user',
    body: strict({
      orderNo: orderNoField(),
      channel: oneOf('支付方式', ['alipay', 'wechat'] as const),
      scene: optional(oneOf('支付场景', PAY_SCENES)),
      /** balance first, the rest through the channel */
      useBalance: optional(bool('使用余额')),
      payPassword: optional(cipherText('支付密码')),
    }),
    answer: data<OrderChannelPayment>(),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/trade/order/cancel',
    access: 'user',
    body: orderNoBody,
    answer: data<Order>(),
  }),
  /** 催发货: the buyer of a paid, undelivered order reminds the seller (once per ORDER_REMIND_HOURS; 429 says how long to wait) */
  remind: endpoint({
    method: 'POST',
    path: '/trade/order/remind',
    access: 'user',
    body: orderNoBody,
    answer: data<OrderReminder>(),
  }),
  /** the order's cancellation request (buyer, seller or staff); null: none */
  cancelRequestOf: endpoint({
    method: 'GET',
    path: '/trade/order/cancelRequest/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<OrderCancelRequest | null>(),
  }),
  /** the buyer of a paid, undelivered order asks to cancel (the seller agrees or refuses) */
  requestCancel: endpoint({
    method: 'POST',
    path: '/trade/order/requestCancel',
    access: 'user',
    body: strict({ orderNo: orderNoField(), reason: text('取消原因', 200) }),
    answer: data<OrderCancelRequest>(),
  }),
  /** the seller's answer: agree (full refund) or refuse with a reason */
  answerCancel: endpoint({
    method: 'POST',
    path: '/trade/order/answerCancel',
    access: 'user',
    body: strict({
      orderNo: orderNoField(),
      agree: bool('是否同意'),
      reason: optional(text('拒绝原因', 200, 0)),
    }),
    answer: data<OrderCancelRequest>(),
  }),
  startDelivery: endpoint({
    method: 'POST',
    path: '/trade/order/startDelivery',
    access: 'user',
    body: orderNoBody,
    answer: data<Order>(),
  }),
  /** the seller's transfer form: the game's fields and defaults from the delivery account */
  deliveryForm: endpoint({
    method: 'GET',
    path: '/trade/order/deliveryForm/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<DeliveryForm>(),
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/trade/order/deliver',
    access: 'user',
    body: deliverBody,
    answer: data<Order>(),
  }),
  /** corrects what was delivered, until the buyer confirms (the buyer is told) */
  correctDelivery: endpoint({
    method: 'POST',
    path: '/trade/order/correctDelivery',
    access: 'user',
    body: deliverBody,
    answer: data<Order>(),
  }),
  /** the delivered credentials, to the buyer only (every view is logged) */
  credentials: endpoint({
    method: 'GET',
    path: '/trade/order/credentials/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<DeliveredCredentials>(),
  }),
  /** confirming receipt releases escrow toward the seller: it asks for the payment password like paying */
  confirm: endpoint({
    method: 'POST',
    path: '/trade/order/confirm',
    access: 'user',
    body: payBody,
    answer: data<Order>(),
  }),
}

/** the seller answers a buyer's cancellation request within this many hours (then it is overdue) */
export const ORDER_CANCEL_ANSWER_HOURS = 24

export interface OrderCancelRequest {
  /** ESCALATED: unanswered past answerBy, handed to staff (纠纷仲裁) by itself */
  status: 'PENDING' | 'AGREED' | 'REFUSED' | 'ESCALATED'
  reason: string
  requestedAt: number
  /** the seller should answer by then */
  answerBy: number
  /** pending past answerBy */
  overdue: boolean
  /** the seller's reason when refused */
  refusal: string | null
}

/** a buyer may remind the seller of an order once in this many hours (催发货) */
export const ORDER_REMIND_HOURS = 6

export interface OrderReminder {
  remindedAt: number
  /** the next reminder is accepted from then */
  nextAt: number
}

export type CreateOrderBody = BodyOf<typeof ORDER.create>
export type PayOrderBody = BodyOf<typeof ORDER.pay>
export type PayOrderChannelBody = BodyOf<typeof ORDER.payChannel>

/** Where the buyer pays the channel part of an order (the top-up that pays it once credited). */
export interface OrderChannelPayment {
  topupNo: string
  /** fen through the channel */
  channelAmount: number
  /** fen from the balance (0 without useBalance) */
  balanceAmount: number
  payUrl: string
  qrCode: string | null
}
export type ConfirmOrderBody = BodyOf<typeof ORDER.confirm>
export type DeliverBody = BodyOf<typeof ORDER.deliver>
export type OrderListQuery = QueryOf<typeof ORDER.buyList>

// ---------------------------------------------------------------- receiving roles
export const ROLE = {
  list: endpoint({
    method: 'GET',
    path: '/trade/role/list',
    access: 'user',
    answer: data<ReceivingRole[]>(),
  }),
  /** adds a role (no roleId) or edits one of mine */
  save: endpoint({
    method: 'POST',
    path: '/trade/role/save',
    access: 'user',
    body: strict({
      roleId: optional(id('角色编号')),
      gameId: id('游戏编号'),
      serverId: optional(id('区服编号')),
      roleName: text('角色名', 32),
      gameRoleId: text('角色ID', 64),
      isDefault: optional(bool('默认角色')),
    }),
    answer: data<ReceivingRole>(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/trade/role/remove',
    access: 'user',
    body: strict({ roleId: id('角色编号') }),
    answer: none(),
  }),
}

export type SaveRoleBody = BodyOf<typeof ROLE.save>

// ---------------------------------------------------------------- price records
export interface PricePoint {
  /** YYYY-MM-DD, China time */
  day: string
  deals: number
  avg: number
  min: number
  max: number
}

export interface DealRecord {
  orderNo: string
  gameName: string
  goodsType: GoodsType
  title: string
  amount: number
  completedAt: number
}

export interface PriceRecords {
  series: PricePoint[]
  rows: DealRecord[]
  total: number
}

const GOODS_TYPES = ['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE'] as const satisfies readonly GoodsType[]

export const PRICE_RECORD = {
  /** public: the daily deal prices of a game (and goods type) over the last `days`, and the deals paged */
  prices: endpoint({
    method: 'GET',
    path: '/trade/record/prices',
    access: 'public',
    query: strict({
      ...paging(),
      gameId: id('游戏编号'),
      goodsType: optional(oneOf('商品类型', GOODS_TYPES)),
      /** days back, default 30 */
      days: optional(int('天数', 1, 365)),
    }),
    answer: data<PriceRecords>(),
  }),
}

export type PriceRecordQuery = QueryOf<typeof PRICE_RECORD.prices>

// ------------------------------------------------------------------ staff: 订单管理 (docs/console.md)

/** An order as the console's table lists it. */
export interface StaffOrder {
  orderNo: string
  title: string
  gameId: number
  gameName: string
  goodsType: string
  /** fen */
  amount: number
  status: OrderStatus
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  createdAt: number
  paidAt: number | null
  /** how many staff notes the order has */
  notes: number
}

export type OrderTimelineKind = 'STATE' | 'EVENT' | 'DISPUTE' | 'MESSAGE'

/** One line of an order's history, oldest first. */
export interface OrderTimelineItem {
  at: number
  kind: OrderTimelineKind
  /** 下单, 支付, 卖家交付… or the message's sender */
  title: string
  detail: string
}

/** A ledger row of the order, with whose wallet it moved. */
export interface StaffOrderLedger extends LedgerEntry {
  userId: number
  userName: string
}

export interface StaffOrderNote {
  noteId: number
  staffId: number
  staffName: string
  content: string
  createdAt: number
}

/** The delivery, masked: which fields were handed over, never their values. */
export interface StaffOrderDelivery {
  autoDelivered: boolean
  corrections: number
  deliveredAt: number | null
  /** the handed-over fields' labels, each value shown as ****** */
  fields: Array<{ label: string; value: string }>
  /** how many times the buyer opened the credentials */
  views: number
}

export interface StaffOrderDetail extends StaffOrder {
  goodsId: number
  unitPrice: number
  quantity: number
  /** money of the order the platform still holds, fen */
  escrowAmount: number
  protectionDays: number
  disputeReason: string | null
  timeline: OrderTimelineItem[]
  ledger: StaffOrderLedger[]
  delivery: StaffOrderDelivery | null
  dispute: Dispute | null
  noteList: StaffOrderNote[]
}

export const ORDER_NOTE_MAX = 500

const timeBound = (title: string) => int(title, 0, 8_640_000_000_000_000)

export const ORDER_STAFF = {
  /** every order (UNPAID included), newest first */
  list: endpoint({
    method: 'GET',
    path: '/console/order/list',
    access: 'user',
    permission: PERMS.orderList,
    query: strict({
      ...paging(),
      orderNo: optional(text('订单号', 40)),
      /** a user name, a nick name or a user id */
      buyer: optional(text('买家', 64)),
      seller: optional(text('卖家', 64)),
      gameId: optional(id('游戏编号')),
      status: optional(oneOf('订单状态', ORDER_STATUSES)),
      beginTime: optional(timeBound('开始时间')),
      endTime: optional(timeBound('结束时间')),
    }),
    answer: page<StaffOrder>(),
  }),
  /** read-only: amounts, timeline, ledger rows, masked delivery, dispute, staff notes */
  detail: endpoint({
    method: 'GET',
    path: '/console/order/detail/:orderNo',
    access: 'user',
    permission: PERMS.orderList,
    params: strict({ orderNo: orderNoField() }),
    answer: data<StaffOrderDetail>(),
  }),
  notes: endpoint({
    method: 'GET',
    path: '/console/order/notes/:orderNo',
    access: 'user',
    permission: PERMS.orderList,
    params: strict({ orderNo: orderNoField() }),
    answer: data<StaffOrderNote[]>(),
  }),
  /** a staff note on the order (never shown to its parties) */
  addNote: endpoint({
    method: 'POST',
    path: '/console/order/note',
    access: 'user',
    permission: PERMS.orderNote,
    body: strict({
      orderNo: orderNoField(),
      content: Type.String({ title: '备注内容', minLength: 1, maxLength: ORDER_NOTE_MAX, pattern: '\\S' }),
    }),
    answer: data<StaffOrderNote>(),
  }),
}

export type StaffOrderQuery = QueryOf<typeof ORDER_STAFF.list>
export type AddOrderNoteBody = BodyOf<typeof ORDER_STAFF.addNote>
