import { describe, expect, it } from 'vitest'
import { estimate, similarity, valueSimilarity, weightedQuantile, type ComparableDeal } from './valuation'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2026, 5, 1)
const KEYS = ['段位', '英雄数量', '皮肤数量']

const deal = (price: number, daysAgo: number, over: Partial<ComparableDeal> = {}): ComparableDeal => ({
  price,
  completedAt: NOW - daysAgo * DAY,
  areaId: 1,
  serverId: 11,
  attributes: { 段位: '王者', 英雄数量: 100, 皮肤数量: 200 },
  ...over,
})
const subject = { areaId: 1, serverId: 11, attributes: { 段位: '王者', 英雄数量: 100, 皮肤数量: 200 } }

describe('valueSimilarity', () => {
  it('numbers by relative distance, lists by overlap, text by equality', () => {
    expect(valueSimilarity(100, 100)).toBe(1)
    expect(valueSimilarity(100, 50)).toBe(0.5)
    expect(valueSimilarity(0, 0)).toBe(1)
    expect(valueSimilarity(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3)
    expect(valueSimilarity('王者', '王者')).toBe(1)
    expect(valueSimilarity('王者', '星耀')).toBe(0)
    expect(valueSimilarity(true, true)).toBe(1)
    expect(valueSimilarity(undefined, 3)).toBe(0)
  })
  it('similarity is the mean over the key attributes; no keys → 1', () => {
    expect(similarity({ a: 1, b: 'x' }, { a: 1, b: 'y' }, ['a', 'b'])).toBe(0.5)
    expect(similarity({ a: 1 }, { a: 9 }, [])).toBe(1)
    // keys the subject has no value for are not compared (a partly filled draft)
    expect(similarity({ a: 1 }, { a: 1, b: 'y' }, ['a', 'b'])).toBe(1)
    expect(similarity({}, { a: 1 }, ['a'])).toBe(1)
    expect(similarity({ a: 1, b: 'x' }, { a: 1 }, ['a', 'b'])).toBe(0.5)
  })
})

describe('weightedQuantile', () => {
  it('equal weights give the plain lower quantiles', () => {
    const pts = [100, 200, 300, 400].map((price) => ({ price, weight: 1 }))
    expect(weightedQuantile(pts, 0.25)).toBe(100)
    expect(weightedQuantile(pts, 0.5)).toBe(200)
    expect(weightedQuantile(pts, 0.75)).toBe(300)
  })
  it('a heavy point pulls the median to itself', () => {
    const pts = [
      { price: 100, weight: 1 },
      { price: 500, weight: 5 },
      { price: 200, weight: 1 },
    ]
    expect(weightedQuantile(pts, 0.5)).toBe(500)
  })
})

describe('estimate', () => {
  it('known deals → known range (same server, equal attributes, equal age)', () => {
    const deals = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000].map((p) => deal(p, 10))
    const r = estimate(subject, deals, KEYS, NOW)
    expect(r).toEqual({ estimate: { low: 2000, mid: 4000, high: 6000 }, samples: 8, scope: 'server' })
  })

  it('fewer than 5 comparables: no estimate (样本不足)', () => {
    const r = estimate(
      subject,
      [1, 2, 3, 4].map((i) => deal(i * 1000, i)),
      KEYS,
      NOW,
    )
    expect(r.estimate).toBeNull()
    expect(r.samples).toBe(4)
  })

  it('deals older than 90 days and in the future are left out', () => {
    const deals = [deal(1000, 1), deal(1000, 2), deal(1000, 3), deal(1000, 4), deal(9000, 91), deal(9000, -1)]
    const r = estimate(subject, deals, KEYS, NOW)
    expect(r.estimate).toBeNull()
    expect(r.samples).toBe(4)
  })

  it('recent deals weigh more than old ones', () => {
    // three old deals at 1000 (80 days: weight ≈ 0.16 each), two recent at 5000 (weight ≈ 1 each)
    const deals = [deal(1000, 80), deal(1000, 80), deal(1000, 80), deal(5000, 0), deal(5000, 1)]
    const r = estimate(subject, deals, KEYS, NOW)
    expect(r.estimate?.mid).toBe(5000)
    expect(r.estimate?.low).toBe(5000)
  })

  it('dissimilar deals are left out and only the k most similar count', () => {
    const far = { 段位: '青铜', 英雄数量: 5, 皮肤数量: 1 }
    const deals = [
      ...[1, 2, 3, 4, 5].map((i) => deal(3000, i)),
      ...[1, 2, 3].map((i) => deal(99_000, i, { attributes: far })),
    ]
    const r = estimate(subject, deals, KEYS, NOW)
    expect(r.estimate).toEqual({ low: 3000, mid: 3000, high: 3000 })
    expect(r.samples).toBe(5)
    const capped = estimate(
      subject,
      [...Array(30)].map((_, i) => deal(1000 + i, 1)),
      KEYS,
      NOW,
    )
    expect(capped.samples).toBe(20)
  })

  it('widens to the area when the server has too few deals; never to another area', () => {
    const other = (p: number) => deal(p, 2, { serverId: 12 })
    const deals = [deal(2000, 1), deal(2000, 2), other(2000), other(2000), other(2000)]
    const r = estimate(subject, deals, KEYS, NOW)
    expect(r.scope).toBe('area')
    expect(r.estimate?.mid).toBe(2000)
    const elsewhere = deals.map((d) => ({ ...d, areaId: 2, serverId: 21 }))
    expect(estimate(subject, elsewhere, KEYS, NOW).estimate).toBeNull()
  })

  it('a subject without area or server compares with the whole game', () => {
    const deals = [1, 2, 3, 4, 5].map((i) => deal(1000 * i, i, { areaId: i, serverId: 100 + i }))
    const r = estimate({ areaId: null, serverId: null, attributes: subject.attributes }, deals, KEYS, NOW)
    expect(r.scope).toBe('game')
    expect(r.samples).toBe(5)
  })
})
