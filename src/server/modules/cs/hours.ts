/**
 * The service hours of 在线客服 (参数 cs.serviceHours, `HH:mm-HH:mm`, China time, UTC+8 without
 * daylight saving; docs/customer-service.md, "Hours"). Pure functions of a time.
 */
const CHINA = 8 * 60 * 60 * 1000
const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60_000

export const DEFAULT_SERVICE_HOURS = '10:00-22:30'

export interface ServiceHours {
  label: string
  /** minutes after China midnight */
  from: number
  to: number
}

/** The parameter's hours; a missing or malformed value falls back to 10:00-22:30. */
export function parseHours(value: string | null | undefined): ServiceHours {
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)\s*$/.exec(value ?? '')
  if (!m) return parseHours(DEFAULT_SERVICE_HOURS)
  const from = Number(m[1]) * 60 + Number(m[2])
  const to = Number(m[3]) * 60 + Number(m[4])
  if (from >= to) return parseHours(DEFAULT_SERVICE_HOURS)
  return { label: `${m[1]}:${m[2]}-${m[3]}:${m[4]}`, from, to }
}

const chinaDayStart = (at: number) => Math.floor((at + CHINA) / DAY) * DAY - CHINA

/** Whether `at` is inside the hours (the end minute is outside). */
export function inHours(hours: ServiceHours, at: number): boolean {
  const minute = Math.floor((at - chinaDayStart(at)) / MINUTE)
  return minute >= hours.from && minute < hours.to
}

/** The next opening after `at` (today's when before it, else tomorrow's); `at` itself when inside. */
export function nextOpening(hours: ServiceHours, at: number): number {
  if (inHours(hours, at)) return at
  const today = chinaDayStart(at) + hours.from * MINUTE
  return at < today ? today : today + DAY
}

/** 11月29日 10:00 (China time) */
export function chinaTimeLabel(at: number): string {
  const d = new Date(at + CHINA)
  const hh = String(d.getUTCHours()).padStart(2, '0')
  const mm = String(d.getUTCMinutes()).padStart(2, '0')
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hh}:${mm}`
}

/** Start of the China day of `at` (today's figures). */
export const chinaToday = chinaDayStart
