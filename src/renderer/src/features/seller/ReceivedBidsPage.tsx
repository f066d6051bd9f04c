/**
 * /seller/receivedBids.html 收到的出价: the bids on all of the seller's listings, by state (待处理
 * first), newest first, paged (state and page in the URL). Each pending bid is answered in its row —
 * 接受 (the buyer gets an unpaid order), 还价, 拒绝 — through the bid endpoints and mutations of
 * api/bid.ts (components/bids). Rules: docs/trading-rules.md (bids), docs/seller-tools.md.
 */
import './seller.css'
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Tabs } from 'antd'
import { BID_STATUS_LABELS, BID_STATUSES, type BidStatus } from '@shared/api/bid'
import { bidListQuery } from '@renderer/api/bid'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import type { ScrollState } from '@renderer/app/RootShell'
import { BidRows } from '@renderer/components/bids'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { Pagination } from '@renderer/components/Pagination'
import { pagingOf, setPaging } from '@renderer/utils/url-params'

/** the tabs: 待处理 first (what needs an answer), then every other state, then all of them */
const TABS: Array<{ key: BidStatus | 'ALL'; label: string }> = [
  { key: 'PENDING', label: '待处理' },
  ...BID_STATUSES.filter((s) => s !== 'PENDING').map((s) => ({ key: s, label: BID_STATUS_LABELS[s] })),
  { key: 'ALL', label: '全部' },
]

function statusOf(value: string | null): BidStatus | 'ALL' {
  if (value === 'ALL') return 'ALL'
  return (BID_STATUSES as readonly string[]).includes(value ?? '') ? (value as BidStatus) : 'PENDING'
}

export default function ReceivedBidsPage() {
  const [params, setParams] = useSearchParams()
  const status = statusOf(params.get('status'))
  const { page, limit } = pagingOf(params)
  const bids = useQuery(
    bidListQuery({
      role: 'seller',
      pageNum: page,
      pageSize: limit,
      ...(status === 'ALL' ? {} : { status }),
    }),
  )

  const go = (next: { status: BidStatus | 'ALL'; page?: number; limit?: number }) => {
    const search = new URLSearchParams()
    if (next.status !== 'PENDING') search.set('status', next.status)
    setPaging(search, next)
    setParams(search, { state: { keepScroll: true } satisfies ScrollState })
  }

  return (
    <CentreLayout centre={SELLER_CENTRE} title="收到的出价">
      <p className="publish-hint">
        买家对您在售商品的出价。接受后买家获得一笔待支付订单、商品为其保留；也可以还价或拒绝。出价过期后自动失效。
      </p>
      <Tabs
        activeKey={status}
        onChange={(key) => go({ status: key as BidStatus | 'ALL', limit })}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      />
      {bids.error && !bids.isFetching ? (
        <ErrorAlert error={bids.error} fallback="出价加载失败" onRetry={() => void bids.refetch()} />
      ) : !bids.data ? null : bids.data.rows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={status === 'PENDING' ? '暂无待处理的出价' : '暂无出价'}
        >
          <Link to="/seller/sellGoods.html">
            <Button>查看我出售的商品</Button>
          </Link>
        </Empty>
      ) : (
        <BidRows bids={bids.data.rows} role="seller" />
      )}
      <Pagination
        total={bids.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ status, page: p, limit: l })}
      />
    </CentreLayout>
  )
}
