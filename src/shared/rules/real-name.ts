/**
 * Real names shown to users: masked names and ID numbers, and the refusal texts of the trading gate
 * (the renderer links them to /user/userCert.html). Plain data: server and forms share it.
 */
import type { ErrorReason } from '../api/envelope'

export const REAL_NAME_PAGE = '/user/userCert.html'

export const REAL_NAME_MSG = {
  required: (what: string) => `${what}前请先完成实名认证`,
  minor: '根据平台规则，未满 18 周岁的用户不能进行交易',
}

/** Whether an error is the trading gate's refusal (the UI then offers 去实名认证), by its `reason`. */
export const isRealNameRefusal = (reason: ErrorReason | undefined) =>
  reason === 'REAL_NAME_REQUIRED' || reason === 'UNDER_AGE'

/** 张* / 欧阳** / 张*三: the first character, the last one for names of three or more, * between. */
export function maskRealName(name: string): string {
  const chars = [...name]
  if (chars.length <= 2) return `${chars[0]}*`
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`
}

/** 1101**********123X: the first 4 and the last 4 characters. */
export const maskIdNumber = (id: string) =>
  `${id.slice(0, 4)}${'*'.repeat(Math.max(0, id.length - 8))}${id.slice(-4)}`
