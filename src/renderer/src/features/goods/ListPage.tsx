/**
 * /list.html: search listings by game, goods type, platform, area/server, price range (元), the
 * game's attribute filters and keyword; sort by 综合 / price / newest; cards or rows; paging per
 * spec §9. Everything lives in the URL (list-query.ts), so a search can be shared and reloaded and
 * back/forward walks through it. Title and SEO for ?gameId= are set by the RootShell.
 */
import { useMemo, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Breadcrumb, Button, Empty, Input, Segmented, Select, Skeleton, Spin } from 'antd'
import {
  AppstoreOutlined,
  BarsOutlined,
  ClearOutlined,
  DownOutlined,
  SearchOutlined,
  UpOutlined,
} from '@ant-design/icons'
import {
  GOODS_SORT_LABELS,
  GOODS_TYPE_LABELS,
  type AttributeField,
  type GameConfig,
  type GoodsSort,
  type GoodsType,
} from '@shared/api/goods'
import type { Game } from '@shared/api/types'
import { getAreaServersByGameId, type GameArea } from '@renderer/api/game'
import { listFollowed, searchGoods } from '@renderer/api/goods'
import type { ScrollState } from '@renderer/app/RootShell'
import { Pagination } from '@renderer/components/Pagination'
import { useAppStore } from '@renderer/stores/app'
import { useSessionStore } from '@renderer/stores/session'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { useQuery } from '@renderer/utils/use-query'
import { LoadErrorAlert } from '@renderer/components/LoadErrorAlert'
import { attributeFieldsOf } from './attributes'
import { loadGameConfig, loadGames } from './catalogue-cache'
import { GoodsCard } from './GoodsCard'
import {
  applyFilter,
  hasNarrowing,
  knownAttrs,
  listHref,
  parseListQuery,
  shortYuan,
  toSearchQuery,
  type FilterPatch,
  type ListFilters,
} from './list-query'
import { useFollow } from './use-follow'
import './goods.css'

const SORTS: Array<{ sort: GoodsSort; label: string }> = [
  { sort: 'default', label: '综合' },
  { sort: 'price_asc', label: '价格 ↑' },
  { sort: 'price_desc', label: '价格 ↓' },
  { sort: 'newest', label: '最新' },
]

const VIEW_KEY = 'goodsListView'
/** the follows looked up to mark followed listings (the list endpoint's largest page) */
const FOLLOWED_LOOKUP = 100
type ViewMode = 'card' | 'row'

function readView(): ViewMode {
  try {
    return localStorage.getItem(VIEW_KEY) === 'row' ? 'row' : 'card'
  } catch {
    return 'card'
  }
}

/** One line of the filter bar: a label and its choices. */
function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <span className="filter-row__label">{label}</span>
      <div className="filter-row__body">{children}</div>
    </div>
  )
}

interface Choice<T> {
  value: T | undefined
  label: string
}

function Choices<T extends string | number>({
  choices,
  value,
  onChange,
}: {
  choices: Array<Choice<T>>
  value: T | undefined
  onChange: (value: T | undefined) => void
}) {
  return (
    <div className="filter-chips">
      {choices.map((choice) => {
        const active = choice.value === value
        return (
          <button
            key={String(choice.value ?? '__all')}
            type="button"
            className={`filter-chip ${active ? 'is-active' : ''}`}
            aria-pressed={active}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </button>
        )
      })}
    </div>
  )
}

const ALL = '不限'

/**
 * The attribute filters offered: those of the chosen goods type, or without a type those of all the
 * game's types (the server filters on any of them; a key shared by two types shows once).
 */
export function filterableOf(
  config: GameConfig | null | undefined,
  goodsType: GoodsType | undefined,
): AttributeField[] {
  if (!config) return []
  const fields = goodsType
    ? attributeFieldsOf(config, goodsType)
    : config.goodsTypes.flatMap((t) => t.attributes)
  const seen = new Set<string>()
  return fields.filter((f) => f.filterable && !seen.has(f.key) && (seen.add(f.key), true))
}

/** Price range in 元; applied with 确定 (or Enter). Reset by the parent's key when the URL changes. */
function PriceRange({
  min,
  max,
  onApply,
}: {
  min: number | undefined
  max: number | undefined
  onApply: (min: number | undefined, max: number | undefined) => void
}) {
  const [low, setLow] = useState(min === undefined ? '' : shortYuan(min))
  const [high, setHigh] = useState(max === undefined ? '' : shortYuan(max))
  const [error, setError] = useState('')
  const apply = () => {
    const lowFen = low.trim() === '' ? undefined : yuanToFen(low)
    const highFen = high.trim() === '' ? undefined : yuanToFen(high)
    if (lowFen === null || highFen === null) {
      setError('请输入正确的金额（元，最多两位小数）')
      return
    }
    setError('')
    if (lowFen !== undefined && highFen !== undefined && lowFen > highFen) onApply(highFen, lowFen)
    else onApply(lowFen, highFen)
  }
  return (
    <div className="price-range">
      <Input
        size="small"
        className="price-range__input"
        value={low}
        onChange={(e) => setLow(e.target.value)}
        onPressEnter={apply}
        placeholder="最低价"
        aria-label="最低价（元）"
        suffix="元"
        inputMode="decimal"
        maxLength={12}
        status={error ? 'error' : undefined}
      />
      <span className="price-range__dash">—</span>
      <Input
        size="small"
        className="price-range__input"
        value={high}
        onChange={(e) => setHigh(e.target.value)}
        onPressEnter={apply}
        placeholder="最高价"
        aria-label="最高价（元）"
        suffix="元"
        inputMode="decimal"
        maxLength={12}
        status={error ? 'error' : undefined}
      />
      <Button size="small" type="primary" ghost onClick={apply}>
        确定
      </Button>
      {min !== undefined || max !== undefined ? (
        <Button size="small" type="link" onClick={() => onApply(undefined, undefined)}>
          清除
        </Button>
      ) : null}
      {error ? (
        <span className="price-range__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}

function KeywordBox({ value, onSearch }: { value: string | undefined; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value ?? '')
  return (
    <Input.Search
      className="list-keyword"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      placeholder="搜索商品标题，如：满级、全皮肤、初始号"
      aria-label="搜索商品关键词"
      allowClear
      maxLength={50}
      enterButton={
        <>
          <SearchOutlined /> 搜索
        </>
      }
    />
  )
}

function gameFilterOption(input: string, game: Game | undefined): boolean {
  if (!game) return false
  const q = input.trim().toLowerCase()
  return (
    game.nameCn.toLowerCase().includes(q) ||
    game.nameEn.toLowerCase().includes(q) ||
    (q.length === 1 && game.initial.toLowerCase() === q)
  )
}

function AttributeFilters({
  fields,
  attrs,
  onChange,
}: {
  fields: AttributeField[]
  attrs: Record<string, string>
  onChange: (attrs: Record<string, string>) => void
}) {
  const mobile = useAppStore((s) => s.device === 'mobile')
  const [expanded, setExpanded] = useState(false)
  // the first few rows show; the rest wait behind 更多筛选 (on a phone all of them), except chosen ones
  const visibleCount = mobile ? 0 : 3
  const shown = expanded ? fields : fields.filter((f, i) => i < visibleCount || attrs[f.key] !== undefined)
  const hidden = fields.length - shown.length
  const set = (key: string, value: string | undefined) => {
    const next = { ...attrs }
    if (value === undefined) delete next[key]
    else next[key] = value
    onChange(next)
  }
  return (
    <>
      {shown.map((field) => {
        if ((field.kind === 'select' || field.kind === 'multiselect') && field.options?.length) {
          return (
            <FilterRow key={field.key} label={field.label}>
              <Choices<string>
                choices={[
                  { value: undefined, label: ALL },
                  ...field.options.map((o) => ({ value: o, label: o })),
                ]}
                value={attrs[field.key]}
                onChange={(v) => set(field.key, v)}
              />
            </FilterRow>
          )
        }
        if (field.kind === 'boolean') {
          return (
            <FilterRow key={field.key} label={field.label}>
              <Choices<string>
                choices={[
                  { value: undefined, label: ALL },
                  { value: 'true', label: '是' },
                  { value: 'false', label: '否' },
                ]}
                value={attrs[field.key]}
                onChange={(v) => set(field.key, v)}
              />
            </FilterRow>
          )
        }
        return null
      })}
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className="filter-more"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? (
            <>
              收起筛选 <UpOutlined />
            </>
          ) : (
            <>
              更多筛选（
              {fields
                .filter((f) => !shown.includes(f))
                .slice(0, 3)
                .map((f) => f.label)
                .join('、')}
              {hidden > 3 ? '等' : ''}） <DownOutlined />
            </>
          )}
        </button>
      ) : null}
    </>
  )
}

export default function ListPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const filters = useMemo(() => parseListQuery(location.search), [location.search])
  const [view, setView] = useState<ViewMode>(readView)
  const follow = useFollow()

  const loggedIn = useSessionStore((s) => Boolean(s.token))
  // which of the listings the user already follows (search rows are the same for everyone)
  const followedIds = useQuery(['followed-ids', loggedIn], () =>
    loggedIn
      ? listFollowed({ pageNum: 1, pageSize: FOLLOWED_LOOKUP }).then(
          (page) => new Set(page.rows.map((row) => row.goodsId)),
          () => new Set<number>(),
        )
      : Promise.resolve(new Set<number>()),
  )
  const games = useQuery(['games'], loadGames)
  const game = games.data?.find((g) => g.gameId === filters.gameId)
  const areas = useQuery(['areas', filters.gameId], () =>
    filters.gameId ? getAreaServersByGameId(filters.gameId) : Promise.resolve([] as GameArea[]),
  )
  const config = useQuery(['config', filters.gameId], () =>
    filters.gameId ? loadGameConfig(filters.gameId) : Promise.resolve(null),
  )
  const results = useQuery(['search', location.search], async () => {
    const query = toSearchQuery(filters)
    // a shared or old link may carry attribute filters this game no longer offers: drop them
    // (the server would refuse the whole search) — the config is fetched first only in that case
    if (query.attrs && filters.gameId) {
      const known = knownAttrs(
        query.attrs,
        filterableOf(await loadGameConfig(filters.gameId), filters.goodsType),
      )
      if (Object.keys(known).length > 0) query.attrs = known
      else delete query.attrs
    }
    return searchGoods(query, { errors: 'caller' })
  })

  // the page keeps its scroll on filter changes; the pagination scrolls up smoothly itself
  const go = (next: ListFilters) =>
    void navigate(listHref(next), { state: { keepScroll: true } satisfies ScrollState })
  const change = (patch: FilterPatch) => go(applyFilter(filters, patch))

  const gameConfig = filters.gameId ? config.data : null
  const typeChoices: GoodsType[] = gameConfig?.goodsTypes.length
    ? gameConfig.goodsTypes.map((t) => t.goodsType)
    : (Object.keys(GOODS_TYPE_LABELS) as GoodsType[])
  const filterableFields = filterableOf(gameConfig, filters.goodsType)
  const allAreas = filters.gameId ? (areas.data ?? []) : []
  const shownAreas = allAreas.filter(
    (a) => !filters.platform || a.platform === null || a.platform === filters.platform,
  )
  const area = allAreas.find((a) => a.serverId === filters.areaId)
  const platforms = game?.platforms ?? []
  const narrowing = hasNarrowing(filters)
  const page = results.data
  const rows = page?.rows ?? []

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
          <KeywordBox
            key={filters.keyword ?? ''}
            value={filters.keyword}
            onSearch={(text) => change({ keyword: text || undefined })}
          />
        </div>

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
            loading={games.loading}
            value={filters.gameId}
            onChange={(value) => change({ gameId: value ?? undefined })}
            options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
            notFoundContent={games.error ? '游戏列表加载失败' : '没有找到这个游戏'}
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
              choices={[{ value: undefined, label: ALL }, ...platforms.map((p) => ({ value: p, label: p }))]}
              value={filters.platform}
              onChange={(v) => change({ platform: v })}
            />
          </FilterRow>
        ) : null}

        {filters.gameId ? (
          <FilterRow label="大区">
            {areas.loading && !areas.data ? (
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
      </section>

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

        {results.error && !results.loading ? (
          <LoadErrorAlert title={apiErrorText(results.error, '商品加载失败')} onRetry={results.reload} />
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
                  <strong>{game ? `${game.nameCn}暂时还没有在售商品` : '暂时还没有在售商品'}</strong>
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
          <Spin spinning={results.loading} delay={200}>
            <ul className={view === 'card' ? 'goods-grid' : 'goods-rows'}>
              {rows.map((goods) => (
                <li key={goods.goodsId}>
                  <GoodsCard
                    goods={goods}
                    variant={view}
                    fields={
                      goods.gameId === filters.gameId
                        ? attributeFieldsOf(gameConfig, goods.goodsType)
                        : undefined
                    }
                    showGame={!filters.gameId}
                    followed={follow.isFollowed({
                      goodsId: goods.goodsId,
                      followed: followedIds.data?.has(goods.goodsId),
                    })}
                    following={follow.isPending(goods.goodsId)}
                    onToggleFollow={(g) =>
                      void follow.toggle({ goodsId: g.goodsId, followed: followedIds.data?.has(g.goodsId) })
                    }
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
        />
      </section>
    </div>
  )
}
