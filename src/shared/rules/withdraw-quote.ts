/**
 * What a withdrawal costs and when it arrives (docs/trading-rules.md, "Withdrawals"): the form shows
 * it before the user submits, and the server answers the same figures (funds `withdrawInfo`).
 *
 * - Fee: the platform charges no fee on trades (订单详情 says 平台不收取手续费) and none on
 *   withdrawals either: 0, so what arrives is the amount asked.
 * - Arrival follows the review and payout flow (docs/payments.md, "Payouts"): to Alipay at or under
 *   the automatic threshold, the transfer is sent at once; otherwise staff review it during the
 *   service hours, and then an Alipay withdrawal is transferred at once, a bank card by staff by hand.
 */
import { SERVICE_HOURS } from '../constants'
import { formatYuan } from '../money'
import type { PayeeKind } from './payee-account'

/** the withdrawal fee rule: the platform takes nothing (fen) */
export const withdrawFee = (_amount: number): number => 0
export const WITHDRAW_FEE_NOTE = '平台不收取提现手续费'

/** the 参数设置 key of the top-up hold (hours; docs/trading-rules.md, "Withdrawals") */
export const TOPUP_HOLD_KEY = 'funds.topup.holdHours'
export const TOPUP_HOLD_DEFAULT_HOURS = 24

export type WithdrawArrival = 'AUTO' | 'REVIEW_TRANSFER' | 'REVIEW_BY_HAND'

export interface WithdrawQuote {
  fee: number
  /** what reaches the payee account (amount − fee) */
  arrives: number
  arrival: WithdrawArrival
  /** the expected arrival, in plain Chinese */
  arrivalText: string
}

export function withdrawQuote(
  amount: number,
  kind: PayeeKind,
  flow: { autoApproveMax: number; alipayPayout: boolean },
): WithdrawQuote {
  const fee = withdrawFee(amount)
  const transfer = kind === 'ALIPAY' && flow.alipayPayout
  const arrival: WithdrawArrival =
    transfer && flow.autoApproveMax > 0 && amount <= flow.autoApproveMax
      ? 'AUTO'
      : transfer
        ? 'REVIEW_TRANSFER'
        : 'REVIEW_BY_HAND'
  const hours = SERVICE_HOURS.label.replace(/ /g, '')
  const arrivalText =
    arrival === 'AUTO'
      ? '提交后自动转账到支付宝，通常几分钟内到账'
      : arrival === 'REVIEW_TRANSFER'
        ? `平台在客服工作时间（每天 ${hours}）内审核，审核通过后自动转账到支付宝，几分钟内到账；工作时间外提交的次日审核`
        : `平台在客服工作时间（每天 ${hours}）内审核并人工转账，审核通过即已转出，银行入账一般不超过 1 个工作日`
  return { fee, arrives: amount - fee, arrival, arrivalText }
}

/** why a part of the balance cannot be withdrawn to an account (the form and the server's refusal) */
export function heldTopupNote(held: number): string {
  return `余额中 ${formatYuan(held)} 为充值后尚未消费的资金，只能原路退回充值账户，不能提现到银行卡或支付宝账户`
}
