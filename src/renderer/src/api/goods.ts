/**
 * The catalogue (issue 3): search, home, detail, shop, follow; the seller's listings, images,
 * batch publish, delivery accounts and pushes. Paths and types come from the shared contract;
 * money is integer fen everywhere.
 */
import type { AxiosProgressEvent } from 'axios'
import type { ApiResult, TableResult } from '@shared/api/envelope'
import {
  GOODS_PATHS,
  type BatchPreview,
  type BatchPublishResult,
  type AutoDeliveryBody,
  type DeliveryAccount,
  type FollowedGoods,
  type GoodsBrief,
  type GoodsDetail,
  type GoodsImage,
  type GoodsSearchQuery,
  type GoodsSearchResult,
  type GoodsStatus,
  type GoodsType,
  type HomeGoods,
  type MyGoodsQuery,
  type PublishGoodsBody,
  type PublishGoodsResult,
  type PushBody,
  type PushQuota,
  type PushRecord,
  type SaveDeliveryAccountBody,
  type ShopProfile,
  type UpdateGoodsBody,
} from '@shared/api/goods'
import type { PageQuery } from '@shared/api/envelope'
import { fillPath } from '@shared/api/paths'
import { API_BASE } from '@shared/constants'
import { platform } from '@renderer/platform'
import { http } from './http'

type Options = { errors?: 'global' | 'caller' }

/** A page of rows: the list envelope `{ rows, total }` (an array in `data` is accepted too). */
export interface Page<T> {
  rows: T[]
  total: number
  /** the search stopped counting at GOODS_LIMITS.searchCountCap: there are more than `total` */
  totalCapped?: boolean
}

export function pageOf<T>(res: Partial<TableResult<T>> & { data?: unknown; totalCapped?: boolean }): Page<T> {
  if (Array.isArray(res.rows)) {
    const page: Page<T> = { rows: res.rows, total: Number(res.total ?? res.rows.length) }
    if (res.totalCapped) page.totalCapped = true
    return page
  }
  const data = res.data as { rows?: T[]; total?: number } | T[] | undefined
  if (Array.isArray(data)) return { rows: data, total: data.length }
  if (data && Array.isArray(data.rows))
    return { rows: data.rows, total: Number(data.total ?? data.rows.length) }
  return { rows: [], total: 0 }
}

function dataOf<T>(res: ApiResult<T>, missing: string): T {
  if (res.data === undefined || res.data === null) throw new Error(missing)
  return res.data
}

// ---------- buyer side ----------

export async function searchGoods(query: GoodsSearchQuery, options?: Options): Promise<Page<GoodsBrief>> {
  return pageOf(await http.get<GoodsSearchResult>(GOODS_PATHS.search, query, options))
}

export async function getHomeGoods(options?: Options): Promise<HomeGoods> {
  const res = await http.get<ApiResult<HomeGoods>>(GOODS_PATHS.home, undefined, options)
  return {
    recommended: Array.isArray(res.data?.recommended) ? res.data.recommended : [],
    newest: Array.isArray(res.data?.newest) ? res.data.newest : [],
  }
}

export async function getGoodsDetail(goodsId: number, options?: Options): Promise<GoodsDetail> {
  const res = await http.get<ApiResult<GoodsDetail>>(
    fillPath(GOODS_PATHS.detail, { goodsId }),
    undefined,
    options,
  )
  const detail = dataOf(res, '商品不存在')
  return { ...detail, images: Array.isArray(detail.images) ? detail.images : [] }
}

export async function getShop(shopId: number, options?: Options): Promise<ShopProfile> {
  const res = await http.get<ApiResult<ShopProfile>>(
    fillPath(GOODS_PATHS.shop, { shopId }),
    undefined,
    options,
  )
  const shop = dataOf(res, '店铺不存在')
  return { ...shop, games: Array.isArray(shop.games) ? shop.games : [] }
}

export async function followGoods(goodsId: number, options?: Options): Promise<void> {
  await http.post(GOODS_PATHS.follow, { goodsId }, options)
}

export async function unfollowGoods(goodsId: number, options?: Options): Promise<void> {
  await http.post(GOODS_PATHS.unfollow, { goodsId }, options)
}

export async function listFollowed(query: PageQuery): Promise<Page<FollowedGoods>> {
  return pageOf(await http.get<TableResult<FollowedGoods>>(GOODS_PATHS.followList, query))
}

// ---------- images ----------

export interface UploadOptions {
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** Upload one screenshot (multipart field `file`); the answer is the processed, watermarked image. */
export async function uploadGoodsImage(file: Blob, options: UploadOptions = {}): Promise<GoodsImage> {
  const form = new FormData()
  form.append('file', file, (file as File).name ?? 'image')
  const res = await http.post<ApiResult<GoodsImage>>(GOODS_PATHS.uploadImage, form, {
    errors: 'caller',
    // the browser writes the multipart boundary; axios must not turn the form into JSON
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
    signal: options.signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (event.total) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    },
  })
  return dataOf(res, '图片上传失败')
}

// ---------- seller: listings ----------

export async function publishGoods(body: PublishGoodsBody): Promise<PublishGoodsResult> {
  const res = await http.post<ApiResult<PublishGoodsResult>>(GOODS_PATHS.publish, body, { errors: 'caller' })
  return dataOf(res, '发布失败')
}

export async function updateGoods(body: UpdateGoodsBody): Promise<void> {
  await http.post(GOODS_PATHS.update, body, { errors: 'caller' })
}

export async function listMyGoods(query: MyGoodsQuery): Promise<Page<GoodsBrief>> {
  return pageOf(await http.get<TableResult<GoodsBrief>>(GOODS_PATHS.myGoods, query))
}

export async function getMyGoodsDetail(goodsId: number, options?: Options): Promise<GoodsDetail> {
  const res = await http.get<ApiResult<GoodsDetail>>(
    fillPath(GOODS_PATHS.myGoodsDetail, { goodsId }),
    undefined,
    options,
  )
  const detail = dataOf(res, '商品不存在')
  return { ...detail, images: Array.isArray(detail.images) ? detail.images : [] }
}

/** Resolves with the new state: ON_SALE, or AUDITING when listings wait for approval. */
export async function putOnShelf(goodsId: number): Promise<GoodsStatus> {
  const res = await http.post<ApiResult<{ status: GoodsStatus }>>(
    GOODS_PATHS.onShelf,
    { goodsId },
    { errors: 'caller' },
  )
  return res.data?.status ?? 'ON_SALE'
}

export async function takeOffShelf(goodsId: number): Promise<void> {
  await http.post(GOODS_PATHS.offShelf, { goodsId }, { errors: 'caller' })
}

export async function updatePrice(goodsId: number, price: number): Promise<void> {
  await http.post(GOODS_PATHS.updatePrice, { goodsId, price }, { errors: 'caller' })
}

export async function removeGoods(goodsId: number): Promise<void> {
  await http.post(GOODS_PATHS.remove, { goodsId }, { errors: 'caller' })
}

// ---------- seller: batch publish ----------

export type TemplateFormat = 'csv' | 'xlsx'

/** The template file as a Blob (fetched with the Authorization header, then saved by the page). */
export async function downloadBatchTemplate(
  gameId: number,
  goodsType: GoodsType,
  format: TemplateFormat,
): Promise<Blob> {
  return http.get<Blob>(
    GOODS_PATHS.batchTemplate,
    { gameId, goodsType, format },
    { responseType: 'blob', errors: 'caller', timeout: 60_000 },
  )
}

export async function previewBatch(gameId: number, goodsType: GoodsType, file: File): Promise<BatchPreview> {
  const form = new FormData()
  form.append('gameId', String(gameId))
  form.append('goodsType', goodsType)
  form.append('file', file, file.name)
  const res = await http.post<ApiResult<BatchPreview>>(GOODS_PATHS.batchPreview, form, {
    errors: 'caller',
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
    params: { gameId, goodsType },
  })
  const preview = dataOf(res, '文件解析失败')
  return { ...preview, rows: Array.isArray(preview.rows) ? preview.rows : [] }
}

export async function publishBatch(batchId: string): Promise<BatchPublishResult> {
  const res = await http.post<ApiResult<BatchPublishResult>>(
    GOODS_PATHS.batchPublish,
    { batchId },
    { errors: 'caller', timeout: 60_000 },
  )
  return dataOf(res, '批量发布失败')
}

// ---------- seller: delivery accounts ----------

export interface DeliveryAccountQuery extends PageQuery {
  gameId?: number
  keyword?: string
}

/** The seller's account listings with their delivery-account state (values masked). */
export async function listDeliveryAccounts(query: DeliveryAccountQuery): Promise<Page<DeliveryAccount>> {
  return pageOf(await http.get<TableResult<DeliveryAccount>>(GOODS_PATHS.deliveryAccounts, query))
}

export async function saveDeliveryAccount(body: SaveDeliveryAccountBody): Promise<DeliveryAccount | null> {
  const res = await http.post<ApiResult<DeliveryAccount>>(GOODS_PATHS.saveDeliveryAccount, body, {
    errors: 'caller',
  })
  return res.data ?? null
}

export async function removeDeliveryAccount(goodsId: number): Promise<void> {
  await http.post(GOODS_PATHS.removeDeliveryAccount, { goodsId }, { errors: 'caller' })
}

/** 自动交付: the platform hands the delivery account over when the buyer pays (complete accounts only). */
export async function setAutoDelivery(body: AutoDeliveryBody): Promise<void> {
  await http.post(GOODS_PATHS.autoDelivery, body, { errors: 'caller' })
}

// ---------- seller: push ----------

export async function getPushQuota(): Promise<PushQuota> {
  const res = await http.get<ApiResult<PushQuota>>(GOODS_PATHS.pushQuota)
  const quota = dataOf(res, '推送额度查询失败')
  return { ...quota, hourOptions: Array.isArray(quota.hourOptions) ? quota.hourOptions : [] }
}

export async function pushGoods(body: PushBody): Promise<void> {
  await http.post(GOODS_PATHS.push, body, { errors: 'caller' })
}

export async function listPushes(query: PageQuery): Promise<Page<PushRecord>> {
  return pageOf(await http.get<TableResult<PushRecord>>(GOODS_PATHS.pushList, query))
}

// ---------- helpers ----------

/**
 * Where an image the server names can be loaded from. The server answers site-relative paths
 * (/api/goods/image/file/…): the web bundle loads them as they are; the desktop renderer is served
 * from its own origin, so they are put on the API's origin.
 */
export function imageSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  if (!url.startsWith(`${API_BASE}/`)) return url
  const base = platform.apiBaseUrl()
  return base === API_BASE ? url : `${base.slice(0, -API_BASE.length)}${url}`
}

export const STATUS_COLORS: Record<GoodsStatus, string> = {
  AUDITING: 'gold',
  ON_SALE: 'green',
  OFF_SHELF: 'default',
  SOLD: 'blue',
}

export const goodsDetailPath = (goodsId: number) => `/detail/${goodsId}.html`
export const shopPath = (shopId: number) => `/shop/${shopId}.html`
