/**
 * Batch publish: a template per game and goods type (CSV or XLSX), a preview of a filled file (every
 * row checked like a single listing, the reasons of the bad ones), and the publish of its valid rows.
 * Plain data: no Node, no DOM.
 */
import { data, endpoint, raw, type QueryOf } from './contract'
import { id, oneOf, optional, strict, Type } from './fields'
import { GOODS_TYPES, type GoodsStatus, type GoodsType } from './goods'

/** What publishing does with a valid row: on sale, held for staff review, or created off the shelf. */
export type BatchOutcome = Extract<GoodsStatus, 'ON_SALE' | 'AUDITING' | 'OFF_SHELF'>

export interface BatchRowResult {
  /** 1-based row number in the file, header excluded */
  rowNo: number
  ok: boolean
  /** Chinese reasons, empty when ok */
  errors: string[]
  title: string
  price: number | null
  /** a valid row that will not go on sale by itself: why (no screenshot yet, held for review) */
  notes?: string[]
  /** screenshots of the row found in the zip (file names, in display order) */
  images?: string[]
  /** a valid row: the state publishing creates it in (absent for a row with errors: not published) */
  outcome?: BatchOutcome
}

export interface BatchPreview {
  batchId: string
  gameId: number
  goodsType: GoodsType
  totalRows: number
  validRows: number
  invalidRows: number
  /** valid rows that will go on sale at once (the others are held: see each row's notes) */
  onSaleRows: number
  rows: BatchRowResult[]
  /** files of the screenshot zip that belong to no row (ignored), with why */
  unmatchedImages: string[]
}

/** One published row and the state its listing is in now. */
export interface BatchPublishedRow {
  rowNo: number
  goodsId: number
  title: string
  status: BatchOutcome
  /** why it is not on sale (the listing's audit remark) */
  reason?: string
}

export interface BatchPublishResult {
  published: number
  goodsIds: number[]
  /** of those, listings not put on sale (account rows without a screenshot, text held for review) */
  held: number
  /** of those, listings on sale now */
  onSale: number
  rows: BatchPublishedRow[]
}

/**
 * The publish's message, the real outcome: 已发布 N 件 only when all N went on sale, else how many
 * are on sale, waiting for review and off the shelf (docs/seller-tools.md).
 */
export function batchPublishedSummary(
  result: Pick<BatchPublishResult, 'published' | 'onSale' | 'rows'>,
): string {
  if (result.onSale === result.published) return `已发布 ${result.published} 件商品，全部上架`
  const auditing = result.rows.filter((row) => row.status === 'AUDITING').length
  const off = result.published - result.onSale - auditing
  const parts = [`上架 ${result.onSale} 件`]
  if (auditing) parts.push(`待审核 ${auditing} 件`)
  if (off) parts.push(`暂未上架 ${off} 件`)
  return `已创建 ${result.published} 件商品：${parts.join('，')}`
}

export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number]

export const BATCH = {
  /** the template file (not JSON), named after the game and type */
  template: endpoint({
    method: 'GET',
    path: '/goods/seller/batch/template',
    access: 'user',
    query: strict({
      format: optional(oneOf('模板格式', TEMPLATE_FORMATS)),
      gameId: id('游戏编号'),
      goodsType: oneOf('商品类型', GOODS_TYPES),
    }),
    answer: raw(),
  }),
  /**
   * multipart: the file in the field `file`, optionally a zip of screenshots in the field `images`
   * (named by row: `3-1.jpg`, or a folder per row `3/…`); gameId and goodsType as form fields (or in
   * the query string). The screenshots are checked and stored as the seller's images; the preview is
   * kept for a day under its batchId.
   */
  preview: endpoint({
    method: 'POST',
    path: '/goods/seller/batch/preview',
    access: 'user',
    query: strict({ gameId: optional(id('游戏编号')), goodsType: optional(oneOf('商品类型', GOODS_TYPES)) }),
    answer: data<BatchPreview>(),
  }),
  /** publishes the valid rows in one transaction; a batch publishes once, by its owner */
  publish: endpoint({
    method: 'POST',
    path: '/goods/seller/batch/publish',
    access: 'user',
    body: strict({ batchId: Type.String({ title: '批次编号', pattern: '^[a-f0-9]{32}$' }) }),
    answer: data<BatchPublishResult>(),
  }),
}

export type BatchTemplateQuery = QueryOf<typeof BATCH.template>
