/**
 * 相似商品 under a listing (docs/valuation.md, "Similar listings"): on-sale listings of the same game
 * and type at a price near this one's. Loaded in the browser after hydration, below the fold: the
 * server-rendered detail stays one data round, and the list changes with every listing change.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { GoodsBrief } from '@shared/api/goods'
import { similarQuery } from '@renderer/api/discover'
import { GoodsCard } from '@renderer/components/GoodsCard'
import { listHref, parseListQuery } from '../goods/list-query'
import { useHydrated } from './use-hydrated'

export function SimilarListings({ detail }: { detail: GoodsBrief }) {
  const hydrated = useHydrated()
  const similar = useQuery({ ...similarQuery(detail.goodsId), enabled: hydrated })
  const rows = similar.data ?? []
  if (!hydrated || rows.length === 0) return null
  const more = listHref({ ...parseListQuery(''), gameId: detail.gameId, goodsType: detail.goodsType })
  return (
    <section className="panel discover-section" aria-labelledby="similar-title">
      <div className="panel__head">
        <h2 className="panel__title" id="similar-title">
          相似商品
        </h2>
        <Link to={more}>查看更多</Link>
      </div>
      <ul className="goods-grid discover-grid">
        {rows.map((goods) => (
          <li key={goods.goodsId}>
            <GoodsCard goods={goods} variant="card" />
          </li>
        ))}
      </ul>
    </section>
  )
}
