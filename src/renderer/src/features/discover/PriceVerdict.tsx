/**
 * Next to a listing's price (accounts on sale only): how it compares with the estimate from
 * comparable finished deals — 低于 / 高于近 90 天同类成交价 N%, or 接近 within ±3 % — with the range
 * on hover (docs/valuation.md). 样本不足 when too few deals; nothing for other listings.
 */
import { useQuery } from '@tanstack/react-query'
import { Tooltip, Typography } from 'antd'
import { percentFromMid, VALUATION_SCOPE_LABELS } from '@shared/api/discover'
import type { GoodsBrief } from '@shared/api/goods'
import { valuationQuery } from '@renderer/api/discover'
import { formatYuan } from '@renderer/utils/money'
import { useHydrated } from './use-hydrated'
import './discover.css'

/** within this many percent of the middle, a price is 接近 */
export const NEAR = 3

export function verdictText(price: number, mid: number, days: number): string {
  const pct = percentFromMid(price, mid)
  if (Math.abs(pct) <= NEAR) return `接近近 ${days} 天同类成交价`
  return pct < 0 ? `低于近 ${days} 天同类成交价 ${-pct}%` : `高于近 ${days} 天同类成交价 ${pct}%`
}

export function PriceVerdict({ detail }: { detail: GoodsBrief }) {
  const hydrated = useHydrated()
  const wanted = hydrated && detail.goodsType === 'ACCOUNT' && detail.status === 'ON_SALE'
  const valuation = useQuery({ ...valuationQuery(detail.goodsId), enabled: wanted })
  const v = valuation.data
  if (!wanted || !v) return null
  if (!v.estimate) {
    return (
      <Typography.Text type="secondary" className="discover-verdict" data-testid="price-verdict">
        同类成交样本不足，暂无估价
      </Typography.Text>
    )
  }
  const pct = percentFromMid(detail.price, v.estimate.mid)
  const tone = Math.abs(pct) <= NEAR ? 'near' : pct < 0 ? 'below' : 'above'
  return (
    <Tooltip
      title={`参考估价 ${formatYuan(v.estimate.low)} – ${formatYuan(v.estimate.high)}（中位 ${formatYuan(v.estimate.mid)}），依据${VALUATION_SCOPE_LABELS[v.scope]} ${v.samples} 笔相似账号成交`}
    >
      <span className={`discover-verdict discover-verdict--${tone}`} data-testid="price-verdict" tabIndex={0}>
        {verdictText(detail.price, v.estimate.mid, v.windowDays)}
      </span>
    </Tooltip>
  )
}
