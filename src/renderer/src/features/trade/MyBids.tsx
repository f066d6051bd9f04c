/** The bids in a centre (all my bids as buyer, or the bids on my listings as seller), paged. */
import { Empty } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { bidListQuery } from '@renderer/api/bid'
import { BidRows } from '@renderer/components/bids'
import { Pagination } from '@renderer/components/Pagination'
import { usePagerState } from '@renderer/components/use-pager-state'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export function MyBids({ role }: { role: 'buyer' | 'seller' }) {
  const { page, limit, props: paging } = usePagerState(10, { autoScroll: false })
  const bids = useQuery(bidListQuery({ role, pageNum: page, pageSize: limit }))
  return (
    <section className="bids-panel" aria-labelledby={`bids-${role}`}>
      <h2 className="panel__title" id={`bids-${role}`}>
        {role === 'seller' ? '收到的出价' : '我的出价'}
      </h2>
      {bids.error ? (
        <ErrorAlert error={bids.error} fallback="出价加载失败" />
      ) : !bids.data ? null : bids.data.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无出价" />
      ) : (
        <BidRows bids={bids.data.rows} role={role} />
      )}
      <Pagination total={bids.data?.total ?? 0} {...paging} />
    </section>
  )
}
