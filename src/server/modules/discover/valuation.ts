/**
 * The valuation method of account listings as a pure function (docs/valuation.md): comparable deals
 * of the same game and type in the last 90 days, narrowed to the listing's server (or area, when the
 * server has too few), ranked by how close their key attributes are, the k closest weighted by
 * similarity × recency, and their weighted 25 / 50 / 75 % points. Fewer than `minSamples` → no
 * estimate (样本不足).
 */
import type { AttributeValue, Attributes, ValuationScope } from '../../../shared/api'

const DAY = 24 * 60 * 60 * 1000

export interface ValuationParams {
  /** deals completed within this many days count */
  windowDays: number
  /** the most comparables an estimate uses */
  k: number
  /** the fewest comparables an estimate needs */
  minSamples: number
  /** a deal this many days old weighs half as much as one of today */
  halfLifeDays: number
  /** comparables less similar than this (0…1) are left out */
  minSimilarity: number
}

export const VALUATION_PARAMS: ValuationParams = {
  windowDays: 90,
  k: 20,
  minSamples: 5,
  halfLifeDays: 30,
  minSimilarity: 0.5,
}

export interface ValuationSubject {
  areaId: number | null
  serverId: number | null
  attributes: Attributes
}

export interface ComparableDeal extends ValuationSubject {
  /** the unit price the deal was paid at, fen */
  price: number
  completedAt: number
}

export interface ValuationResult {
  estimate: { low: number; mid: number; high: number } | null
  samples: number
  scope: ValuationScope
}

/** Similarity of two attribute values, 0…1: numbers by relative distance, lists by overlap, else equality. */
export function valueSimilarity(a: AttributeValue | undefined, b: AttributeValue | undefined): number {
  if (a === undefined || b === undefined || a === '' || b === '') return a === b ? 1 : 0
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(Math.abs(a), Math.abs(b), 1)
    return Math.max(0, 1 - Math.abs(a - b) / scale)
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = new Set(a)
    const sb = new Set(b)
    const union = new Set([...sa, ...sb]).size
    if (union === 0) return 1
    return [...sa].filter((v) => sb.has(v)).length / union
  }
  return String(a) === String(b) ? 1 : 0
}

/**
 * Mean similarity over the key attributes the subject `a` has a value for (a draft may be partly
 * filled in); 1 when it has none of them.
 */
export function similarity(a: Attributes, b: Attributes, keys: string[]): number {
  const present = keys.filter((key) => a[key] !== undefined && a[key] !== '')
  if (present.length === 0) return 1
  return present.reduce((s, key) => s + valueSimilarity(a[key], b[key]), 0) / present.length
}

/**
 * The weighted q-quantile (0 < q ≤ 1) of prices: sorted by price, the first price where the running
 * weight reaches q × the total weight.
 */
export function weightedQuantile(points: Array<{ price: number; weight: number }>, q: number): number {
  const sorted = [...points].sort((x, y) => x.price - y.price)
  const total = sorted.reduce((s, p) => s + p.weight, 0)
  let running = 0
  for (const p of sorted) {
    running += p.weight
    // a tiny tolerance so that exact halves of floating sums are not missed
    if (running >= q * total - 1e-9) return p.price
  }
  return sorted[sorted.length - 1].price
}

/** The scope of the comparables: the subject's server, else its area, else the whole game. */
function scoped(subject: ValuationSubject, deals: ComparableDeal[], minSamples: number) {
  if (subject.serverId !== null) {
    const same = deals.filter((d) => d.serverId === subject.serverId)
    if (same.length >= minSamples || subject.areaId === null) return { scope: 'server' as const, deals: same }
  }
  if (subject.areaId !== null) {
    return { scope: 'area' as const, deals: deals.filter((d) => d.areaId === subject.areaId) }
  }
  return { scope: 'game' as const, deals }
}

/** The estimate of `subject` from `deals` (same game and type) at time `now`. */
export function estimate(
  subject: ValuationSubject,
  deals: ComparableDeal[],
  keys: string[],
  now: number,
  params: ValuationParams = VALUATION_PARAMS,
): ValuationResult {
  const since = now - params.windowDays * DAY
  const recent = deals.filter((d) => d.completedAt >= since && d.completedAt <= now && d.price > 0)
  const { scope, deals: inScope } = scoped(subject, recent, params.minSamples)
  const nearest = inScope
    .map((d) => ({ deal: d, sim: similarity(subject.attributes, d.attributes, keys) }))
    .filter((c) => c.sim >= params.minSimilarity)
    // most similar first; among equals the most recent
    .sort((x, y) => y.sim - x.sim || y.deal.completedAt - x.deal.completedAt)
    .slice(0, params.k)
  if (nearest.length < params.minSamples) return { estimate: null, samples: nearest.length, scope }
  const points = nearest.map(({ deal, sim }) => ({
    price: deal.price,
    weight: sim * Math.pow(0.5, (now - deal.completedAt) / DAY / params.halfLifeDays),
  }))
  return {
    estimate: {
      low: weightedQuantile(points, 0.25),
      mid: weightedQuantile(points, 0.5),
      high: weightedQuantile(points, 0.75),
    },
    samples: nearest.length,
    scope,
  }
}
