/** Time helpers: 10-digit timestamps are seconds; default format year-month-day hour:minute:second. */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { DEFAULT_DATE_FORMAT, TRADE_TIME_FORMAT } from '@shared/constants'

dayjs.extend(utc)

/**
 * Times are shown in China time, UTC+8 all year (no daylight saving; docs/api-conventions.md,
 * "Output and time") — not in the machine's zone: a page rendered on a server in UTC and hydrated
 * in a browser in Shanghai (or abroad) must show the same text.
 */
const CHINA_OFFSET_MINUTES = 8 * 60

export type TimeInput = Date | number | string | null | undefined

/** A Date for any accepted input, or null when the input is empty or not a time. */
export function toDate(value: TimeInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  let input: number | string = value
  if (typeof input === 'string') {
    const trimmed = input.trim()
    // all digits: a timestamp written as text
    if (/^-?\d+$/.test(trimmed)) input = Number(trimmed)
    else input = trimmed
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null
    // exactly 10 digits: seconds since the epoch; anything else is milliseconds
    const ms = String(Math.trunc(Math.abs(input))).length === 10 ? input * 1000 : input
    return new Date(ms)
  }
  const parsed = dayjs(input)
  return parsed.isValid() ? parsed.toDate() : null
}

/** Format a time (Date, ms, 10-digit seconds, ISO or date text) in China time; '' when there is no time. */
export function parseTime(value: TimeInput, format: string = DEFAULT_DATE_FORMAT): string {
  const date = toDate(value)
  return date ? dayjs(date).utcOffset(CHINA_OFFSET_MINUTES).format(format) : ''
}

/** Trade times are shown to hours and minutes (docs/api-conventions.md, "Output and time"). */
export function formatTradeTime(value: TimeInput): string {
  return parseTime(value, TRADE_TIME_FORMAT)
}
