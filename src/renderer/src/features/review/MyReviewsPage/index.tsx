/**
 * /buyer/myReviews.html 我的评价 (the reviews I wrote as a buyer) and /seller/myReviews.html 收到的评价
 * (the reviews of my sales, each with my one reply inline); docs/order-detail.md. Filters by stars and,
 * for received reviews, by whether I replied; each review links to its order's detail page.
 */
import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Button, Empty, Input, Segmented, Select, Skeleton, Space, Tag } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { REVIEW_LIMITS, type Review } from '@shared/api/review'
import { goodsDetailPath } from '@renderer/api/goods'
import { myReviewsQuery, useReplyReview } from '@renderer/api/review'
import { BUYER_CENTRE, CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { Pagination } from '@renderer/components/Pagination'
import { usePagerState } from '@renderer/components/use-pager-state'
import { orderDetailPath } from '@renderer/features/trade/OrderDetailPage/order-links'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { starsText } from '../stars'
import '../review.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export const MY_REVIEW_PATHS = { given: '/buyer/myReviews.html', received: '/seller/myReviews.html' } as const

/** The seller's one reply, written in place. */
function ReplyInline({ review }: { review: Review }) {
  const [text, setText] = useState('')
  const reply = useReplyReview()
  const send = () =>
    reply.mutate(
      { reviewId: review.reviewId, content: text.trim() },
      { onSuccess: () => toast('success', '回复成功') },
    )
  return (
    <div className="my-review__reply-form">
      <ErrorAlert error={reply.error} />
      <Input.TextArea
        rows={2}
        maxLength={REVIEW_LIMITS.reply}
        showCount
        value={text}
        aria-label="回复内容"
        placeholder="回复买家（只能回复一次，不能包含联系方式）"
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="primary" size="small" disabled={!text.trim()} loading={reply.isPending} onClick={send}>
        回复
      </Button>
    </div>
  )
}

function ReviewItem({ review, side }: { review: Review; side: 'given' | 'received' }) {
  return (
    <li className="shop-review my-review" aria-label={`评价 ${review.orderNo}`}>
      <div className="shop-review__head">
        <span className="review-stars" aria-label={`${review.stars} 星`}>
          {starsText(review.stars)}
        </span>
        {review.tags.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        {review.hidden ? <Tag color="default">已被平台隐藏</Tag> : null}
        <span className="shop-review__time">{formatTradeTime(review.createdAt)}</span>
      </div>
      <div className="shop-review__goods">
        <Link to={goodsDetailPath(review.goodsId)}>{review.goodsTitle}</Link> · 订单{' '}
        <Link to={orderDetailPath(review.orderNo, side === 'given' ? 'buyer' : 'seller')}>
          {review.orderNo}
        </Link>
        {side === 'received' ? ` · 买家 ${review.buyerName}` : null}
      </div>
      {review.text ? <p className="my-review__text">{review.text}</p> : null}
      {review.reply !== null ? (
        <div className="my-review__reply">
          {side === 'received' ? '我的回复' : '卖家回复'}：{review.reply}
          {review.repliedAt ? (
            <span className="shop-review__time"> {formatTradeTime(review.repliedAt)}</span>
          ) : null}
        </div>
      ) : side === 'received' ? (
        <ReplyInline review={review} />
      ) : null}
    </li>
  )
}

export default function MyReviewsPage() {
  const { pathname } = useLocation()
  const side = pathname === MY_REVIEW_PATHS.received ? 'received' : 'given'
  const { page, limit, setPage, props: paging } = usePagerState(10)
  const [stars, setStars] = useState<number | undefined>()
  const [replied, setReplied] = useState<boolean | undefined>()
  const list = useQuery(
    myReviewsQuery(side, {
      pageNum: page,
      pageSize: limit,
      ...(stars ? { stars } : {}),
      ...(side === 'received' && replied !== undefined ? { replied } : {}),
    }),
  )
  const filters = (
    <Space wrap>
      <Select
        aria-label="评分"
        style={{ width: 120 }}
        value={stars ?? 0}
        onChange={(v) => {
          setStars(v || undefined)
          setPage(1)
        }}
        options={[
          { value: 0, label: '全部评分' },
          ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} 星` })),
        ]}
      />
      {side === 'received' ? (
        <Segmented
          value={replied === undefined ? 'all' : replied ? 'yes' : 'no'}
          options={[
            { value: 'all', label: '全部' },
            { value: 'no', label: '待回复' },
            { value: 'yes', label: '已回复' },
          ]}
          onChange={(v) => {
            setReplied(v === 'all' ? undefined : v === 'yes')
            setPage(1)
          }}
        />
      ) : null}
    </Space>
  )
  return (
    <CentreLayout
      centre={side === 'received' ? SELLER_CENTRE : BUYER_CENTRE}
      title={side === 'received' ? '收到的评价' : '我的评价'}
      extra={filters}
    >
      {list.error ? (
        <ErrorAlert error={list.error} fallback="评价加载失败" />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.rows.length === 0 ? (
        <Empty description={side === 'received' ? '还没有收到评价' : '还没有评价过订单'} />
      ) : (
        <ul className="shop-reviews" aria-busy={list.isPlaceholderData}>
          {list.data.rows.map((r) => (
            <ReviewItem key={r.reviewId} review={r} side={side} />
          ))}
        </ul>
      )}
      <Pagination total={list.data?.total ?? 0} {...paging} />
    </CentreLayout>
  )
}
