/**
 * /list.html: search listings by game, goods type, platform, area/server, price range (元), the
 * game's attribute filters and keyword; sort by 综合 / price / newest; cards or rows; paging (page 1,
 * 20 a page, docs/api-conventions.md). Everything lives in the URL (list-query.ts), so a search can
 * be shared and reloaded and back/forward walks through it. Title and SEO for ?gameId= are set by the
 * RootShell.
 */
import { useCallback, useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Breadcrumb, Button, Select, Spin } from 'antd'
import { ClearOutlined } from '@ant-design/icons'
import { GOODS_TYPE_LABELS, GOODS_TYPES, type GoodsType } from '@shared/api/goods'
import type { ScrollState } from '@renderer/app/RootShell'
import {
  applyFilter,
  filterableOf,
  filterNamesOf,
  hasNarrowing,
  listHref,
  parseListQuery,
  type FilterPatch,
  type ListFilters,
} from '../list-query'
import { AttributeFilters } from './AttributeFilters'
import { FilterDrawer, FilterDrawerButton } from './FilterDrawer'
import { ALL, Choices, FilterRow, gameFilterOption, PriceRange } from './filter-controls'
import { SuggestKeywordBox } from '../../discover/SuggestKeywordBox'
import { Results } from './Results'
import { SaveSearchButton } from '@renderer/features/saved-search/SaveSearchButton'
import { useListData } from './use-list-data'
import '../filter-chips.css'
import './list.css'

export default function ListPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const filters = useMemo(() => parseListQuery(location.search), [location.search])
  const {
    games,
    game,
    areas: allAreas,
    areasLoading,
    config,
    results,
    resultsError,
    followedIds,
  } = useListData(filters)

  // the page keeps its scroll on filter changes; the pagination scrolls up smoothly itself
  const go = (next: ListFilters) =>
    void navigate(listHref(next), { state: { keepScroll: true } satisfies ScrollState })
  const change = (patch: FilterPatch) => go(applyFilter(filters, patch))

  const typeChoices: readonly GoodsType[] = config?.goodsTypes.length
    ? config.goodsTypes.map((t) => t.goodsType)
    : GOODS_TYPES
  const filterableFields = filterableOf(config, filters.goodsType)
  const shownAreas = allAreas.filter(
    (a) => !filters.platform || a.platform === null || a.platform === filters.platform,
  )
  const area = allAreas.find((a) => a.serverId === filters.areaId)
  // the words of 保存搜索/订阅: the names this page shows for the ids in its filters
  const filterNames = filterNamesOf(filters, game, allAreas, config?.goodsTypes ?? [])
  const platforms = game?.platforms ?? []
  const narrowing = hasNarrowing(filters)
  // on a phone the filter rows are a panel (FilterDrawer); how many are set shows on its button
  const [drawerOpen, setDrawerOpen] = useState(false)
  const closeDrawer = useCallback(() => setDrawerOpen(false), [])
  const setCount =
    [filters.goodsType, filters.platform, filters.areaId, filters.serverId].filter((v) => v !== undefined)
      .length +
    (filters.priceMin !== undefined || filters.priceMax !== undefined ? 1 : 0) +
    (filters.protection ? 1 : 0) +
    Object.keys(filters.attrs).length

  const clearAll = () =>
    go({
      ...parseListQuery(''),
      ...(filters.gameId ? { gameId: filters.gameId } : {}),
      sort: filters.sort,
      limit: filters.limit,
    })

  return (
    <div className="page-container list-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          ...(game
            ? [
                {
                  title: (
                    <Link to={listHref({ ...parseListQuery(''), gameId: game.gameId })}>{game.nameCn}</Link>
                  ),
                },
              ]
            : []),
          { title: '商品列表' },
        ]}
      />

      <section className="panel list-filters" aria-label="筛选条件">
        <div className="list-filters__head">
          <h1 className="list-filters__title">{game ? `${game.nameCn} · 商品列表` : '全部商品'}</h1>
          <SuggestKeywordBox
            key={filters.keyword ?? ''}
            value={filters.keyword}
            gameId={filters.gameId}
            goodsType={filters.goodsType}
            onSearch={(text) => change({ keyword: text || undefined })}
          />
          <SaveSearchButton filters={filters} names={filterNames} />
          <FilterDrawerButton count={setCount} onClick={() => setDrawerOpen(true)} />
        </div>

        <FilterDrawer open={drawerOpen} onClose={closeDrawer} total={results.data?.total}>
          <FilterRow label="游戏">
            <Select<number>
              className="list-game-select"
              style={{ width: '100%', maxWidth: 280 }}
              showSearch={{
                filterOption: (input, option) =>
                  gameFilterOption(
                    input,
                    games.data?.find((g) => g.gameId === option?.value),
                  ),
              }}
              allowClear
              placeholder="全部游戏（可输入名称或首字母搜索）"
              aria-label="选择游戏"
              loading={games.isPending}
              value={filters.gameId}
              onChange={(value) => change({ gameId: value ?? undefined })}
              options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
              notFoundContent={games.isError ? '游戏列表加载失败' : '没有找到这个游戏'}
            />
            {!filters.gameId && games.data ? (
              <div className="filter-chips filter-chips--inline">
                {games.data
                  .filter((g) => g.hot)
                  .slice(0, 8)
                  .map((g) => (
                    <button
                      key={g.gameId}
                      type="button"
                      className="filter-chip"
                      onClick={() => change({ gameId: g.gameId })}
                    >
                      {g.nameCn}
                    </button>
                  ))}
              </div>
            ) : null}
          </FilterRow>

          <FilterRow label="类型">
            <Choices<GoodsType>
              choices={[
                { value: undefined, label: ALL },
                ...typeChoices.map((t) => ({ value: t, label: GOODS_TYPE_LABELS[t] })),
              ]}
              value={filters.goodsType}
              onChange={(v) => change({ goodsType: v })}
            />
          </FilterRow>

          {filters.gameId && platforms.length > 1 ? (
            <FilterRow label="平台">
              <Choices<string>
                choices={[
                  { value: undefined, label: ALL },
                  ...platforms.map((p) => ({ value: p, label: p })),
                ]}
                value={filters.platform}
                onChange={(v) => change({ platform: v })}
              />
            </FilterRow>
          ) : null}

          {filters.gameId ? (
            <FilterRow label="大区">
              {areasLoading ? (
                <Spin size="small" />
              ) : shownAreas.length === 0 ? (
                <span className="filter-row__none">该游戏不分区服</span>
              ) : (
                <Choices<number>
                  choices={[
                    { value: undefined, label: ALL },
                    ...shownAreas.map((a) => ({ value: a.serverId, label: a.name })),
                  ]}
                  value={filters.areaId}
                  onChange={(v) => change({ areaId: v })}
                />
              )}
            </FilterRow>
          ) : null}

          {area && area.children.length > 0 ? (
            <FilterRow label="服务器">
              <Choices<number>
                choices={[
                  { value: undefined, label: ALL },
                  ...area.children.map((s) => ({ value: s.serverId, label: s.name })),
                ]}
                value={filters.serverId}
                onChange={(v) => change({ serverId: v })}
              />
            </FilterRow>
          ) : null}

          <FilterRow label="价格">
            <PriceRange
              key={`${filters.priceMin ?? ''}-${filters.priceMax ?? ''}`}
              min={filters.priceMin}
              max={filters.priceMax}
              onApply={(min, max) => change({ priceMin: min, priceMax: max })}
            />
          </FilterRow>

          <FilterRow label="包赔">
            <Choices<'yes'>
              choices={[
                { value: undefined, label: ALL },
                { value: 'yes', label: '只看包赔' },
              ]}
              value={filters.protection ? 'yes' : undefined}
              onChange={(v) => change({ protection: v ? true : undefined })}
            />
          </FilterRow>

          {filterableFields.length > 0 ? (
            <AttributeFilters
              fields={filterableFields}
              attrs={filters.attrs}
              onChange={(attrs) => change({ attrs })}
            />
          ) : null}

          {narrowing ? (
            <div className="list-filters__clear">
              <Button size="small" icon={<ClearOutlined />} onClick={clearAll}>
                清空筛选
              </Button>
            </div>
          ) : null}
        </FilterDrawer>
      </section>

      <Results
        filters={filters}
        page={results.data}
        loading={results.isFetching}
        error={resultsError}
        onRetry={() => void results.refetch()}
        gameName={game?.nameCn}
        config={config}
        followedIds={followedIds}
        narrowing={narrowing}
        go={go}
        clearAll={clearAll}
      />
    </div>
  )
}
