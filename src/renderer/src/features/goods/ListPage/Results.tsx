/** The results of the list page: sort tabs, the count, card or row view, empty states, paging. */
import { useEffect, useState } from 'react'
import { isHydrating } from '@renderer/ssr/client'
import { Link } from 'react-router-dom'
import { Button, Empty, Segmented, Skeleton, Spin } from 'antd'
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons'
import type { GameConfig } from '@shared/api/game'
import { GOODS_SORT_LABELS, type GoodsBrief, type GoodsSearchResult, type GoodsSort } from '@shared/api/goods'
import { coverPriorityAt, GoodsCard } from '@renderer/components/GoodsCard'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { attributeFieldsOf } from '@renderer/components/listing-attributes'
import { Pagination } from '@renderer/components/Pagination'
import { formatYuan } from '@renderer/utils/money'
import { listHref, type ListFilters } from '../list-query'
import { useFollow } from '../use-follow'

const SORTS: Array<{ sort: GoodsSort; label: string }> = [
  { sort: 'default', label: '综合' },
  { sort: 'price_asc', label: '价格 ↑' },
  { sort: 'price_desc', label: '价格 ↓' },
  { sort: 'newest', label: '最新' },
]

const VIEW_KEY = 'goodsListView'
type ViewMode = 'card' | 'row'

/** A server-rendered list starts as the server drew it (cards); the stored choice follows after hydration. */
const readView = (): ViewMode => (isHydrating() ? 'card' : storedView())

function storedView(): ViewMode {
  try {
    return localStorage.getItem(VIEW_KEY) === 'row' ? 'row' : 'card'
  } catch {
    return 'card'
  }
}

export interface ResultsProps {
  filters: ListFilters
  page: GoodsSearchResult | undefined
  loading: boolean
  error: unknown
  onRetry: () => void
  /** the chosen game's name and config (labelled attribute chips) */
  gameName: string | undefined
  config: GameConfig | null
  followedIds: Set<number> | undefined
  narrowing: boolean
  go: (next: ListFilters) => void
  clearAll: () => void
}

export function Results({
  filters,
  page,
  loading,
  error,
  onRetry,
  gameName,
  config,
  followedIds,
  narrowing,
  go,
  clearAll,
}: ResultsProps) {
  const [view, setView] = useState<ViewMode>(readView)
  useEffect(() => {
    // the stored choice of a server-rendered list, once hydrated (the server drew cards)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (storedView() === 'row') setView('row')
  }, [])
  const follow = useFollow()
  const rows = page?.rows ?? []
  const followable = (goods: GoodsBrief) => ({
    goodsId: goods.goodsId,
    followed: followedIds?.has(goods.goodsId),
  })

  return (
    <section className="panel list-results" aria-label="商品列表">
      <div className="list-toolbar">
        <div className="sort-tabs" role="tablist" aria-label="排序">
          {SORTS.map(({ sort, label }) => (
            <button
              key={sort}
              type="button"
              role="tab"
              title={GOODS_SORT_LABELS[sort]}
              aria-selected={filters.sort === sort}
              className={`sort-tab ${filters.sort === sort ? 'is-active' : ''}`}
              onClick={() => go({ ...filters, sort, page: 1 })}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="list-toolbar__right">
          <span className="list-total" aria-live="polite">
            {page ? (
              <>
                共{' '}
                <strong>
                  {page.total}
                  {page.totalCapped ? '+' : ''}
                </strong>{' '}
                件商品
              </>
            ) : null}
            {filters.priceMin !== undefined || filters.priceMax !== undefined ? (
              <span className="list-total__price">
                {filters.priceMin !== undefined ? formatYuan(filters.priceMin) : '不限'} ~{' '}
                {filters.priceMax !== undefined ? formatYuan(filters.priceMax) : '不限'}
              </span>
            ) : null}
          </span>
          <Segmented<ViewMode>
            size="small"
            value={view}
            aria-label="显示方式"
            onChange={(value) => {
              setView(value)
              try {
                localStorage.setItem(VIEW_KEY, value)
              } catch {
                // private mode: the choice lasts for this page only
              }
            }}
            options={[
              { value: 'card', icon: <AppstoreOutlined />, label: '卡片' },
              { value: 'row', icon: <BarsOutlined />, label: '列表' },
            ]}
          />
        </div>
      </div>

      {error && !loading ? (
        <ErrorAlert error={error} fallback="商品加载失败" onRetry={onRetry} />
      ) : !page ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : rows.length === 0 && page.total > 0 ? (
        // a page past the last result (an old link, or listings sold meanwhile): say so and offer the last page
        <Empty
          className="list-empty"
          description={
            <>
              <strong>这一页没有商品了</strong>
              <span>共 {page.total} 件商品，已超出最后一页</span>
            </>
          }
        >
          <Button
            type="primary"
            onClick={() => go({ ...filters, page: Math.max(1, Math.ceil(page.total / filters.limit)) })}
          >
            去最后一页
          </Button>
        </Empty>
      ) : rows.length === 0 ? (
        <Empty
          className="list-empty"
          description={
            narrowing ? (
              <>
                <strong>没有找到符合条件的商品</strong>
                <span>试试放宽价格区间、减少筛选条件，或换个关键词</span>
              </>
            ) : (
              <>
                <strong>{gameName ? `${gameName}暂时还没有在售商品` : '暂时还没有在售商品'}</strong>
                <span>过段时间再来看看，或者发布您自己的商品</span>
              </>
            )
          }
        >
          {narrowing ? (
            <Button type="primary" onClick={clearAll}>
              清空筛选
            </Button>
          ) : (
            <Link to="/seller/selectType.html">
              <Button type="primary">我要卖</Button>
            </Link>
          )}
        </Empty>
      ) : (
        <Spin spinning={loading} delay={200}>
          <ul className={view === 'card' ? 'goods-grid' : 'goods-rows'}>
            {rows.map((goods, index) => (
              <li key={goods.goodsId}>
                <GoodsCard
                  goods={goods}
                  variant={view}
                  coverPriority={coverPriorityAt(index)}
                  fields={
                    goods.gameId === filters.gameId ? attributeFieldsOf(config, goods.goodsType) : undefined
                  }
                  showGame={!filters.gameId}
                  followed={follow.isFollowed(followable(goods))}
                  following={follow.isPending(goods.goodsId)}
                  onToggleFollow={(g) => follow.toggle(followable(g))}
                />
              </li>
            ))}
          </ul>
        </Spin>
      )}

      <Pagination
        total={page?.total ?? 0}
        page={filters.page}
        limit={filters.limit}
        onChange={(nextPage, limit) => go({ ...filters, page: nextPage, limit })}
        hrefOf={(target) => listHref({ ...filters, page: target })}
      />
    </section>
  )
}
