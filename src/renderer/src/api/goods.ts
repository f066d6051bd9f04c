/**
 * Listings, the buyer's side: search, home, detail, shop — their query keys (every key of the goods
 * domain starts with 'goods', so a listing change refreshes what is on screen by that root) and query
 * options; the screenshot upload; paths and helpers. Follows are api/follow.ts, the seller's side
 * api/seller.ts (separate modules keep their hooks out of the home and list pages). Money is fen.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AxiosProgressEvent } from 'axios'
import type { DeliveryAccountQuery } from '@shared/api/delivery'
import type { ApiResult, PageQuery } from '@shared/api/envelope'
import type { FollowListQuery } from '@shared/api/follow'
import {
  GOODS,
  GOODS_TYPES,
  type GoodsImage,
  type GoodsSearchQuery,
  type GoodsStatus,
  type GoodsType,
  type MyGoodsQuery,
} from '@shared/api/goods'
import { GOODS_STAFF, type StaffGoodsQuery } from '@shared/api/goods'
import { IMAGE } from '@shared/api/image'
import { API_BASE } from '@shared/constants'
import { platform } from '@renderer/platform'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { http } from './http'

export type { Page } from '@shared/api/contract'

/** Query keys of the goods domain. */
export const goodsKeys = {
  all: ['goods'] as const,
  search: (query: GoodsSearchQuery) => ['goods', 'search', query] as const,
  home: ['goods', 'home'] as const,
  detail: (goodsId: number) => ['goods', 'detail', goodsId] as const,
  shop: (shopId: number) => ['goods', 'shop', shopId] as const,
  /** the seller's own listings (lists and details) */
  mine: ['goods', 'mine'] as const,
  mineList: (query: MyGoodsQuery) => ['goods', 'mine', 'list', query] as const,
  mineDetail: (goodsId: number) => ['goods', 'mine', 'detail', goodsId] as const,
  /** the caller's follows */
  follows: ['goods', 'follow'] as const,
  followList: (query: FollowListQuery) => ['goods', 'follow', 'list', query] as const,
  followedIds: ['goods', 'follow', 'ids'] as const,
  delivery: ['goods', 'delivery'] as const,
  deliveryList: (query: DeliveryAccountQuery) => ['goods', 'delivery', 'list', query] as const,
  push: ['goods', 'push'] as const,
  pushQuota: ['goods', 'push', 'quota'] as const,
  pushList: (query: PageQuery) => ['goods', 'push', 'list', query] as const,
}

// ---------------------------------------------------------------------------- buyer side

/** A search (errors: 'caller' — the list shows the failure in place); the previous page stays meanwhile. */
export const goodsSearchQuery = (query: GoodsSearchQuery) =>
  queryOptions({
    queryKey: goodsKeys.search(query),
    queryFn: () => call(GOODS.search, { query }, { errors: 'caller' }),
    placeholderData: keepPreviousData,
  })

export const homeGoodsQuery = () =>
  queryOptions({
    queryKey: goodsKeys.home,
    queryFn: () => call(GOODS.home, {}, { errors: 'caller' }),
  })

/** A listing's detail (counts a view; errors: 'caller' — the page says "not found" in place). */
export const goodsDetailQuery = (goodsId: number) =>
  queryOptions({
    queryKey: goodsKeys.detail(goodsId),
    queryFn: () => call(GOODS.detail, { params: { goodsId } }, { errors: 'caller' }),
  })

export const shopQuery = (shopId: number) =>
  queryOptions({
    queryKey: goodsKeys.shop(shopId),
    queryFn: () => call(GOODS.shop, { params: { shopId } }, { errors: 'caller' }),
  })

// ---------------------------------------------------------------------------- screenshots

export interface UploadOptions {
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * Upload one screenshot (multipart field `file`, errors: 'caller'); the answer is the processed,
 * watermarked image. A plain function: an upload widget runs one per file with its own progress.
 */
export async function uploadGoodsImage(file: Blob, options: UploadOptions = {}): Promise<GoodsImage> {
  const form = new FormData()
  form.append('file', file, (file as File).name ?? 'image')
  const res = await http.post<ApiResult<GoodsImage>>(IMAGE.upload.path, form, {
    errors: 'caller',
    // the browser writes the multipart boundary; axios must not turn the form into JSON
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
    signal: options.signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (event.total) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    },
  })
  if (!res.data) throw new Error('图片上传失败')
  return res.data
}

// ---------------------------------------------------------------------------- helpers

export function isGoodsType(value: unknown): value is GoodsType {
  return typeof value === 'string' && (GOODS_TYPES as readonly string[]).includes(value)
}

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

// ------------------------------------------------------------------ staff: 商品审核 (docs/console.md)

export type { StaffGoodsQuery }

export const goodsStaffKeys = {
  all: ['staff', 'goods'] as const,
  list: (query: StaffGoodsQuery) => ['staff', 'goods', query] as const,
}

export const staffGoodsQuery = (query: StaffGoodsQuery) =>
  queryOptions({
    queryKey: goodsStaffKeys.list(query),
    queryFn: () => call(GOODS_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

/** A review action: refreshes the queue and says it worked. */
const useGoodsStaffMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [goodsStaffKeys.all], '操作成功')

export const useApproveGoods = () =>
  useGoodsStaffMutation((goodsIds: number[]) => call(GOODS_STAFF.approve, { body: { goodsIds } }))
export const useRejectGoods = () =>
  useGoodsStaffMutation((body: { goodsIds: number[]; reason: string }) => call(GOODS_STAFF.reject, { body }))
export const useTakedownGoods = () =>
  useGoodsStaffMutation((body: { goodsId: number; reason: string }) => call(GOODS_STAFF.takedown, { body }))
