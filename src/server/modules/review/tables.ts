/** Reviews of completed orders and their reports (docs/trading-rules.md, "Reviews"), owned by the review module. */
import type { Generated } from 'kysely'

export interface OrderReviewsTable {
  id: Generated<number>
  order_no: string
  buyer_id: number
  seller_id: number
  goods_id: number
  /** the order's title when it was rated */
  goods_title: string
  /** 1…5 */
  stars: number
  /** JSON array of review_tag dictionary values */
  tags: string
  text: string
  created_at: number
  reply: string | null
  replied_at: number | null
  /** 1: hidden by staff (left out of public lists and of the credit) */
  hidden: Generated<number>
  hidden_reason: string | null
  hidden_by: number | null
  hidden_at: number | null
  report_count: Generated<number>
}

export interface ReviewReportsTable {
  id: Generated<number>
  review_id: number
  user_id: number
  reason: string
  created_at: number
}

export interface ReviewTables {
  order_reviews: OrderReviewsTable
  review_reports: ReviewReportsTable
}
