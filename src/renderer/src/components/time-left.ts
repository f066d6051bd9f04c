/** How long until a deadline, in Chinese (order and bid countdowns). Pure: tests call it directly. */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long until `deadline` (epoch ms), in Chinese: under an hour to the second
 * (14 分 05 秒), under a day to the minute (5 小时 03 分), beyond that days and hours (2 天 4 小时).
 * '' without a deadline, '已到期' once it has passed.
 */
export function formatTimeLeft(deadline: number | null | undefined, now: number): string {
  if (deadline === null || deadline === undefined || !Number.isFinite(deadline)) return ''
  const left = deadline - now
  if (left <= 0) return '已到期'
  const pad = (n: number) => String(n).padStart(2, '0')
  if (left < HOUR) {
    const seconds = Math.floor(left / 1000)
    return `${Math.floor(seconds / 60)} 分 ${pad(seconds % 60)} 秒`
  }
  if (left < DAY) {
    const minutes = Math.floor(left / MINUTE)
    return `${Math.floor(minutes / 60)} 小时 ${pad(minutes % 60)} 分`
  }
  const hours = Math.floor(left / HOUR)
  return `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`
}
