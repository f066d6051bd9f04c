/**
 * A seller's credit (docs/trading-rules.md, "Seller credit"): rating, completed orders, dispute rate
 * and level. Public, read through sellerCreditQuery so a server-rendered page carries it.
 */
import { useQuery } from '@tanstack/react-query'
import { Popover } from 'antd'
import type { SellerCredit } from '@shared/api/review'
import { CREDIT_LEVELS, CREDIT_TIERS, LOST_DISPUTE_WINDOW_DAYS, tierText } from '@shared/rules/seller-credit'
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
        <dd>
          <CreditLevel credit={credit} />
        </dd>
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
      <CreditLevel credit={credit} />
    </p>
  )
}

/** What a level is made of: the seller's figures, and what the next level asks (docs/trading-rules.md). */
export function CreditParts({ credit }: { credit: SellerCredit }) {
  const next = CREDIT_TIERS.find((t) => t.level === credit.level + 1)
  return (
    <div className="credit-parts">
      <dl>
        <div>
          <dt>完成订单</dt>
          <dd>{credit.completedCount}</dd>
        </div>
        <div>
          <dt>评分</dt>
          <dd>
            {ratingText(credit)}（{credit.reviewCount} 条评价）
          </dd>
        </div>
        <div>
          <dt>纠纷率</dt>
          <dd>
            {disputeRateText(credit)}（{credit.disputedCount}/{credit.paidCount} 笔）
          </dd>
        </div>
        <div>
          <dt>近 {LOST_DISPUTE_WINDOW_DAYS} 天败诉</dt>
          <dd>{credit.lostDisputes} 笔</dd>
        </div>
      </dl>
      <p className="credit-parts__next">
        {next ? `下一等级 ${CREDIT_LEVELS[next.level - 1]}：${tierText(next).join('，')}` : '已是最高等级'}
      </p>
    </div>
  )
}

/** The level's name; hovering or clicking it shows its parts. */
export function CreditLevel({ credit }: { credit: SellerCredit }) {
  return (
    <Popover
      title={`信用等级：${credit.levelName}`}
      content={<CreditParts credit={credit} />}
      trigger={['hover', 'click']}
    >
      <button
        type="button"
        className="seller-credit__level"
        aria-label={`信用等级 ${credit.levelName}，查看构成`}
      >
        {credit.levelName}
      </button>
    </Popover>
  )
}
