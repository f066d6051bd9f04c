/**
 * Top-up rules of the forms: the amount (元 text, within the server's limits of one top-up) and where
 * the gateway's page lives. Pure: tests call them directly.
 */
import { formatYuan, yuanToFen } from '@renderer/utils/money'

/** the server's limits of one top-up (FUNDS_LIMITS): ¥1.00 to ¥50,000.00 */
export const TOPUP_MIN_FEN = 100
export const TOPUP_MAX_FEN = 5_000_000

/** '' when the 元 text is a top-up amount, else the message. */
export function topupAmountError(text: string | undefined): string {
  const fen = yuanToFen(text ?? '')
  if (fen === null) return '请输入正确的金额（最多两位小数）'
  if (fen <= 0) return '充值金额必须大于 0'
  if (fen < TOPUP_MIN_FEN) return `单笔充值不能少于 ${formatYuan(TOPUP_MIN_FEN)}`
  if (fen > TOPUP_MAX_FEN) return `单笔充值不能超过 ${formatYuan(TOPUP_MAX_FEN)}`
  return ''
}

/** A gateway page the server names by path (/api/pay/…) lives on the API's origin. */
export function gatewayHref(payUrl: string, apiBaseUrl: string): string {
  if (!payUrl.startsWith('/') || payUrl.startsWith('//')) return payUrl
  const match = /^(https?:\/\/[^/]+)/i.exec(apiBaseUrl)
  return match ? `${match[1]}${payUrl}` : payUrl
}
