/**
 * JSON schemas of every trading and funds input (Fastify validates with them; see schemas.ts).
 * `title` is the Chinese field name used in validation messages. Money is integer fen; rules that
 * need the database (stock, balances, states, owners) are checked by the server's services.
 * Plain data: no Node, no DOM.
 */
import { pageQuerySchema } from './schemas'
import { PAYEE_ACCOUNT_MAX_LENGTH, PAYEE_KINDS } from '../rules/payee-account'
import { TOPUP_RETURN_MAX_LENGTH } from '../rules/return-to'
import { RULING_LIMITS, TRADE_RULES } from './trade'

const id = (title: string) => ({ type: 'integer', title, minimum: 1, maximum: 2_147_483_647 }) as const
const fen = (title: string) => ({ type: 'integer', title, minimum: 1, maximum: 100_000_000_000 }) as const
const text = (title: string, maxLength: number, minLength = 1) =>
  ({ type: 'string', title, minLength, maxLength }) as const
const orderNo = {
  type: 'string',
  title: '订单号',
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9]+$',
} as const
/** the longest reason staff may give when rejecting a withdrawal */
export const WITHDRAW_REJECT_REASON_MAX = 100
const cipherText = (title: string) => ({ type: 'string', title, minLength: 1, maxLength: 1024 }) as const

const ORDER_STATUSES = [
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
const BID_STATUSES = ['PENDING', 'COUNTERED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const
const LEDGER_TYPES = [
  'TOPUP',
  'ORDER_PAY',
  'ORDER_REFUND',
  'SETTLEMENT',
  'WITHDRAW_FREEZE',
  'WITHDRAW_DONE',
  'WITHDRAW_RETURN',
] as const
const GOODS_TYPES = ['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE'] as const

const body = <P extends Record<string, unknown>, R extends readonly string[]>(properties: P, required: R) =>
  ({ type: 'object', required, additionalProperties: false, properties }) as const

// ---------------------------------------------------------------- bids
export const createBidBodySchema = body(
  {
    goodsId: id('商品编号'),
    price: fen('出价'),
    // refused above the maximum (the message names it), never cut to it
    expiresInHours: {
      type: 'integer',
      title: '有效期（小时）',
      minimum: 1,
      maximum: TRADE_RULES.bidMaxHours,
    },
  },
  ['goodsId', 'price'],
)
export const bidIdBodySchema = body({ bidId: id('出价编号') }, ['bidId'])
export const counterBidBodySchema = body({ bidId: id('出价编号'), price: fen('还价') }, ['bidId', 'price'])
export const bidListQuerySchema = {
  type: 'object',
  required: ['role'],
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    role: { type: 'string', title: '角色', enum: ['buyer', 'seller'] },
    goodsId: id('商品编号'),
    status: { type: 'string', title: '出价状态', enum: BID_STATUSES },
  },
} as const

// ---------------------------------------------------------------- receiving roles
export const saveRoleBodySchema = body(
  {
    roleId: id('角色编号'),
    gameId: id('游戏编号'),
    serverId: id('区服编号'),
    roleName: text('角色名', 32),
    gameRoleId: text('角色ID', 64),
    isDefault: { type: 'boolean', title: '默认角色' },
  },
  ['gameId', 'roleName', 'gameRoleId'],
)
export const roleIdBodySchema = body({ roleId: id('角色编号') }, ['roleId'])

// ---------------------------------------------------------------- orders
export const createOrderBodySchema = body(
  {
    goodsId: id('商品编号'),
    quantity: { type: 'integer', title: '购买数量', minimum: 1, maximum: 100000 },
    roleId: id('收货角色'),
  },
  ['goodsId', 'quantity'],
)
export const orderNoBodySchema = body({ orderNo }, ['orderNo'])
export const orderNoParamsSchema = { type: 'object', required: ['orderNo'], properties: { orderNo } } as const
export const payOrderBodySchema = body({ orderNo, payPassword: cipherText('支付密码') }, [
  'orderNo',
  'payPassword',
])
export const confirmOrderBodySchema = payOrderBodySchema
export const deliverBodySchema = body(
  {
    orderNo,
    fields: {
      type: 'object',
      title: '交付信息',
      maxProperties: 20,
      additionalProperties: { type: 'string', title: '交付信息', maxLength: 500 },
    },
  },
  ['orderNo', 'fields'],
)
export const disputeBodySchema = body({ orderNo, reason: text('纠纷原因', 500) }, ['orderNo', 'reason'])
export const orderListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    status: { type: 'string', title: '订单状态', enum: ORDER_STATUSES },
    keyword: { type: 'string', title: '关键词', maxLength: 60 },
  },
} as const

// ---------------------------------------------------------------- guaranteed-order rooms
export const postWarrantMessageBodySchema = body(
  {
    orderNo,
    content: text('消息内容', 1000, 0),
    imageIds: {
      type: 'array',
      title: '图片',
      maxItems: 9,
      items: { type: 'string', title: '图片', pattern: '^[0-9a-f]{32}$' },
    },
  },
  ['orderNo', 'content'],
)
/**
 * A ruling: the decision is required (no default); the refund is integer fen ≥ 0 (the service also
 * checks it against the order amount); the reason is required and must not be blank.
 */
export const ruleBodySchema = body(
  {
    orderNo,
    decision: { type: 'string', title: '裁决结果', enum: ['RELEASE', 'REFUND', 'SPLIT'] },
    refundAmount: { type: 'integer', title: '退回买家金额', minimum: 0, maximum: 100_000_000_000 },
    reason: { ...text('裁决理由', RULING_LIMITS.reasonMax), pattern: '\\S' },
  },
  ['orderNo', 'decision', 'reason'],
)
export const disputeListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    state: { type: 'string', title: '仲裁状态', enum: ['OPEN', 'RULED'] },
    orderNo,
  },
} as const

// ---------------------------------------------------------------- funds
export const ledgerQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    type: { type: 'string', title: '类型', enum: LEDGER_TYPES },
    beginTime: { type: 'integer', title: '开始时间', minimum: 0 },
    endTime: { type: 'integer', title: '结束时间', minimum: 0 },
  },
} as const
export const setPayPasswordBodySchema = body(
  { payPassword: cipherText('支付密码'), loginPassword: cipherText('登录密码') },
  ['payPassword', 'loginPassword'],
)
export const createTopupBodySchema = body(
  {
    amount: fen('充值金额'),
    channel: { type: 'string', title: '支付方式', enum: ['sandbox', 'alipay', 'wechat'] },
    // a same-site path only (one leading '/', no '//' or backslash); the service checks the page allow-list
    returnTo: {
      type: 'string',
      title: '返回页面',
      minLength: 1,
      maxLength: TOPUP_RETURN_MAX_LENGTH,
      pattern: '^/(?![/\\\\])',
    },
  },
  ['amount', 'channel'],
)
export const topupNoParamsSchema = {
  type: 'object',
  required: ['topupNo'],
  properties: {
    topupNo: { type: 'string', title: '充值单号', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' },
  },
} as const
export const createWithdrawBodySchema = body(
  {
    amount: fen('提现金额'),
    accountKind: { type: 'string', title: '收款账户类型', enum: PAYEE_KINDS },
    // the characters of a card number, a phone number or an e-mail; the service checks it by kind
    account: {
      ...text('收款账户', PAYEE_ACCOUNT_MAX_LENGTH),
      pattern: '^[A-Za-z0-9._%+@ -]+$',
    },
    payPassword: cipherText('支付密码'),
  },
  ['amount', 'accountKind', 'account', 'payPassword'],
)
export const withdrawListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    status: { type: 'string', title: '状态', enum: ['PENDING', 'APPROVED', 'REJECTED'] },
    /** staff: every user's requests */
    all: { type: 'boolean', title: '全部' },
  },
} as const
export const decideWithdrawBodySchema = body(
  {
    withdrawNo: { type: 'string', title: '提现单号', minLength: 1, maxLength: 40 },
    approve: { type: 'boolean', title: '是否通过' },
    // required when rejecting (the service says so); the user reads it
    reason: { ...text('驳回原因', WITHDRAW_REJECT_REASON_MAX), pattern: '\\S' },
  },
  ['withdrawNo', 'approve'],
)
/** the sandbox page's capability: its expiry (epoch ms) and signature, issued to the top-up's owner only */
const checkoutCapability = {
  expires: { type: 'integer', title: '链接有效期', minimum: 0 },
  sig: { type: 'string', title: '签名', minLength: 1, maxLength: 128, pattern: '^[0-9a-f]+$' },
} as const
export const sandboxCheckoutQuerySchema = {
  type: 'object',
  required: ['topupNo'],
  properties: {
    topupNo: { type: 'string', title: '充值单号', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' },
    ...checkoutCapability,
  },
} as const
export const sandboxActBodySchema = body(
  {
    topupNo: { type: 'string', title: '充值单号', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' },
    action: { type: 'string', title: '操作', enum: ['pay', 'fail'] },
    // a form posts text: the expiry arrives as digits
    expires: { type: 'string', title: '链接有效期', minLength: 1, maxLength: 16, pattern: '^[0-9]+$' },
    sig: checkoutCapability.sig,
  },
  ['topupNo', 'action'],
)

// ---------------------------------------------------------------- price records
export const priceRecordQuerySchema = {
  type: 'object',
  required: ['gameId'],
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    gameId: id('游戏编号'),
    goodsType: { type: 'string', title: '商品类型', enum: GOODS_TYPES },
    days: { type: 'integer', title: '天数', minimum: 1, maximum: 365 },
  },
} as const
