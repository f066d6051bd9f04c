/**
 * The bulk tools' pure parts (docs/seller-tools.md): reading the price change the seller typed
 * (± 元 with two decimals, or ± whole percent), the preview of each selected listing's new price
 * (the same rule as the server: shared/rules/bulk-price.ts) and the summary of a bulk result
 * (成功 18 件，失败 2 件：…).
 */
import type { GoodsBrief } from '@shared/api/goods'
import type { BulkResult } from '@shared/api/seller-tools'
import {
  bulkChangeProblem,
  bulkNewPrice,
  bulkPriceProblem,
  type BulkPriceChange,
  type BulkPriceMode,
} from '@shared/rules/bulk-price'
import { yuanToFen } from '@renderer/utils/money'

/** The change typed in the dialog, or the reason it cannot be used. */
export function readPriceChange(
  mode: BulkPriceMode,
  text: string,
): { change: BulkPriceChange } | { error: string } {
  const raw = text.trim().replace(/\s+/g, '')
  if (raw === '') return { error: mode === 'PERCENT' ? '请输入调整比例' : '请输入调整金额' }
  const sign = raw.startsWith('-') ? -1 : 1
  const body = raw.replace(/^[+-]/, '').replace(/%$/, '')
  let magnitude: number | null
  if (mode === 'PERCENT') magnitude = /^\d{1,4}$/.test(body) ? Number(body) : null
  else magnitude = yuanToFen(body)
  if (magnitude === null)
    return { error: mode === 'PERCENT' ? '调整比例须为整数，如 -10' : '调整金额最多两位小数，如 -5.50' }
  const change: BulkPriceChange = { mode, value: sign * magnitude }
  const problem = bulkChangeProblem(change)
  return problem ? { error: problem } : { change }
}

export interface PricePreviewRow {
  goodsId: number
  title: string
  price: number
  newPrice: number
  /** why this listing will be left unchanged */
  problem: string | null
}

/** Each selected listing with its new price, or why it will be left unchanged. */
export function previewPrices(goods: GoodsBrief[], change: BulkPriceChange): PricePreviewRow[] {
  return goods.map((g) => {
    const newPrice = bulkNewPrice(g.price, change)
    const problem = g.status === 'SOLD' ? '已售出的商品不能改价' : bulkPriceProblem(newPrice)
    return { goodsId: g.goodsId, title: g.title, price: g.price, newPrice, problem }
  })
}

/** 成功 2 件，失败 1 件：〈title〉（reason）；… — the failed listings named by their titles. */
export function bulkSummary(result: BulkResult, titles: Map<number, string>): string {
  // relisting may send a listing to review instead of on sale
  const reviewing = result.results.filter((r) => r.ok && r.status === 'AUDITING').length
  const done = `成功 ${result.done} 件${reviewing > 0 ? `（其中 ${reviewing} 件待审核）` : ''}`
  const head = result.failed === 0 ? done : `${done}，失败 ${result.failed} 件`
  const failures = result.results
    .filter((r) => !r.ok)
    .map((r) => `${titles.get(r.goodsId) ?? `商品 ${r.goodsId}`}（${r.reason ?? '操作失败'}）`)
  return failures.length > 0 ? `${head}：${failures.join('；')}` : head
}
