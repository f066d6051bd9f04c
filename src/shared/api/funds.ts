/**
 * Funds: the wallet (available / frozen, integer fen), the ledger (one row per balance change), the
 * payment password, top-ups through 支付宝 / 微信支付 (the pay module; simulators in demo and
 * tests) and withdrawals decided by staff (FUNDS_STAFF,
 * docs/trading-rules.md).
 *
 * Long (~420 lines) because each endpoint is declared once with its schema and types (the convention):
 * wallet, ledger, payment password, top-ups, the top-up hold and withdrawals of users and staff.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import {
  Type,
  bool,
  cipherText,
  fen,
  id,
  nonBlank,
  oneOf,
  optional,
  paging,
  pattern,
  strict,
  text,
} from './fields'
import type { ExportResult } from './common'
import { PAYEE_ACCOUNT_MAX_LENGTH, PAYEE_KINDS, type StoredPayeeKind } from '../rules/payee-account'
import { TOPUP_RETURN_MAX_LENGTH } from '../rules/return-to'
import { PAY_SCENES } from './pay'

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

export const LEDGER_TYPES = [
  'TOPUP',
  'ORDER_PAY',
  'ORDER_REFUND',
  'SETTLEMENT',
  'WITHDRAW_FREEZE',
  'WITHDRAW_DONE',
  'WITHDRAW_RETURN',
  'AGENCY_COMMISSION',
  'PROTECTION_FREEZE',
  'PROTECTION_RELEASE',
  'PROTECTION_PAYOUT',
  'CHANNEL_REFUND',
  'CHANNEL_REFUND_RETURN',
] as const
export type LedgerType = (typeof LEDGER_TYPES)[number]

export const LEDGER_TYPE_LABELS: Record<LedgerType, string> = {
  TOPUP: '充值',
  ORDER_PAY: '订单支付',
  ORDER_REFUND: '订单退款',
  SETTLEMENT: '货款结算',
  WITHDRAW_FREEZE: '提现冻结',
  WITHDRAW_DONE: '提现成功',
  WITHDRAW_RETURN: '提现退回',
  AGENCY_COMMISSION: '代售佣金',
  PROTECTION_FREEZE: '包赔保证金冻结',
  PROTECTION_RELEASE: '包赔保证金解冻',
  PROTECTION_PAYOUT: '包赔赔付',
  CHANNEL_REFUND: '原路退回',
  CHANNEL_REFUND_RETURN: '原路退回失败退回余额',
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

export const PAY_CHANNELS = ['alipay', 'wechat'] as const
export type PayChannel = (typeof PAY_CHANNELS)[number]
/**
 * A stored top-up's channel: a channel of today, or 'sandbox' — the built-in sandbox gateway that the
 * Alipay and WeChat Pay simulators replaced (docs/payments.md); old demo and test rows still carry it.
 */
export type TopupChannel = PayChannel | 'sandbox'
export const TOPUP_CHANNEL_LABELS: Record<TopupChannel, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '沙箱支付（已停用）',
}

/** A top-up just created: where the user pays it. */
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
  channel: TopupChannel
  status: 'PENDING' | 'PAID' | 'FAILED' | 'CLOSED'
  createdAt: number
  paidAt: number | null
}

/**
 * PENDING → APPROVED (a bank card: staff transfer it by hand, the money has left) or, to an Alipay
 * account, → PAYING (the Alipay transfer under way) → PAID | FAILED (the money back in the balance);
 * PENDING → REJECTED. docs/payments.md, "Payouts".
 */
export const WITHDRAW_STATUSES = ['PENDING', 'APPROVED', 'PAYING', 'PAID', 'FAILED', 'REJECTED'] as const
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number]
export const WITHDRAW_STATUS_LABELS: Record<WithdrawStatus, string> = {
  PENDING: '待审核',
  APPROVED: '已通过',
  PAYING: '打款中',
  PAID: '已到账',
  FAILED: '打款失败',
  REJECTED: '已驳回',
}
/** the longest payee name (the payee account's real name) */
export const PAYEE_NAME_MAX = 20

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
  status: WithdrawStatus
  /** why staff rejected it ('' unless REJECTED) */
  rejectReason: string
  /** why the Alipay transfer failed ('' unless FAILED): the money is back in the balance */
  failReason: string
  /** the payee account's real name ('' for requests made before it was asked) */
  payeeName: string
  /** unspent top-up money that stayed out of this withdrawal's reach when it was asked (the top-up hold) */
  heldTopup: number
  /** the payee name was matched against the verified real name (false on requests made before it was) */
  nameChecked: boolean
  createdAt: number
  decidedAt: number | null
}

/**
 * An unspent top-up: money that came in through a channel and was never spent. It leaves only back to
 * that channel (FUNDS.topupRefund), from `refundableAt` on (the 参数设置 hold after its payment).
 */
export interface HeldTopup {
  topupNo: string
  channel: TopupChannel
  /** fen still unspent in the balance */
  unspent: number
  paidAt: number
  refundableAt: number
}

/** What the withdrawal form shows before the user submits (docs/trading-rules.md, "Withdrawals"). */
export interface WithdrawInfo {
  available: number
  /** what may go to a bank card or an Alipay account: available − the unspent top-ups */
  withdrawable: number
  /** the unspent top-ups, oldest first */
  heldTopups: HeldTopup[]
  /** what of them may go back to its channel now */
  refundableNow: number
  holdHours: number
  /** the Alipay withdrawals the platform transfers by itself at or under this (fen; 0: none) */
  autoApproveMax: number
  /** whether Alipay withdrawals are paid by a transfer (else by staff, by hand) */
  alipayPayout: boolean
  /** the verified real name, masked (李*); null: not verified, the form sends the user to verify */
  realName: string | null
  /** the server's time of these figures (what is out of its hold is judged at it) */
  at: number
}

/** Unspent top-up money sent back to its channel. */
export interface TopupRefundResult {
  refunded: number
  refunds: Array<{ topupNo: string; refundNo: string; channel: 'ALIPAY' | 'WECHAT'; amount: number }>
}

/** the longest reason staff may give when rejecting a withdrawal */
export const WITHDRAW_REJECT_REASON_MAX = 100

const ledgerQuery = strict({
  ...paging(),
  type: optional(oneOf('类型', LEDGER_TYPES)),
  beginTime: optional(Type.Integer({ title: '开始时间', minimum: 0 })),
  endTime: optional(Type.Integer({ title: '结束时间', minimum: 0 })),
})
const topupNoField = () => pattern('充值单号', '^[A-Za-z0-9]+$', 40)

export const FUNDS = {
  wallet: endpoint({ method: 'GET', path: '/funds/wallet', access: 'user', answer: data<Wallet>() }),
  ledger: endpoint({
    method: 'GET',
    path: '/funds/ledger',
    access: 'user',
    query: ledgerQuery,
    answer: page<LedgerEntry>(),
  }),
  /** a CSV of my ledger, with the ledger page's filters */
  ledgerExport: endpoint({
    method: 'POST',
    path: '/funds/ledger/export',
    access: 'user',
    body: ledgerQuery,
    answer: data<ExportResult>(),
  }),
  /** sets or changes the 6-digit payment password; the login password proves who asks (both RSA ciphertext) */
  payPassword: endpoint({
    method: 'POST',
    path: '/funds/payPassword',
    access: 'user',
    body: strict({ payPassword: cipherText('支付密码'), loginPassword: cipherText('登录密码') }),
    answer: none(),
  }),
  /** the channels this install takes top-ups through (the top-up form offers these) */
  topupChannels: endpoint({
    method: 'GET',
    path: '/funds/topup/channels',
    access: 'public',
    answer: data<{ channels: PayChannel[] }>(),
  }),
  topupCreate: endpoint({
    method: 'POST',
    path: '/funds/topup/create',
    access: 'user',
    body: strict({
      amount: fen('充值金额'),
      channel: oneOf('支付方式', PAY_CHANNELS),
      /** where the person pays (Alipay and WeChat Pay): a PC page, a phone page, a QR code; default PC */
      scene: optional(oneOf('支付场景', PAY_SCENES)),
      /**
       * where the gateway sends the user back: a same-site path only (one leading '/', no '//' or
       * backslash) of an allowed page (rules/return-to.ts), e.g. /buyer/pay.html?orderNo=…; default
       * the balance page
       */
      returnTo: optional(
        Type.String({
          title: '返回页面',
          minLength: 1,
          maxLength: TOPUP_RETURN_MAX_LENGTH,
          pattern: '^/(?![/\\\\])',
        }),
      ),
    }),
    answer: data<TopupResult>(),
  }),
  topupDetail: endpoint({
    method: 'GET',
    path: '/funds/topup/detail/:topupNo',
    access: 'user',
    params: strict({ topupNo: topupNoField() }),
    answer: data<Topup>(),
  }),
  withdrawCreate: endpoint({
    method: 'POST',
    path: '/funds/withdraw/create',
    access: 'user',
    body: strict({
      amount: fen('提现金额'),
      /** a bank card (16–19 digits, Luhn) or an Alipay account (mainland mobile or e-mail): rules/payee-account.ts */
      accountKind: oneOf('收款账户类型', PAYEE_KINDS),
      // the characters of a card number, a phone number or an e-mail; the service checks it by kind
      account: Type.String({
        title: '收款账户',
        minLength: 1,
        maxLength: PAYEE_ACCOUNT_MAX_LENGTH,
        pattern: '^[A-Za-z0-9._%+@ -]+$',
      }),
      /** the payee account's real name: must be the user's verified real name (the service checks it) */
      payeeName: Type.String({
        title: '收款人姓名',
        minLength: 1,
        maxLength: PAYEE_NAME_MAX,
        pattern: '\\S',
      }),
      payPassword: cipherText('支付密码'),
    }),
    answer: data<Withdrawal>(),
  }),
  /** the withdrawal form's figures: what may be withdrawn, the held top-ups, the fee and arrival inputs */
  withdrawInfo: endpoint({
    method: 'GET',
    path: '/funds/withdraw/info',
    access: 'user',
    answer: data<WithdrawInfo>(),
  }),
  /** unspent top-up money back to the channel it came through (after the hold), oldest first */
  topupRefund: endpoint({
    method: 'POST',
    path: '/funds/topup/refund',
    access: 'user',
    body: strict({ amount: fen('退回金额'), payPassword: cipherText('支付密码') }),
    answer: data<TopupRefundResult>(),
  }),
  /** my withdrawals; staff (all=true): every user's */
  withdrawList: endpoint({
    method: 'GET',
    path: '/funds/withdraw/list',
    access: 'user',
    query: strict({
      ...paging(),
      status: optional(oneOf('状态', WITHDRAW_STATUSES)),
      all: optional(bool('全部')),
    }),
    answer: page<Withdrawal>(),
  }),
}

export type LedgerQuery = QueryOf<typeof FUNDS.ledger>
export type SetPayPasswordBody = BodyOf<typeof FUNDS.payPassword>
export type CreateTopupBody = BodyOf<typeof FUNDS.topupCreate>
export type CreateWithdrawBody = BodyOf<typeof FUNDS.withdrawCreate>
export type TopupRefundBody = BodyOf<typeof FUNDS.topupRefund>
export type WithdrawListQuery = QueryOf<typeof FUNDS.withdrawList>
export type DecideWithdrawBody = BodyOf<typeof FUNDS_STAFF.withdrawDecide>

// ------------------------------------------------------------------ staff: 提现审核 (docs/console.md)

const withdrawNo = text('提现单号', 40)

export const FUNDS_STAFF = {
  /** staff: pay out or reject (with a reason the user reads) */
  withdrawDecide: endpoint({
    method: 'POST',
    path: '/funds/admin/withdraw/decide',
    access: 'user',
    permission: PERMS.withdrawApprove,
    body: strict({
      withdrawNo: text('提现单号', 40),
      approve: bool('是否通过'),
      /** required when rejecting (the service says so); the user reads it */
      reason: optional(
        Type.String({
          title: '驳回原因',
          minLength: 1,
          maxLength: WITHDRAW_REJECT_REASON_MAX,
          pattern: '\\S',
        }),
      ),
    }),
    answer: none(),
  }),
  /** every user's withdrawals, the payee account in full (staff pay it out) */
  withdrawList: endpoint({
    method: 'GET',
    path: '/console/withdraw/list',
    access: 'user',
    permission: PERMS.withdrawList,
    query: strict({ ...paging(), status: optional(oneOf('状态', WITHDRAW_STATUSES)) }),
    answer: page<Withdrawal>(),
  }),
  /** a user's balance, frozen money and escrow (用户管理's user detail, docs/console.md) */
  userWallet: endpoint({
    method: 'GET',
    path: '/console/user/wallet/:userId',
    access: 'user',
    permission: PERMS.userList,
    params: strict({ userId: id('用户编号') }),
    answer: data<Wallet>(),
  }),
  /** a user's recent ledger rows (the drawer of a withdrawal) */
  userLedger: endpoint({
    method: 'GET',
    path: '/console/withdraw/ledger/:userId',
    access: 'user',
    permission: PERMS.withdrawList,
    params: strict({ userId: id('用户编号') }),
    query: strict(paging(50)),
    answer: page<LedgerEntry>(),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/console/withdraw/approve',
    access: 'user',
    permission: PERMS.withdrawApprove,
    body: strict({ withdrawNo }),
    answer: none(),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/console/withdraw/reject',
    access: 'user',
    permission: PERMS.withdrawReject,
    body: strict({ withdrawNo, reason: nonBlank('驳回原因', WITHDRAW_REJECT_REASON_MAX) }),
    answer: none(),
  }),
  export: endpoint({
    method: 'POST',
    path: '/console/withdraw/export',
    access: 'user',
    permission: PERMS.withdrawExport,
    body: strict({ status: optional(oneOf('状态', WITHDRAW_STATUSES)) }),
    answer: data<ExportResult>(),
  }),
}
