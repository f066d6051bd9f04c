/** The bids of one listing on its detail page: the caller's bids, or every bid for its seller. */
import { useQuery } from '@tanstack/react-query'
import { bidListQuery } from '@renderer/api/bid'
import { BidRows } from './BidRows'
import './bids.css'

export function GoodsBids({
  goodsId,
  role,
}: {
  goodsId: number
  role: 'buyer' | 'seller'
  /** not needed: the list refreshes itself after a bid (api/bid.ts); kept for callers that pass it */
  version?: number
}) {
  const bids = useQuery(bidListQuery({ role, goodsId, pageNum: 1, pageSize: 50 }))
  if (bids.error || !bids.data || bids.data.rows.length === 0) return null
  return (
    <section className="panel bids-panel" aria-labelledby="bids-title">
      <h2 className="panel__title" id="bids-title">
        {role === 'seller' ? '买家出价' : '我的出价'}
      </h2>
      <BidRows bids={bids.data.rows} role={role} />
    </section>
  )
}
