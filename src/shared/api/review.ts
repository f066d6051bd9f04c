/**
 * 评价与卖家信用 (docs/trading-rules.md, "Reviews" and "Seller credit"): the buyer of a completed
 * order rates it once within 15 days (stars, tags of the dictionary `review_tag`, plain text); the
 * seller replies once; anyone logged in reports a review once; staff hide and unhide with a reason.
 * A seller's credit (average rating, completed orders, dispute rate → a level) is public.
 * Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import type { CreditLevelName } from '../rules/seller-credit'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, int, list, optional, paging, pattern, strict, text, Type } from './fields'

export const REVIEW_TAG_DICT = 'review_tag'
export const REVIEW_LIMITS = {
  /** days after completion during which the buyer may rate the order */
  days: 15,
  text: 500,
  reply: 500,
  tags: 5,
  reportReason: 200,
  hideReason: 200,
  /** reports per user and hour */
  reportsPerHour: 10,
} as const

/** 信用等级 and their rule: src/shared/rules/seller-credit.ts (docs/trading-rules.md, "Seller credit"). */
export { CREDIT_LEVELS, type CreditLevelName } from '../rules/seller-credit'

export interface SellerCredit {
  sellerId: number
  /** average stars of the valid (not hidden) reviews, one decimal; null: no review yet */
  rating: number | null
  reviewCount: number
  completedCount: number
  /** orders that went to arbitration among the paid orders, 0…1 (4 decimals) */
  disputeRate: number
  /** orders paid, and those taken to arbitration (the dispute rate's parts) */
  paidCount: number
  disputedCount: number
  /** disputes lost (refunded to the buyer by a ruling) in the last 90 days */
  lostDisputes: number
  /** 1…5 */
  level: number
  levelName: CreditLevelName
}

export interface Review {
  reviewId: number
  orderNo: string
  goodsId: number
  goodsTitle: string
  buyerId: number
  /** the buyer's nickname, masked on public lists (王**) */
  buyerName: string
  sellerId: number
  stars: number
  /** tag labels of the dictionary review_tag */
  tags: string[]
  text: string
  createdAt: number
  reply: string | null
  repliedAt: number | null
  /** only in the parties' and staff's views: the public lists leave hidden reviews out */
  hidden: boolean
}

export interface StaffReview extends Review {
  sellerName: string
  hiddenReason: string | null
  hiddenBy: number | null
  reportCount: number
}

const orderNo = () => pattern('订单号', '^[A-Za-z0-9]+$', 40)
const tagValue = () => pattern('评价标签', '^[A-Z_]{1,30}$', 30)
/** 我的评价 and 收到的评价 (docs/order-detail.md): `replied` only means something for received reviews */
const myReviewQuery = strict({
  ...paging(50),
  stars: optional(int('评分', 1, 5)),
  replied: optional(bool('是否已回复')),
})

export const REVIEW = {
  /** the buyer rates a completed order (once, within 15 days of completion) */
  rate: endpoint({
    method: 'POST',
    path: '/review/rate',
    access: 'user',
    body: strict({
      orderNo: orderNo(),
      stars: int('评分', 1, 5),
      tags: optional(list('评价标签', tagValue(), REVIEW_LIMITS.tags)),
      text: optional(text('评价内容', REVIEW_LIMITS.text, 0)),
    }),
    answer: data<Review>(),
  }),
  /** the seller replies to a review of their order, once */
  reply: endpoint({
    method: 'POST',
    path: '/review/reply',
    access: 'user',
    body: strict({
      reviewId: id('评价编号'),
      content: Type.String({
        title: '回复内容',
        minLength: 1,
        maxLength: REVIEW_LIMITS.reply,
        pattern: '\\S',
      }),
    }),
    answer: data<Review>(),
  }),
  /** anyone logged in reports a review (once per user and review) */
  report: endpoint({
    method: 'POST',
    path: '/review/report',
    access: 'user',
    body: strict({
      reviewId: id('评价编号'),
      reason: Type.String({
        title: '举报原因',
        minLength: 1,
        maxLength: REVIEW_LIMITS.reportReason,
        pattern: '\\S',
      }),
    }),
    answer: data<{ reviewId: number }>(),
  }),
  /** reviews the caller wrote (as a buyer), newest first; by stars */
  given: endpoint({
    method: 'GET',
    path: '/review/given',
    access: 'user',
    query: myReviewQuery,
    answer: page<Review>(),
  }),
  /** reviews of the caller's sales, newest first; by stars, and replied or waiting for the reply */
  received: endpoint({
    method: 'GET',
    path: '/review/received',
    access: 'user',
    query: myReviewQuery,
    answer: page<Review>(),
  }),
  /** the reviews of these orders of which the caller is buyer or seller (for the order lists) */
  ofOrders: endpoint({
    method: 'GET',
    path: '/review/ofOrders',
    access: 'user',
    query: strict({ orderNos: pattern('订单号', '^[A-Za-z0-9]+(,[A-Za-z0-9]+){0,49}$', 2100) }),
    answer: data<Review[]>(),
  }),
  /** a shop's visible reviews, newest first (public) */
  shop: endpoint({
    method: 'GET',
    path: '/review/shop/:shopId',
    access: 'public',
    params: strict({ shopId: id('店铺编号') }),
    query: strict({ ...paging(50), stars: optional(int('评分', 1, 5)) }),
    answer: page<Review>(),
  }),
  /** a seller's credit summary (public) */
  credit: endpoint({
    method: 'GET',
    path: '/review/credit/:sellerId',
    access: 'public',
    params: strict({ sellerId: id('卖家编号') }),
    answer: data<SellerCredit>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const REVIEW_STAFF = {
  /** staff: every review, with filters */
  list: endpoint({
    method: 'GET',
    path: '/review/staff/list',
    access: 'user',
    permission: PERMS.reviewList,
    query: strict({
      ...paging(),
      reported: optional(bool('只看被举报')),
      hidden: optional(bool('是否隐藏')),
      stars: optional(int('评分', 1, 5)),
      sellerId: optional(id('卖家编号')),
    }),
    answer: page<StaffReview>(),
  }),
  hide: endpoint({
    method: 'POST',
    path: '/review/staff/hide',
    access: 'user',
    permission: PERMS.reviewHide,
    body: strict({
      reviewId: id('评价编号'),
      hidden: bool('是否隐藏'),
      reason: Type.String({
        title: '原因',
        minLength: 1,
        maxLength: REVIEW_LIMITS.hideReason,
        pattern: '\\S',
      }),
    }),
    answer: data<StaffReview>(),
  }),
}

export type RateBody = BodyOf<typeof REVIEW.rate>
export type ReviewListQuery = QueryOf<typeof REVIEW_STAFF.list>
export type ShopReviewQuery = QueryOf<typeof REVIEW.shop>
export type MyReviewQuery = QueryOf<typeof REVIEW.given>
