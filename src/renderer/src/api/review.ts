/**
 * 评价与卖家信用 (docs/trading-rules.md, "Reviews"): a shop's reviews and a seller's credit (public;
 * the shop and detail pages read them, also while rendered on the server), the reviews of the
 * caller's orders, and rating, replying and reporting.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  type ReviewListQuery,
  REVIEW,
  REVIEW_STAFF,
  REVIEW_TAG_DICT,
  type MyReviewQuery,
  type RateBody,
  type ShopReviewQuery,
} from '@shared/api/review'
import { SYSTEM } from '@shared/api/system'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { orderDetailKeys } from './order-detail'

export const reviewKeys = {
  all: ['review'] as const,
  tags: ['review', 'tags'] as const,
  credit: (sellerId: number) => ['review', 'credit', sellerId] as const,
  shop: (shopId: number, query: ShopReviewQuery) => ['review', 'shop', shopId, query] as const,
  ofOrders: (orderNos: string[]) => ['review', 'ofOrders', orderNos] as const,
  mine: (side: 'given' | 'received', query: MyReviewQuery) => ['review', 'mine', side, query] as const,
}

export const sellerCreditQuery = (sellerId: number) =>
  queryOptions({
    queryKey: reviewKeys.credit(sellerId),
    queryFn: () => call(REVIEW.credit, { params: { sellerId } }, { errors: 'caller' }),
    staleTime: 60_000,
  })

export const shopReviewsQuery = (shopId: number, query: ShopReviewQuery) =>
  queryOptions({
    queryKey: reviewKeys.shop(shopId, query),
    queryFn: () => call(REVIEW.shop, { params: { shopId }, query }, { errors: 'caller' }),
    placeholderData: keepPreviousData,
  })

/** The shop page shows 10 reviews a page; its first page is prefetched for server rendering (ssr/head.ts). */
export const SHOP_REVIEW_PAGE_SIZE = 10
export const shopReviewsFirstPage = (shopId: number) =>
  shopReviewsQuery(shopId, { pageNum: 1, pageSize: SHOP_REVIEW_PAGE_SIZE })

/** The reviews of the listed orders (the caller's, as buyer or seller). */
export const orderReviewsQuery = (orderNos: string[]) =>
  queryOptions({
    queryKey: reviewKeys.ofOrders(orderNos),
    queryFn: () => call(REVIEW.ofOrders, { query: { orderNos: orderNos.join(',') } }),
    enabled: orderNos.length > 0,
  })

/** 我的评价 (given, as a buyer) or 收到的评价 (received, as a seller); the previous page stays meanwhile. */
export const myReviewsQuery = (side: 'given' | 'received', query: MyReviewQuery) =>
  queryOptions({
    queryKey: reviewKeys.mine(side, query),
    queryFn: () => call(side === 'given' ? REVIEW.given : REVIEW.received, { query }, { errors: 'caller' }),
    placeholderData: keepPreviousData,
  })

export const reviewTagsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.tags,
    queryFn: () => call(SYSTEM.dict, { params: { dictType: REVIEW_TAG_DICT } }),
    staleTime: 10 * 60_000,
  })

const useReviewMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, { keys: [reviewKeys.all, orderDetailKeys.all], errors: 'caller' })

/** errors: 'caller' — the modals show the refusal (e.g. 已超过 15 天) themselves. */
export const useRateOrder = () =>
  useReviewMutation((body: RateBody) => call(REVIEW.rate, { body }, { errors: 'caller' }))
export const useReplyReview = () =>
  useReviewMutation((body: { reviewId: number; content: string }) =>
    call(REVIEW.reply, { body }, { errors: 'caller' }),
  )
export const useReportReview = () =>
  useReviewMutation((body: { reviewId: number; reason: string }) =>
    call(REVIEW.report, { body }, { errors: 'caller' }),
  )

// ------------------------------------------------------------------ staff: 评价管理 (docs/console.md)
// Every review with filters; hide and unhide with a reason.

export const reviewStaffKeys = {
  list: (query: ReviewListQuery) => ['review', 'staff', query] as const,
}

export const staffReviewsQuery = (query: ReviewListQuery) =>
  queryOptions({
    queryKey: reviewStaffKeys.list(query),
    queryFn: () => call(REVIEW_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const useHideReview = () =>
  useChangeMutation(
    (body: { reviewId: number; hidden: boolean; reason: string }) => call(REVIEW_STAFF.hide, { body }),
    [reviewKeys.all],
  )
