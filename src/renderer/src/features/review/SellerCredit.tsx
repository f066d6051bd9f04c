/**
 * A seller's credit (docs/trading-rules.md, "Seller credit"): rating, completed orders, dispute rate
 * and level. Public, read through sellerCreditQuery so a server-rendered page carries it.
 */
import { useQuery } from '@tanstack/react-query'
import type { SellerCredit } from '@shared/api/review'
import { sellerCreditQuery } from '@renderer/api/review'
import './review.css'

export const ratingText = (c: Pick<SellerCredit, 'rating'>) =>
  c.rating === null ? '暂无' : c.rating.toFixed(1)
export const disputeRateText = (c: Pick<SellerCredit, 'disputeRate'>) =>
  `${Number((c.disputeRate * 100).toFixed(2))}%`

export function useSellerCredit(sellerId: number | null) {
  return useQuery({ ...sellerCreditQuery(sellerId ?? 0), enabled: sellerId !== null })
}

/** The shop hero's credit figures (items of its stats list). */
export function ShopCreditStats({ shopId }: { shopId: number }) {
  const credit = useSellerCredit(shopId).data
  if (!credit) return null
  return (
    <>
      <div>
        <dt>评分</dt>
        <dd>{ratingText(credit)}</dd>
      </div>
      <div>
        <dt>完成订单</dt>
        <dd>{credit.completedCount}</dd>
      </div>
      <div>
        <dt>纠纷率</dt>
        <dd>{disputeRateText(credit)}</dd>
      </div>
      <div>
        <dt>信用等级</dt>
        <dd>{credit.levelName}</dd>
      </div>
    </>
  )
}

/** One line for the detail page's seller card: 评分 4.8 · 金牌卖家. */
export function SellerCreditLine({ sellerId }: { sellerId: number }) {
  const credit = useSellerCredit(sellerId).data
  if (!credit) return null
  return (
    <p className="seller-credit" aria-label="卖家信用">
      <span>评分 {ratingText(credit)}</span>
      <span className="seller-credit__level">{credit.levelName}</span>
    </p>
  )
}
