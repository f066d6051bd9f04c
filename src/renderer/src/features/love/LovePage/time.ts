/**
 * Times of the love page in China time (UTC+8), computed the same way on the server and in the
 * browser whatever their time zones, so the server-rendered HTML hydrates unchanged.
 */
const CHINA_OFFSET = 8 * 60 * 60 * 1000

/** YYYY-MM-DD HH:mm in China time. */
export function chinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET).toISOString().slice(0, 16).replace('T', ' ')
}

/** 3天 04:05:06 style, from a remaining span in ms (0 and below: 00:00:00). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const days = Math.floor(total / 86_400)
  const pad = (n: number) => String(n).padStart(2, '0')
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? `${days}天 ${clock}` : clock
}
