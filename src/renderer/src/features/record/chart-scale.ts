/**
 * Scaling of the price chart: days along x, fen along y, with a "nice" y range (0 or a round
 * number below the minimum to a round number above the maximum) and 4-6 ticks. Pure, so tests
 * can check it.
 */
import type { PricePoint } from '@shared/api/trade'

export interface ChartBox {
  width: number
  height: number
  padLeft: number
  padRight: number
  padTop: number
  padBottom: number
}

export interface ChartScale {
  /** y ticks in fen, low to high */
  ticks: number[]
  yMin: number
  yMax: number
  x(index: number): number
  y(fen: number): number
}

/** A round step ≥ raw: 1, 2, 2.5 or 5 × 10^n. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power
  return 10 * power
}

export function scaleChart(points: readonly PricePoint[], box: ChartBox, tickCount = 5): ChartScale {
  const values = points.flatMap((p) => (p.deals > 0 ? [p.min, p.max, p.avg] : []))
  let low = values.length ? Math.min(...values) : 0
  let high = values.length ? Math.max(...values) : 10_000
  if (high === low) {
    // one price: give it room above and below
    high = high + Math.max(100, Math.round(high * 0.1))
    low = Math.max(0, low - Math.max(100, Math.round(low * 0.1)))
  }
  const step = niceStep((high - low) / (tickCount - 1))
  const yMin = Math.max(0, Math.floor(low / step) * step)
  const yMax = Math.ceil(high / step) * step
  const ticks: number[] = []
  for (let v = yMin; v <= yMax + step / 2; v += step) ticks.push(Math.round(v))
  const plotW = box.width - box.padLeft - box.padRight
  const plotH = box.height - box.padTop - box.padBottom
  const n = points.length
  return {
    ticks,
    yMin,
    yMax,
    x: (index) => box.padLeft + (n <= 1 ? plotW / 2 : (index / (n - 1)) * plotW),
    y: (fen) => box.padTop + plotH - ((fen - yMin) / (yMax - yMin || 1)) * plotH,
  }
}

/** Compact 元 for axis labels: 1234500 fen → '1.23万', 98000 → '980'. */
export function axisYuan(fen: number): string {
  const yuan = fen / 100
  if (yuan >= 10_000) return `${Number((yuan / 10_000).toFixed(2))}万`
  return String(Number(yuan.toFixed(2)))
}

/**
 * The series for every day of the range, ending on `lastDay` (YYYY-MM-DD): the server answers only
 * the days with deals; the chart needs the empty days too, so spacing follows the calendar.
 */
export function fillDays(points: readonly PricePoint[], days: number, lastDay: string): PricePoint[] {
  const byDay = new Map(points.map((p) => [p.day, p]))
  const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number]
  const out: PricePoint[] = []
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(y, m - 1, d - i))
    const day = date.toISOString().slice(0, 10)
    out.push(byDay.get(day) ?? { day, deals: 0, avg: 0, min: 0, max: 0 })
  }
  // a deal after lastDay (clock skew) is kept rather than lost
  for (const p of points) if (p.day > lastDay) out.push(p)
  return out
}

/** The China (UTC+8, no daylight saving) calendar day of an instant, as YYYY-MM-DD. */
export function chinaDay(epochMs: number): string {
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 10)
}
