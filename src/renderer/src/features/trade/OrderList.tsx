/**
 * The order list of either side: status tabs, keyword, paging (all in the URL); each order with its
 * status, the time left for its current deadline, and the buttons its `actions` allow.
 */
import './trade.css'
import { Link, useSearchParams } from 'react-router-dom'
import { Button, Empty, Input, Skeleton, Tabs } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@shared/api/trade'
import { goodsDetailPath, imageSrc } from '@renderer/api/goods'
import { orderListQuery } from '@renderer/api/trade'
import { orderReviewsQuery } from '@renderer/api/review'
import type { Review } from '@shared/api/review'
import { OrderReview } from '@renderer/features/review/OrderReview'
import { OrderProtection } from '@renderer/features/protection/OrderProtection'
import { OrderStatusTag } from '@renderer/components/OrderStatusTag'
import { Pagination } from '@renderer/components/Pagination'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { pagingOf, setPaging } from '@renderer/utils/url-params'
import { OrderActions, TimeLeft } from './OrderParts'
import { OrderDetailLink } from './OrderDetailPage/OrderDetailLink'

const TABS: Array<OrderStatus | 'ALL'> = [
  'ALL',
  'UNPAID',
  'PAID',
  'DELIVERING',
  'TO_CONFIRM',
  'COMPLETED',
  'ARBITRATING',
  'CANCELLED',
]

function isStatus(value: string | null): value is OrderStatus {
  return value !== null && Object.hasOwn(ORDER_STATUS_LABELS, value)
}

function OrderCard({ order, review }: { order: Order; review: Review | undefined }) {
  const other = order.myRole === 'seller' ? `买家 ${order.buyerName}` : `卖家 ${order.sellerName}`
  return (
    <article className="order-card" aria-label={`订单 ${order.orderNo}`}>
      <div className="order-card__head">
        <span>订单号 {order.orderNo}</span>
        <span>{formatTradeTime(order.createdAt)}</span>
        <span>{other}</span>
        <TimeLeft order={order} />
        <OrderDetailLink order={order} />
      </div>
      <div className="order-card__body">
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
          {order.coverUrl ? <img className="buy-goods__cover" src={imageSrc(order.coverUrl)} alt="" /> : null}
          <div style={{ minWidth: 0 }}>
            <Link className="order-card__title" to={goodsDetailPath(order.goodsId)}>
              {order.goodsTitle}
            </Link>
            <div className="order-card__sub">
              {order.gameName} · {formatYuan(order.unitPrice)} × {order.quantity}
            </div>
          </div>
        </div>
        <strong className="order-amount">{formatYuan(order.amount)}</strong>
        <div>
          <OrderStatusTag status={order.status} />
        </div>
        <div>
          <OrderActions order={order} />
          <OrderReview order={order} review={review} />
          <OrderProtection order={order} />
        </div>
      </div>
    </article>
  )
}

/** The orders of one side (`side`: the orders I bought or the orders I sold). */
export function OrderList({ side }: { side: 'buyer' | 'seller' }) {
  const [params, setParams] = useSearchParams()
  const statusParam = params.get('status')
  const status = isStatus(statusParam) ? statusParam : undefined
  const keyword = params.get('keyword')?.trim() || undefined
  const { page, limit } = pagingOf(params)
  const list = useQuery(
    orderListQuery(side, {
      pageNum: page,
      pageSize: limit,
      ...(status ? { status } : {}),
      ...(keyword ? { keyword } : {}),
    }),
  )
  // the reviews of the completed orders on this page, in one call
  const reviewed = (list.data?.rows ?? []).filter((o) => o.completedAt !== null).map((o) => o.orderNo)
  const reviews = useQuery(orderReviewsQuery(reviewed))
  const reviewOf = (orderNo: string) => reviews.data?.find((r) => r.orderNo === orderNo)
  const go = (next: { status?: OrderStatus; keyword?: string; page?: number; limit?: number }) => {
    const search = new URLSearchParams()
    if (next.status) search.set('status', next.status)
    if (next.keyword) search.set('keyword', next.keyword)
    setPaging(search, next)
    setParams(search)
  }
  return (
    <>
      <div className="centre-panel__extra" style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder="订单号或商品标题"
          aria-label="搜索订单"
          defaultValue={keyword}
          style={{ maxWidth: 280 }}
          onSearch={(value) => go({ status, keyword: value.trim() || undefined, limit })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          刷新
        </Button>
      </div>
      <Tabs
        activeKey={status ?? 'ALL'}
        onChange={(key) => go({ status: isStatus(key) ? key : undefined, keyword, limit })}
        items={TABS.map((key) => ({ key, label: key === 'ALL' ? '全部' : ORDER_STATUS_LABELS[key] }))}
      />
      {list.error ? (
        <ErrorAlert
          error={list.error}
          fallback="订单加载失败"
          onRetry={() => void list.refetch()}
          retryIcon={false}
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.rows.length === 0 ? (
        <Empty description={status ? `没有${ORDER_STATUS_LABELS[status]}的订单` : '还没有订单'} />
      ) : (
        <div aria-busy={list.isPlaceholderData}>
          {list.data.rows.map((order) => (
            <OrderCard key={order.orderNo} order={order} review={reviewOf(order.orderNo)} />
          ))}
        </div>
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(nextPage, nextLimit) => go({ status, keyword, page: nextPage, limit: nextLimit })}
      />
    </>
  )
}
