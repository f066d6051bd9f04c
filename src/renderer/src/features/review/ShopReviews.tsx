/**
 * The shop's reviews (public, newest first, paged; hidden ones are left out by the server). A logged-in
 * visitor may report one (举报): the dialog is loaded only then, so the public page stays light.
 */
import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Empty, Skeleton } from 'antd'
import type { Review } from '@shared/api/review'
import { SHOP_REVIEW_PAGE_SIZE, shopReviewsQuery } from '@renderer/api/review'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { Pagination } from '@renderer/components/Pagination'
import { formatTradeTime } from '@renderer/utils/time'
import { starsText } from './stars'
import './review.css'

const ReportModal = lazy(() => import('./ReportModal'))
const PAGE_SIZE = SHOP_REVIEW_PAGE_SIZE

function ReviewItem({ review, onReport }: { review: Review; onReport: () => void }) {
  return (
    <li className="shop-review">
      <div className="shop-review__head">
        <span className="review-stars" aria-label={`${review.stars} 星`}>
          {starsText(review.stars)}
        </span>
        <span>{review.buyerName}</span>
        <span className="shop-review__time">{formatTradeTime(review.createdAt)}</span>
        <button type="button" className="shop-review__report" onClick={onReport}>
          举报
        </button>
      </div>
      {review.tags.length > 0 ? (
        <div className="shop-review__tags">
          {review.tags.map((t) => (
            <span key={t}>{t}</span>
          ))}
        </div>
      ) : null}
      <p className="shop-review__text">{review.text || '买家没有填写评价内容'}</p>
      <div className="shop-review__goods">购买商品：{review.goodsTitle}</div>
      {review.reply ? <p className="shop-review__reply">卖家回复：{review.reply}</p> : null}
    </li>
  )
}

export function ShopReviews({ shopId }: { shopId: number }) {
  const [page, setPage] = useState(1)
  const [reporting, setReporting] = useState<Review | null>(null)
  const ensureLogin = useRequireLogin()
  const reviews = useQuery(shopReviewsQuery(shopId, { pageNum: page, pageSize: PAGE_SIZE }))
  return (
    <section className="panel" aria-labelledby="shop-reviews-title">
      <div className="panel__head">
        <h2 className="panel__title" id="shop-reviews-title">
          买家评价
        </h2>
        <span className="panel__extra">{reviews.data ? `共 ${reviews.data.total} 条` : null}</span>
      </div>
      {!reviews.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : reviews.data.rows.length === 0 ? (
        <Empty description="这家店铺还没有评价" />
      ) : (
        <ul className="shop-reviews">
          {reviews.data.rows.map((r) => (
            <ReviewItem key={r.reviewId} review={r} onReport={() => ensureLogin() && setReporting(r)} />
          ))}
        </ul>
      )}
      {(reviews.data?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          total={reviews.data?.total ?? 0}
          page={page}
          limit={PAGE_SIZE}
          onChange={(next) => setPage(next)}
        />
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportModal review={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}
    </section>
  )
}
