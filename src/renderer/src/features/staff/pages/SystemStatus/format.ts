/** How 系统状态 words its figures (durations, sizes, states). */
import type { StatusMinute } from '@shared/api/monitor'

/** 3 天 4 小时, 5 分 12 秒 … */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const days = Math.floor(s / 86_400)
  const hours = Math.floor((s % 86_400) / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  if (days > 0) return `${days} 天 ${hours} 小时`
  if (hours > 0) return `${hours} 小时 ${minutes} 分`
  if (minutes > 0) return `${minutes} 分 ${s % 60} 秒`
  return `${s} 秒`
}

/** 850 ms, 1.2 s, 3 分 … for a job's period, duration or lag */
export function msText(ms: number | null): string {
  if (ms === null) return '-'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return durationText(ms / 1000)
}

export function bytesText(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}

/** Requests per minute and the share of errors over the last `minutes` complete and current minutes. */
export function recentRates(rows: readonly StatusMinute[], minutes = 5) {
  const recent = rows.slice(-minutes)
  const requests = recent.reduce((n, m) => n + m.requests, 0)
  const errors = recent.reduce((n, m) => n + m.errors, 0)
  return {
    perMinute: recent.length > 0 ? Math.round(requests / recent.length) : 0,
    errorPercent: requests > 0 ? Math.round((errors / requests) * 1000) / 10 : 0,
  }
}

/** The pay tables' states in Chinese (docs/payments.md). */
export const PAY_STATE_LABELS: Record<'attempts' | 'payouts' | 'refunds', Record<string, string>> = {
  attempts: { WAITING: '待支付', PAID: '已支付', CLOSED: '已关闭' },
  payouts: { PAYING: '打款中', PAID: '已到账', FAILED: '打款失败' },
  refunds: { PENDING: '退款中', SUCCESS: '已退款', FAILED: '退款失败' },
}
