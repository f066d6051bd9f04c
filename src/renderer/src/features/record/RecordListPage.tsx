/**
 * /record/list.html (public, standalone): deal prices of a game and goods type over the last N days —
 * a chart of the daily average, minimum and maximum, and a paged table of the deals. Everything in
 * the URL, so a link shares the same view.
 */
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Empty, Segmented, Select, Skeleton } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { GOODS_TYPE_LABELS, type GoodsType } from '@shared/api/goods'
import type { DealRecord } from '@shared/api/trade'
import { gamesQuery } from '@renderer/api/game'
import { priceRecordsQuery } from '@renderer/api/trade'
import { Pagination } from '@renderer/components/Pagination'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { pagingOf, positiveInt, setPaging } from '@renderer/utils/url-params'
import { chinaDay, fillDays } from './chart-scale'
import { PriceChart } from './PriceChart'
import './record.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

const DAY_OPTIONS = [7, 30, 90] as const

function isGoodsType(value: string | null): value is GoodsType {
  return value !== null && Object.hasOwn(GOODS_TYPE_LABELS, value)
}

export default function RecordListPage() {
  const [params, setParams] = useSearchParams()
  const games = useQuery(gamesQuery())
  const [today] = useState(() => chinaDay(Date.now()))
  const gameId = positiveInt(params.get('gameId')) ?? games.data?.[0]?.gameId ?? null
  const typeParam = params.get('goodsType')
  const goodsType = isGoodsType(typeParam) ? typeParam : undefined
  const daysParam = positiveInt(params.get('days'))
  const days = daysParam && (DAY_OPTIONS as readonly number[]).includes(daysParam) ? daysParam : 30
  const { page, limit } = pagingOf(params)
  const records = useQuery({
    ...priceRecordsQuery({
      gameId: gameId ?? 0,
      ...(goodsType ? { goodsType } : {}),
      days,
      pageNum: page,
      pageSize: limit,
    }),
    enabled: gameId !== null,
  })
  const go = (next: {
    gameId?: number | null
    goodsType?: GoodsType
    days?: number
    page?: number
    limit?: number
  }) => {
    const search = new URLSearchParams()
    if (next.gameId) search.set('gameId', String(next.gameId))
    if (next.goodsType) search.set('goodsType', next.goodsType)
    if (next.days && next.days !== 30) search.set('days', String(next.days))
    setPaging(search, next)
    setParams(search)
  }
  const data = records.data
  const traded = data?.series.filter((p) => p.deals > 0) ?? []
  const deals = traded.reduce((sum, p) => sum + p.deals, 0)
  const avg = deals ? Math.round(traded.reduce((sum, p) => sum + p.avg * p.deals, 0) / deals) : null
  const columns: ColumnsType<DealRecord> = [
    { title: '成交时间', dataIndex: 'completedAt', width: 150, render: (v: number) => formatTradeTime(v) },
    { title: '商品', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'goodsType', width: 90, render: (v: GoodsType) => GOODS_TYPE_LABELS[v] ?? v },
    {
      title: '成交价',
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
  ]
  return (
    <div className="record-page">
      <section className="panel">
        <div className="panel__head">
          <h1 className="panel__title">成交记录</h1>
        </div>
        <p className="order-card__sub">
          来自平台已完成订单的真实成交价，买家可据此判断价格，卖家可参考定价。
        </p>
        <div className="record-filters">
          <Select
            aria-label="选择游戏"
            style={{ width: 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={games.isPending}
            value={gameId ?? undefined}
            placeholder="选择游戏"
            options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
            onChange={(value: number) => go({ gameId: value, goodsType, days, limit })}
          />
          <Select
            aria-label="商品类型"
            style={{ width: 140 }}
            allowClear
            placeholder="全部类型"
            value={goodsType}
            options={Object.entries(GOODS_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(value?: GoodsType) => go({ gameId, goodsType: value, days, limit })}
          />
          <Segmented
            aria-label="时间范围"
            value={days}
            options={DAY_OPTIONS.map((d) => ({ value: d, label: `近 ${d} 天` }))}
            onChange={(value) => go({ gameId, goodsType, days: Number(value), limit })}
          />
        </div>
        {records.error ? (
          <ErrorAlert error={records.error} fallback="成交记录加载失败" />
        ) : !data ? (
          games.data && games.data.length === 0 ? (
            <Empty description="暂无游戏" />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )
        ) : (
          <>
            <div className="record-stats">
              <span>
                成交 <strong>{deals}</strong> 笔
              </span>
              <span>
                均价 <strong>{avg === null ? '—' : formatYuan(avg)}</strong>
              </span>
              <span>
                最低{' '}
                <strong>{traded.length ? formatYuan(Math.min(...traded.map((p) => p.min))) : '—'}</strong>
              </span>
              <span>
                最高{' '}
                <strong>{traded.length ? formatYuan(Math.max(...traded.map((p) => p.max))) : '—'}</strong>
              </span>
            </div>
            {traded.length === 0 ? (
              <Empty description={`近 ${days} 天暂无成交`} />
            ) : (
              <PriceChart series={fillDays(data.series, days, today)} />
            )}
            <ResponsiveTable<DealRecord>
              card={{ title: 'title', label: (r) => r.title }}
              rowKey="orderNo"
              loading={records.isPlaceholderData}
              columns={columns}
              dataSource={data.rows}
              pagination={false}
              scroll={{ x: 560 }}
              locale={{ emptyText: '暂无成交记录' }}
            />
            <Pagination
              total={data.total}
              page={page}
              limit={limit}
              onChange={(p, l) => go({ gameId, goodsType, days, page: p, limit: l })}
            />
          </>
        )}
      </section>
    </div>
  )
}
