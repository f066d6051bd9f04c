import { randomInt } from 'node:crypto'
import { formatYuan } from '../../../shared/money'

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000

/** YYYY-MM-DD of an instant, China time. */
export const chinaDay = (at: number) => new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10)

/**
 * An unguessable business number: prefix + China date-time (yyyyMMddHHmmss) + 10 random digits,
 * e.g. 20240518143005 + 4829105733 for an order.
 */
export function businessNo(prefix: string, at: number): string {
  const stamp = new Date(at + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14)
  const random = `${randomInt(100000, 1000000)}${randomInt(10000, 100000)}`.slice(0, 10)
  return `${prefix}${stamp}${random}`
}

/** Money in the server's messages: the one format of src/shared/money.ts (¥14,748.20). */
export const yuan = formatYuan

/** The limits of one top-up and of one withdrawal, fen. */
export const FUNDS_LIMITS = {
  topupMin: 100,
  topupMax: 5_000_000,
  withdrawMin: 100,
  withdrawMax: 5_000_000,
} as const
