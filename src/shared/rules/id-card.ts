/**
 * Mainland resident ID numbers (GB 11643-1999): 18 characters — a 6-digit region code whose first two
 * digits are a province, the birth date YYYYMMDD, a 3-digit sequence, and a check character computed
 * from the first 17 digits (weights 2^(17-i) mod 11; X stands for 10). Checked locally before any
 * value is stored or sent to a verification provider. Plain data: server and forms share it.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CHECK = '10X98765432'
/** province-level codes (the first two digits of the region) */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83, 91,
])

export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthDate: string
  /** 1 male, 2 female (the 17th digit's parity) */
  sex: 1 | 2
  region: string
}

/** The check character of the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]
  return CHECK[sum % 11]
}

/** Why the text is not a valid ID number (in Chinese), or null; `today` bounds the birth date. */
export function idCardProblem(text: string, today: Date = new Date()): string | null {
  const id = text.trim().toUpperCase()
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号须为 18 位（最后一位可为 X）'
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return '身份证号的地区码不正确'
  const [y, m, d] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))]
  const birth = new Date(Date.UTC(y, m - 1, d))
  const realDate = birth.getUTCFullYear() === y && birth.getUTCMonth() === m - 1 && birth.getUTCDate() === d
  if (!realDate || y < 1900 || birth.getTime() > today.getTime()) return '身份证号的出生日期不正确'
  if (idCardCheckChar(id) !== id[17]) return '身份证号校验位不正确，请核对'
  return null
}

/** Birth date, sex and region of a valid ID number (null when it is not valid). */
export function idCardInfo(text: string, today?: Date): IdCardInfo | null {
  if (idCardProblem(text, today)) return null
  const id = text.trim().toUpperCase()
  return {
    birthDate: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    sex: Number(id[16]) % 2 === 1 ? 1 : 2,
    region: id.slice(0, 6),
  }
}
