/**
 * The seller's side of listings: their lists and details, changes (publish, edit, shelf, price,
 * delete), batch publish, delivery accounts and pushes — query options and mutations. Keys are
 * goodsKeys (api/goods.ts). Money is integer fen.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AxiosRequestConfig } from 'axios'
import { BATCH, type BatchPreview, type TemplateFormat } from '@shared/api/batch'
import { DELIVERY, type DeliveryAccountQuery, type SaveDeliveryAccountBody } from '@shared/api/delivery'
import type { ApiResult, PageQuery } from '@shared/api/envelope'
import {
  GOODS,
  type GoodsStatus,
  type GoodsType,
  type MyGoodsQuery,
  type PublishGoodsBody,
  type UpdateGoodsBody,
} from '@shared/api/goods'
import { PUSH, type PushBody } from '@shared/api/push'
import { call } from './client'
import { gameKeys } from './game'
import { goodsKeys } from './goods'
import { http, type RequestOptions } from './http'
import { useChangeMutation } from './mutation'

export type { TemplateFormat } from '@shared/api/batch'

/** Per-call options that the request layer passes on to axios (time-outs of slow calls). */
const withAxios = (options: RequestOptions & AxiosRequestConfig): RequestOptions => options

// ---------------------------------------------------------------------------- seller: listings

export const myGoodsQuery = (query: MyGoodsQuery) =>
  queryOptions({
    queryKey: goodsKeys.mineList(query),
    queryFn: () => call(GOODS.mine, { query }),
    placeholderData: keepPreviousData,
  })

/** The caller's own listing (errors: 'caller' — someone else's or an unknown one is said in place). */
export const myGoodsDetailQuery = (goodsId: number) =>
  queryOptions({
    queryKey: goodsKeys.mineDetail(goodsId),
    queryFn: () => call(GOODS.mineDetail, { params: { goodsId } }, { errors: 'caller' }),
  })

/**
 * A seller's change of a listing (errors: 'caller': the page shows the server's refusal); then every
 * listing query and the seller's games refetch.
 */
const useListingMutation = <V, R>(run: (variables: V) => Promise<R>) =>
  useChangeMutation(run, { keys: [goodsKeys.all, gameKeys.mine], errors: 'caller' })

const CALLER = { errors: 'caller' } as const

export const usePublishGoods = () =>
  useListingMutation((body: PublishGoodsBody) => call(GOODS.publish, { body }, CALLER))
export const useUpdateGoods = () =>
  useListingMutation((body: UpdateGoodsBody) => call(GOODS.update, { body }, CALLER))
/** Resolves with the new state: ON_SALE, or AUDITING when listings wait for approval. */
export const useOnShelf = () =>
  useListingMutation(
    async (goodsId: number): Promise<GoodsStatus> =>
      (await call(GOODS.onShelf, { body: { goodsId } }, CALLER))?.status ?? 'ON_SALE',
  )
export const useOffShelf = () =>
  useListingMutation((goodsId: number) => call(GOODS.offShelf, { body: { goodsId } }, CALLER))
export const useRemoveGoods = () =>
  useListingMutation((goodsId: number) => call(GOODS.remove, { body: { goodsId } }, CALLER))
export const useUpdatePrice = () =>
  useListingMutation(({ goodsId, price }: { goodsId: number; price: number }) =>
    call(GOODS.updatePrice, { body: { goodsId, price } }, CALLER),
  )

// ---------------------------------------------------------------------------- seller: batch publish

/** The template file as a Blob, fetched with the login (the page saves it, or shows the refusal). */
export function useBatchTemplate() {
  return useChangeMutation(
    ({ gameId, goodsType, format }: { gameId: number; goodsType: GoodsType; format: TemplateFormat }) =>
      http.get<Blob>(
        BATCH.template.path,
        { gameId, goodsType, format },
        { responseType: 'blob', errors: 'caller', timeout: 60_000 },
      ),
    { errors: 'caller' },
  )
}

/** Upload a filled file and read its preview (every row checked; the page shows a refusal). */
export function useBatchPreview() {
  return useChangeMutation(
    async ({
      gameId,
      goodsType,
      file,
      images,
    }: {
      gameId: number
      goodsType: GoodsType
      file: File
      /** the zip of screenshots named by row (optional) */
      images?: File | null
    }) => {
      const form = new FormData()
      form.append('gameId', String(gameId))
      form.append('goodsType', goodsType)
      form.append('file', file, file.name)
      if (images) form.append('images', images, images.name)
      const res = await http.post<ApiResult<BatchPreview>>(BATCH.preview.path, form, {
        errors: 'caller',
        headers: { 'Content-Type': 'multipart/form-data' },
        timeout: 120_000,
        params: { gameId, goodsType },
      })
      if (!res.data) throw new Error('文件解析失败')
      return { ...res.data, rows: res.data.rows ?? [], unmatchedImages: res.data.unmatchedImages ?? [] }
    },
    { errors: 'caller' },
  )
}

/** Publish the valid rows of a preview. */
export const useBatchPublish = () =>
  useListingMutation((batchId: string) =>
    call(BATCH.publish, { body: { batchId } }, withAxios({ errors: 'caller', timeout: 60_000 })),
  )

// ---------------------------------------------------------------------------- seller: delivery accounts

/** The seller's account listings with their delivery-account state (values masked). */
export const deliveryAccountsQuery = (query: DeliveryAccountQuery) =>
  queryOptions({
    queryKey: goodsKeys.deliveryList(query),
    queryFn: () => call(DELIVERY.list, { query }),
    placeholderData: keepPreviousData,
  })

const useDeliveryMutation = <V, R>(run: (variables: V) => Promise<R>) =>
  useChangeMutation(run, { keys: [goodsKeys.delivery], errors: 'caller' })

export const useSaveDeliveryAccount = () =>
  useDeliveryMutation((body: SaveDeliveryAccountBody) => call(DELIVERY.save, { body }, CALLER))
export const useRemoveDeliveryAccount = () =>
  useDeliveryMutation((goodsId: number) => call(DELIVERY.remove, { body: { goodsId } }, CALLER))
/** 自动交付: the platform hands the delivery account over when the buyer pays (complete accounts only). */
export const useSetAutoDelivery = () =>
  useDeliveryMutation(({ goodsId, enabled }: { goodsId: number; enabled: boolean }) =>
    call(DELIVERY.autoDelivery, { body: { goodsId, enabled } }, CALLER),
  )

// ---------------------------------------------------------------------------- seller: push

export const pushQuotaQuery = () =>
  queryOptions({
    queryKey: goodsKeys.pushQuota,
    queryFn: async () => {
      const quota = await call(PUSH.quota, {})
      return { ...quota, hourOptions: quota.hourOptions ?? [] }
    },
  })

/** The push records (errors: 'caller' — the page shows a failure in place). */
export const pushesQuery = (query: PageQuery) =>
  queryOptions({
    queryKey: goodsKeys.pushList(query),
    queryFn: () => call(PUSH.list, { query }, CALLER),
    placeholderData: keepPreviousData,
  })

/** Push a listing; the quota and the push records follow (the page shows a refusal). */
export const usePushGoods = () =>
  useChangeMutation((body: PushBody) => call(PUSH.push, { body }, CALLER), {
    keys: [goodsKeys.push],
    errors: 'caller',
  })
