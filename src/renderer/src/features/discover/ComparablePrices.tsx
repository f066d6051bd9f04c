/**
 * 同类成交价 under a listing: the daily prices of finished deals of the same game and type (and
 * server, when the listing names one) over 90 days, drawn by the price records' chart. Loaded after
 * hydration, like the other parts below the fold; nothing is shown before the first deal.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { VALUATION_SCOPE_LABELS } from '@shared/api/discover'
import type { GoodsBrief } from '@shared/api/goods'
import { comparablePricesQuery } from '@renderer/api/discover'
import { formatYuan } from '@renderer/utils/money'
import { chinaDay, fillDays } from '../record/chart-scale'
import { PriceChart } from '../record/PriceChart'
import '../record/record.css'
import { useHydrated } from './use-hydrated'

export function ComparablePrices({ detail }: { detail: GoodsBrief }) {
  const hydrated = useHydrated()
  const [today] = useState(() => chinaDay(Date.now()))
  const prices = useQuery({ ...comparablePricesQuery(detail.goodsId), enabled: hydrated })
  const data = prices.data
  if (!hydrated || !data || data.deals === 0) return null
  const avg = Math.round(
    data.series.reduce((s, p) => s + p.avg * p.deals, 0) /
      Math.max(
        1,
        data.series.reduce((s, p) => s + p.deals, 0),
      ),
  )
  return (
    <section className="panel discover-section" aria-labelledby="comparable-prices-title">
      <div className="panel__head">
        <h2 className="panel__title" id="comparable-prices-title">
          同类成交价（近 {data.days} 天）
        </h2>
        <Link to={`/record/list.html?gameId=${detail.gameId}&goodsType=${detail.goodsType}`}>
          全部成交记录
        </Link>
      </div>
      <p className="discover-note">
        {VALUATION_SCOPE_LABELS[data.scope]}、同类型已完成的 {data.deals} 笔成交，均价 {formatYuan(avg)}
      </p>
      <PriceChart series={fillDays(data.series, data.days, today)} />
    </section>
  )
}
