/**
 * The discovery parts under a listing's detail: similar listings, the price history of comparable
 * deals, recently viewed listings. Viewing the detail puts it first in this browser's recently
 * viewed list (after hydration: an effect). All parts load in the browser, below the fold (docs/valuation.md).
 */
import { useEffect } from 'react'
import type { GoodsDetail } from '@shared/api/goods'
import { ComparablePrices } from './ComparablePrices'
import { recordView } from './recently-viewed'
import { RecentlyViewed } from './RecentlyViewed'
import { SimilarListings } from './SimilarListings'
import './discover.css'

export function DetailDiscovery({ detail }: { detail: GoodsDetail }) {
  useEffect(() => {
    recordView(detail)
  }, [detail])
  return (
    <div className="discover-parts">
      <SimilarListings detail={detail} />
      <ComparablePrices detail={detail} />
      <RecentlyViewed exclude={detail.goodsId} />
    </div>
  )
}

export { PriceVerdict } from './PriceVerdict'
