/**
 * /shop/{shopId}.html: the seller's profile and stats (on sale, sold, since), the games the shop
 * sells in, and its listings (search with sellerId) with paging. Game and page live in the URL.
 * Below them the seller's credit (rating, completed orders, dispute rate, level) and its reviews.
 */
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Breadcrumb, Button, Empty, Result, Skeleton, Spin } from 'antd'
import { ShopOutlined } from '@ant-design/icons'
import type { ScrollState } from '@renderer/app/RootShell'
import { goodsSearchQuery, imageSrc, shopPath, shopQuery } from '@renderer/api/goods'
import { ApiError } from '@renderer/api/http'
import { idFromHtmlSegment } from '@renderer/app/route-table'
import { GoodsCard } from '@renderer/components/GoodsCard'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { Pagination } from '@renderer/components/Pagination'
import { errorToShow } from '@renderer/utils/api-error'
import { parseTime } from '@renderer/utils/time'
import { ShopCreditStats } from '@renderer/features/review/SellerCredit'
import { ShopReviews } from '@renderer/features/review/ShopReviews'
import { pagingOf, positiveInt, setPaging } from '@renderer/utils/url-params'
import './filter-chips.css'
import './shop.css'

export default function ShopPage() {
  const { file } = useParams()
  const shopId = idFromHtmlSegment(file)
  const [params, setParams] = useSearchParams()
  const gameId = positiveInt(params.get('gameId')) ?? undefined
  const { page, limit } = pagingOf(params)

  const shop = useQuery({ ...shopQuery(shopId ?? 0), enabled: shopId !== null })
  const goods = useQuery({
    ...goodsSearchQuery({
      sellerId: shopId ?? 0,
      ...(gameId ? { gameId } : {}),
      pageNum: page,
      pageSize: limit,
      sort: 'newest',
    }),
    enabled: shopId !== null,
  })

  const searchOf = (next: { gameId?: number; page?: number; limit?: number }) => {
    const search = new URLSearchParams()
    if (next.gameId) search.set('gameId', String(next.gameId))
    setPaging(search, next)
    return search
  }
  const go = (next: { gameId?: number; page?: number; limit?: number }) =>
    setParams(searchOf(next), { state: { keepScroll: true } satisfies ScrollState })

  // an address that is not {id}.html names no shop
  if (shopId === null || shop.error) {
    const missing = shopId === null || (shop.error instanceof ApiError && shop.error.code === 404)
    return (
      <div className="page-container">
        <section className="panel shop-missing">
          <Result
            status={missing ? '404' : 'error'}
            title={missing ? '店铺不存在' : '店铺加载失败'}
            subTitle={missing ? '可能是链接有误，或该卖家已注销' : errorToShow(shop.error)}
            extra={
              missing ? (
                <Link to="/list.html">
                  <Button type="primary">去逛逛其他商品</Button>
                </Link>
              ) : (
                <Button type="primary" onClick={() => void shop.refetch()}>
                  重试
                </Button>
              )
            }
          />
        </section>
      </div>
    )
  }
  const profile = shop.data
  const rows = goods.data?.rows ?? []

  return (
    <div className="page-container shop-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: '店铺' },
          ...(profile ? [{ title: profile.shopName }] : []),
        ]}
      />
      {!profile ? (
        <section className="panel">
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        </section>
      ) : (
        <section className="panel shop-hero" aria-label="店铺信息">
          <Avatar
            className="shop-hero__avatar"
            size={80}
            src={imageSrc(profile.avatar)}
            icon={<ShopOutlined />}
          />
          <div className="shop-hero__info">
            <h1>{profile.shopName}</h1>
            <p className="shop-hero__intro">{profile.intro || '这位卖家还没有写店铺介绍'}</p>
          </div>
          <dl className="shop-hero__stats">
            <div>
              <dt>在售商品</dt>
              <dd>{profile.onSaleCount}</dd>
            </div>
            <div>
              <dt>已售出</dt>
              <dd>{profile.soldCount}</dd>
            </div>
            <div>
              <dt>入驻时间</dt>
              <dd>{parseTime(profile.since, 'YYYY-MM')}</dd>
            </div>
            <ShopCreditStats shopId={profile.shopId} />
          </dl>
        </section>
      )}

      <section className="panel" aria-labelledby="shop-goods-title">
        <div className="panel__head">
          <h2 className="panel__title" id="shop-goods-title">
            店铺商品
          </h2>
          <span className="panel__extra">{goods.data ? `共 ${goods.data.total} 件` : null}</span>
        </div>
        {profile && profile.games.length > 0 ? (
          <div className="shop-games filter-chips" role="group" aria-label="按游戏筛选">
            <button
              type="button"
              className={`filter-chip ${!gameId ? 'is-active' : ''}`}
              aria-pressed={!gameId}
              onClick={() => go({ limit })}
            >
              全部
            </button>
            {profile.games.map((g) => (
              <button
                key={g.gameId}
                type="button"
                className={`filter-chip ${gameId === g.gameId ? 'is-active' : ''}`}
                aria-pressed={gameId === g.gameId}
                onClick={() => go({ gameId: g.gameId, limit })}
              >
                {g.nameCn}（{g.count}）
              </button>
            ))}
          </div>
        ) : null}
        <div style={{ marginTop: 16 }}>
          {goods.error && !goods.isFetching ? (
            <ErrorAlert error={goods.error} fallback="商品加载失败" onRetry={() => void goods.refetch()} />
          ) : !goods.data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : rows.length === 0 ? (
            <Empty description="这家店铺暂时没有在售商品" />
          ) : (
            <Spin spinning={goods.isFetching} delay={200}>
              <ul className="goods-grid">
                {rows.map((g) => (
                  <li key={g.goodsId}>
                    <GoodsCard goods={g} showGame />
                  </li>
                ))}
              </ul>
            </Spin>
          )}
        </div>
        <Pagination
          total={goods.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(nextPage, nextLimit) => go({ gameId, page: nextPage, limit: nextLimit })}
          hrefOf={(target) => {
            const search = searchOf({ gameId, page: target, limit }).toString()
            return search ? `${shopPath(shopId)}?${search}` : shopPath(shopId)
          }}
        />
      </section>
      <ShopReviews shopId={shopId} />
    </div>
  )
}
