/**
 * The trading contract (issue: trading): bids, orders, delivery, guaranteed-order rooms, receiving
 * roles, wallet and ledger, top-ups through a payment gateway, withdrawals, price records.
 * Money is integer fen everywhere; times are epoch ms.
 */
import type { PageQuery } from './envelope'
import type { GoodsType, TransferField } from './goods'
import type { PayeeKind, StoredPayeeKind } from '../rules/payee-account'

// ---------------------------------------------------------------- bids (出价 / 还价)
/** PENDING: waiting for the seller; COUNTERED: waiting for the buyer; ACCEPTED: an order exists */
export type BidStatus = 'PENDING' | 'COUNTERED' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED' | 'CANCELLED'

export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  PENDING: '待卖家处理',
  COUNTERED: '卖家已还价',
  ACCEPTED: '已成交',
  REJECTED: '已拒绝',
  EXPIRED: '已过期',
  CANCELLED: '已撤销',
}

export interface Bid {
  bidId: number
  goodsId: number
  goodsTitle: string
  /** asking price of the listing when the bid was made, fen */
  askPrice: number
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  /** the buyer's offer, fen */
  price: number
  /** the seller's counter-offer, fen */
  counterPrice: number | null
  status: BidStatus
  expiresAt: number
  createdAt: number
  updatedAt: number
  /** the order created on acceptance */
  orderNo: string | null
}

export interface CreateBidBody {
  goodsId: number
  price: number
  /** default 24 */
  expiresInHours?: number
}
export interface BidIdBody {
  bidId: number
}
export interface CounterBidBody {
  bidId: number
  price: number
}
export interface BidListQuery extends PageQuery {
  role: 'buyer' | 'seller'
  goodsId?: number
  status?: BidStatus
}

// ---------------------------------------------------------------- orders
export type OrderStatus =
  | 'UNPAID'
  | 'PAID'
  | 'DELIVERING'
  | 'TO_CONFIRM'
  | 'COMPLETED'
  | 'SETTLED'
  | 'CANCELLED'
  | 'REFUNDING'
  | 'REFUNDED'
  | 'ARBITRATING'

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

export interface SaveRoleBody {
  roleId?: number
  gameId: number
  serverId?: number
  roleName: string
  gameRoleId: string
  isDefault?: boolean
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
  /** fen, unitPrice × quantity */
  amount: number
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

export interface CreateOrderBody {
  goodsId: number
  quantity: number
  roleId?: number
}
export interface OrderNoBody {
  orderNo: string
}
export interface PayOrderBody {
  orderNo: string
  /** RSA ciphertext of the payment password (like the login password) */
  payPassword: string
}
/** Confirming receipt releases escrow toward the seller: it asks for the payment password like paying. */
export type ConfirmOrderBody = PayOrderBody
export interface DeliverBody {
  orderNo: string
  /** the transfer-collect fields (getGameTransferCollectConfig); defaults come from the delivery account */
  fields: Record<string, string>
}
export interface DisputeBody {
  orderNo: string
  reason: string
}
export interface OrderListQuery extends PageQuery {
  status?: OrderStatus
  keyword?: string
}

/** The seller's transfer form of an order (TRADE_PATHS.orderDeliveryForm). */
export interface DeliveryForm {
  fields: TransferField[]
  /** defaults from the listing's delivery account, or (correcting) what was delivered; in clear (the seller's own data) */
  values: Record<string, string>
  /** true after delivery: submitting corrects the hand-over (TRADE_PATHS.orderCorrectDelivery) */
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

// ---------------------------------------------------------------- guaranteed-order rooms (担保)
export interface WarrantRoom {
  orderNo: string
  goodsTitle: string
  /** the order amount, fen (what a ruling divides between buyer and seller) */
  amount: number
  status: OrderStatus
  buyerName: string
  sellerName: string
  lastMessageAt: number | null
  unread: number
}

export interface WarrantMessage {
  messageId: number
  orderNo: string
  senderId: number
  senderName: string
  senderRole: 'buyer' | 'seller' | 'staff' | 'system'
  content: string
  imageUrls: string[]
  createdAt: number
}

export interface PostWarrantMessageBody {
  orderNo: string
  content: string
  /** evidence images from the image upload */
  imageIds?: string[]
}
/**
 * A staff ruling divides the escrow: `refundAmount` fen back to the buyer, the rest settled to the
 * seller. RELEASE is refund 0, REFUND is refund everything, SPLIT names the refund (0 ≤ refund ≤
 * amount). The decision has no default: staff choose it, with a written reason both parties read.
 */
export type RulingDecision = 'RELEASE' | 'REFUND' | 'SPLIT'
export const RULING_DECISION_LABELS: Record<RulingDecision, string> = {
  RELEASE: '放款给卖家',
  REFUND: '退款给买家',
  SPLIT: '部分退款',
}
export const RULING_LIMITS = { reasonMax: 500 } as const
export interface RuleBody {
  orderNo: string
  decision: RulingDecision
  /** fen back to the buyer; required for SPLIT, and if given for RELEASE / REFUND it must be 0 / the amount */
  refundAmount?: number
  /** the written reason (non-blank, at most RULING_LIMITS.reasonMax characters) */
  reason: string
}

/** OPEN: waiting for staff; RULED: decided (the record stays, with its ruling). */
export type DisputeState = 'OPEN' | 'RULED'
export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = { OPEN: '待裁决', RULED: '已裁决' }

export interface DisputeRuling {
  decision: RulingDecision
  /** fen back to the buyer */
  refundAmount: number
  /** fen settled to the seller; refundAmount + settleAmount = the order amount */
  settleAmount: number
  reason: string
  ruledAt: number
  /** the staff member's name; null for rulings recorded before disputes were kept */
  ruledByName: string | null
}

/** A dispute of an order, open or ruled (TRADE_PATHS.warrantDisputes / warrantDispute). */
export interface Dispute {
  disputeId: number
  orderNo: string
  goodsTitle: string
  /** the order amount, fen */
  amount: number
  buyerName: string
  sellerName: string
  /** the order's state now */
  orderStatus: OrderStatus
  state: DisputeState
  /** who opened it; null for disputes recorded before disputes were kept */
  openedBy: 'buyer' | 'seller' | null
  openedByName: string | null
  openedAt: number
  reason: string
  /** the order state the dispute froze */
  fromStatus: OrderStatus
  ruling: DisputeRuling | null
}

export interface DisputeListQuery extends PageQuery {
  state?: DisputeState
  orderNo?: string
}

// ---------------------------------------------------------------- funds
export interface Wallet {
  /** fen */
  available: number
  frozen: number
  /** money of my paid orders held in escrow (buyer side) */
  inEscrowAsBuyer: number
  /** money of my sold orders waiting for settlement (seller side) */
  pendingSettlement: number
  hasPayPassword: boolean
  payLockedUntil: number | null
}

export type LedgerType =
  | 'TOPUP'
  | 'ORDER_PAY'
  | 'ORDER_REFUND'
  | 'SETTLEMENT'
  | 'WITHDRAW_FREEZE'
  | 'WITHDRAW_DONE'
  | 'WITHDRAW_RETURN'

export const LEDGER_TYPE_LABELS: Record<LedgerType, string> = {
  TOPUP: '充值',
  ORDER_PAY: '订单支付',
  ORDER_REFUND: '订单退款',
  SETTLEMENT: '货款结算',
  WITHDRAW_FREEZE: '提现冻结',
  WITHDRAW_DONE: '提现成功',
  WITHDRAW_RETURN: '提现退回',
}

export interface LedgerEntry {
  ledgerId: number
  type: LedgerType
  /** signed change of the available balance, fen */
  amount: number
  /** signed change of the frozen balance, fen */
  frozenAmount: number
  availableAfter: number
  frozenAfter: number
  orderNo: string | null
  topupNo: string | null
  withdrawNo: string | null
  remark: string
  createdAt: number
}

export interface LedgerQuery extends PageQuery {
  type?: LedgerType
  beginTime?: number
  endTime?: number
}

export interface SetPayPasswordBody {
  /** RSA ciphertext of the new 6-digit payment password */
  payPassword: string
  /** RSA ciphertext of the login password (proves who asks) */
  loginPassword: string
}

export type PayChannel = 'sandbox' | 'alipay' | 'wechat'

export interface CreateTopupBody {
  /** fen */
  amount: number
  channel: PayChannel
  /**
   * where the gateway sends the user back: a same-site path of an allowed page (rules/return-to.ts),
   * e.g. /buyer/pay.html?orderNo=… when the top-up started from an order; default the balance page
   */
  returnTo?: string
}

export interface TopupResult {
  topupNo: string
  /** where the user completes the payment (the gateway's page) */
  payUrl: string
  /** for QR-code channels */
  qrCode: string | null
}

export interface Topup {
  topupNo: string
  amount: number
  channel: PayChannel
  status: 'PENDING' | 'PAID' | 'FAILED' | 'CLOSED'
  createdAt: number
  paidAt: number | null
}

export interface CreateWithdrawBody {
  amount: number
  /** a bank card (16–19 digits, Luhn) or an Alipay account (mainland mobile or e-mail): rules/payee-account.ts */
  accountKind: PayeeKind
  /** where the money goes */
  account: string
  payPassword: string
}

export interface Withdrawal {
  withdrawNo: string
  userId: number
  userName: string
  amount: number
  accountKind: StoredPayeeKind
  /** the payee account, masked (**** **** **** 1234, 138****8000, w***@example.com) */
  account: string
  /** the full payee account: only in the staff list (all=true), who pay it out */
  fullAccount?: string
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  /** why staff rejected it ('' unless REJECTED) */
  rejectReason: string
  createdAt: number
  decidedAt: number | null
}

export interface DecideWithdrawBody {
  withdrawNo: string
  approve: boolean
  /** required when rejecting (non-blank, at most 100 characters): the user sees it */
  reason?: string
}

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

export interface PriceRecordQuery extends PageQuery {
  gameId: number
  goodsType?: GoodsType
  /** days back, default 30 */
  days?: number
}

export interface PriceRecords {
  series: PricePoint[]
  rows: DealRecord[]
  total: number
}

/** Paths of trading and funds, relative to /api. */
export const TRADE_PATHS = {
  bidCreate: '/trade/bid/create',
  bidAccept: '/trade/bid/accept',
  bidReject: '/trade/bid/reject',
  bidCounter: '/trade/bid/counter',
  bidCancel: '/trade/bid/cancel',
  bidList: '/trade/bid/list',

  roleList: '/trade/role/list',
  roleSave: '/trade/role/save',
  roleRemove: '/trade/role/remove',

  orderCreate: '/trade/order/create',
  orderDetail: '/trade/order/detail/:orderNo',
  buyOrders: '/trade/order/buyList',
  sellOrders: '/trade/order/sellList',
  orderPay: '/trade/order/pay',
  orderCancel: '/trade/order/cancel',
  orderStartDelivery: '/trade/order/startDelivery',
  orderDeliver: '/trade/order/deliver',
  /** the seller's transfer form: the game's fields and defaults from the delivery account (DeliveryForm) */
  orderDeliveryForm: '/trade/order/deliveryForm/:orderNo',
  orderCredentials: '/trade/order/credentials/:orderNo',
  orderConfirm: '/trade/order/confirm',
  orderCorrectDelivery: '/trade/order/correctDelivery',
  orderDispute: '/trade/order/dispute',
  /** a CSV of my sold orders (download it with its fileName, like every export) */
  sellOrdersExport: '/trade/order/sellExport',

  warrantRooms: '/trade/warrant/rooms',
  warrantMessages: '/trade/warrant/messages/:orderNo',
  warrantPost: '/trade/warrant/message',
  warrantRule: '/trade/warrant/rule',
  /** staff: disputes, open and ruled (history), paged, filtered by state (TableResult<Dispute>) */
  warrantDisputes: '/trade/warrant/disputes',
  /** an order's latest dispute with its ruling, for its parties and staff (Dispute | null) */
  warrantDispute: '/trade/warrant/dispute/:orderNo',

  wallet: '/funds/wallet',
  ledger: '/funds/ledger',
  /** a CSV of my ledger, with the ledger page's filters */
  ledgerExport: '/funds/ledger/export',
  payPassword: '/funds/payPassword',
  topupCreate: '/funds/topup/create',
  topupDetail: '/funds/topup/detail/:topupNo',
  withdrawCreate: '/funds/withdraw/create',
  withdrawList: '/funds/withdraw/list',
  withdrawDecide: '/funds/admin/withdraw/decide',

  /** the built-in sandbox gateway: its own page plays the provider (pay / fail) */
  sandboxCheckout: '/pay/sandbox/checkout',
  sandboxAct: '/pay/sandbox/act',
  /** signed asynchronous notifications, one path per channel */
  payNotify: '/pay/notify/:channel',

  priceRecords: '/trade/record/prices',
} as const
