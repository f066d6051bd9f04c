import { SERVICE_HOURS } from '@shared/constants'

const CHINA_OFFSET_MINUTES = 8 * 60

/** Minutes after midnight in China time (UTC+8, no daylight saving) of an instant. */
export function chinaMinuteOfDay(now: Date): number {
  const utcMinutes = now.getUTCHours() * 60 + now.getUTCMinutes()
  return (utcMinutes + CHINA_OFFSET_MINUTES) % (24 * 60)
}

/** Customer service answers from 10:00 to 22:30 China time (docs/product.md); 22:30 itself is closed. */
export function isWithinServiceHours(now: Date = new Date()): boolean {
  const minute = chinaMinuteOfDay(now)
  return minute >= SERVICE_HOURS.startMinute && minute < SERVICE_HOURS.endMinute
}
