/**
 * The payment password (支付密码) is 6 digits. A million values is little, so the ones people pick
 * first are refused (docs/trading-rules.md, "Payment password"): one digit six times, runs up or down
 * (123456, 654321, 012345), a pair or a triple repeated (121212, 123123, 112233), and dates
 * (YYMMDD such as 900101, YYYYMM such as 199001). Plain data: checked by the server and the form.
 */
const SIX_DIGITS = /^\d{6}$/

function isRun(pin: string, step: 1 | -1): boolean {
  for (let i = 1; i < pin.length; i++) if (Number(pin[i]) - Number(pin[i - 1]) !== step) return false
  return true
}

function isDate(year: number, month: number, day?: number): boolean {
  if (month < 1 || month > 12) return false
  if (day === undefined) return true
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day >= 1 && day <= days
}

/** Why a 6-digit PIN is refused, or null when it may be used. */
export function payPinProblem(pin: string): string | null {
  if (!SIX_DIGITS.test(pin)) return '支付密码必须是 6 位数字'
  if (/^(\d)\1{5}$/.test(pin)) return '支付密码不能是 6 个相同的数字'
  if (isRun(pin, 1) || isRun(pin, -1)) return '支付密码不能是连续的数字（如 123456、654321）'
  if (/^(\d\d)\1\1$/.test(pin) || /^(\d{3})\1$/.test(pin) || /^(\d)\1(\d)\2(\d)\3$/.test(pin))
    return '支付密码不能是重复的数字组合（如 121212、123123、112233）'
  const [a, b, c] = [pin.slice(0, 2), pin.slice(2, 4), pin.slice(4, 6)].map(Number)
  const yyyy = Number(pin.slice(0, 4))
  if (isDate(2000 + a, b, c) || (yyyy >= 1940 && yyyy <= 2039 && isDate(yyyy, c)))
    return '支付密码不能是日期或生日（如 900101、199001）'
  return null
}
