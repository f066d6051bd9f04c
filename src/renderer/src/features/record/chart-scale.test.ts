import { describe, expect, it } from 'vitest'
import type { PricePoint } from '@shared/api/trade'
import { axisYuan, chinaDay, fillDays, niceStep, scaleChart, type ChartBox } from './chart-scale'

const BOX: ChartBox = { width: 500, height: 300, padLeft: 50, padRight: 10, padTop: 10, padBottom: 40 }
const point = (day: string, avg: number, min = avg, max = avg, deals = 1): PricePoint => ({
  day,
  deals,
  avg,
  min,
  max,
})

describe('chart scaling', () => {
  it('niceStep rounds up to 1, 2, 2.5 or 5 × 10^n', () => {
    expect(niceStep(0.7)).toBe(1)
    expect(niceStep(1.3)).toBe(2)
    expect(niceStep(2.2)).toBe(2.5)
    expect(niceStep(37)).toBe(50)
    expect(niceStep(7_500)).toBe(10_000)
    expect(niceStep(0)).toBe(1)
  })
  it('the y range covers every price with round ticks, low to high', () => {
    const series = [
      point('2026-11-01', 12_000, 10_000, 15_000),
      point('2026-11-02', 0, 0, 0, 0),
      point('2026-11-03', 30_000, 21_000, 43_500),
    ]
    const s = scaleChart(series, BOX)
    expect(s.yMin).toBeLessThanOrEqual(10_000)
    expect(s.yMax).toBeGreaterThanOrEqual(43_500)
    expect(s.ticks[0]).toBe(s.yMin)
    expect(s.ticks.at(-1)).toBe(s.yMax)
    expect([...s.ticks].sort((a, b) => a - b)).toEqual(s.ticks)
    expect(s.ticks.length).toBeGreaterThanOrEqual(3)
    expect(s.ticks.length).toBeLessThanOrEqual(7)
    // days without deals do not stretch the range down to 0
    expect(s.yMin).toBeGreaterThan(0)
  })
  it('maps the range onto the plot: low prices at the bottom, days left to right', () => {
    const s = scaleChart([point('a', 1000), point('b', 2000), point('c', 3000)], BOX)
    expect(s.y(s.yMin)).toBeCloseTo(BOX.height - BOX.padBottom)
    expect(s.y(s.yMax)).toBeCloseTo(BOX.padTop)
    expect(s.y(1000)).toBeGreaterThan(s.y(3000))
    expect(s.x(0)).toBe(BOX.padLeft)
    expect(s.x(2)).toBe(BOX.width - BOX.padRight)
    expect(s.x(1)).toBeCloseTo((BOX.padLeft + BOX.width - BOX.padRight) / 2)
  })
  it('one day or one price still gives a usable chart', () => {
    const s = scaleChart([point('a', 5000)], BOX)
    expect(s.yMax).toBeGreaterThan(s.yMin)
    expect(s.x(0)).toBeCloseTo(BOX.padLeft + (BOX.width - BOX.padLeft - BOX.padRight) / 2)
    const empty = scaleChart([], BOX)
    expect(empty.yMax).toBeGreaterThan(empty.yMin)
  })
  it('axis labels are compact 元', () => {
    expect(axisYuan(98_000)).toBe('980')
    expect(axisYuan(1_234_500)).toBe('1.23万')
    expect(axisYuan(150)).toBe('1.5')
  })
})

describe('fillDays', () => {
  it('gives every day of the range, the days without deals empty', () => {
    const filled = fillDays([point('2026-10-31', 500), point('2026-11-02', 700)], 4, '2026-11-02')
    expect(filled.map((p) => p.day)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'])
    expect(filled.map((p) => p.deals)).toEqual([0, 1, 0, 1])
    expect(filled[1]?.avg).toBe(500)
  })
})

describe('chinaDay', () => {
  it('is the calendar day in China', () => {
    expect(chinaDay(Date.UTC(2026, 10, 20, 15, 59))).toBe('2026-11-20')
    expect(chinaDay(Date.UTC(2026, 10, 20, 16, 0))).toBe('2026-11-21')
  })
})
