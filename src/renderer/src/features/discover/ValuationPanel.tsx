/**
 * 参考估价 in the publish form (account listings only; docs/valuation.md): as the seller fills in
 * area, server and attributes, the estimate of comparable finished deals is fetched (600 ms after
 * the last change) and shown with how the typed price compares. 样本不足 when there are too few
 * deals. It only informs: the seller's price is never changed.
 */
import { useQuery } from '@tanstack/react-query'
import { Alert, Form } from 'antd'
import { percentFromMid, VALUATION_SCOPE_LABELS, type DraftValuationQuery } from '@shared/api/discover'
import type { AttributeValue, GoodsType } from '@shared/api/goods'
import { draftValuationQuery } from '@renderer/api/discover'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { NEAR } from './PriceVerdict'
import { useDebounced } from './use-debounced'
import './discover.css'

/** A form value as the `attrs[key]` text the server parses (lists comma-joined; empty ones left out). */
export function draftAttrs(values: Record<string, AttributeValue | null | undefined> | undefined) {
  const attrs: Record<string, string> = {}
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined || value === '') continue
    if (Array.isArray(value)) {
      if (value.length > 0) attrs[key] = value.join(',')
    } else attrs[key] = String(value)
  }
  return attrs
}

/** How the typed price compares with the estimate's middle. */
export function priceNote(pct: number): string {
  if (Math.abs(pct) <= NEAR) return '接近估价中位'
  return pct < 0 ? `比估价中位低 ${-pct}%` : `比估价中位高 ${pct}%`
}

export function ValuationPanel({ gameId, goodsType }: { gameId: number; goodsType: GoodsType }) {
  const form = Form.useFormInstance()
  const areaId = Form.useWatch<number | undefined>('areaId', form)
  const serverId = Form.useWatch<number | undefined>('serverId', form)
  const attributes = Form.useWatch<Record<string, AttributeValue> | undefined>('attributes', form)
  const priceText = Form.useWatch<string | undefined>('price', form)
  const query: DraftValuationQuery = {
    gameId,
    ...(areaId ? { areaId } : {}),
    ...(serverId ? { serverId } : {}),
    attrs: draftAttrs(attributes),
  }
  const settled = useDebounced(JSON.stringify(query), 600)
  const account = goodsType === 'ACCOUNT'
  // nothing to compare before the seller says where the account is and something about it
  const ready = Boolean(areaId || serverId) && Object.keys(query.attrs ?? {}).length > 0
  const valuation = useQuery({
    ...draftValuationQuery(JSON.parse(settled) as DraftValuationQuery),
    enabled: account && ready,
  })
  if (!account) return null
  const v = valuation.data
  if (!ready || !v) {
    return (
      <p className="discover-note discover-valuation" data-testid="valuation-panel">
        填写区服和商品属性后，这里会显示近 90 天相似账号成交的参考估价。
      </p>
    )
  }
  const price = yuanToFen(priceText ?? '')
  if (!v.estimate) {
    return (
      <Alert
        className="discover-valuation"
        type="info"
        showIcon
        title="参考估价：样本不足"
        description={`近 ${v.windowDays} 天相似账号的成交少于 ${v.minSamples} 笔（找到 ${v.samples} 笔），暂无估价，请参考同类在售商品定价。`}
        data-testid="valuation-panel"
      />
    )
  }
  const { low, mid, high } = v.estimate
  const pct = price ? percentFromMid(price, mid) : 0
  return (
    <Alert
      className="discover-valuation"
      type={price && Math.abs(pct) > 30 ? 'warning' : 'info'}
      showIcon
      title={`参考估价 ${formatYuan(low)} – ${formatYuan(high)}（中位 ${formatYuan(mid)}）`}
      description={
        <>
          依据近 {v.windowDays} 天{VALUATION_SCOPE_LABELS[v.scope]} {v.samples} 笔相似账号的成交价。
          {price ? `您的定价${priceNote(pct)}。` : ''}
        </>
      }
      data-testid="valuation-panel"
    />
  )
}
