/**
 * The server-rendered pages and their heads (docs/ssr.md), keyed by the page of the route table:
 * `load` fetches what decides the page (false: the listing, shop or notice does not exist → 404),
 * `head` builds title, description, keywords, canonical URL, Open Graph and JSON-LD from the data the
 * page rendered with. Pages not listed here are rendered in the browser only.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { GoodsBrief, GoodsDetail, GoodsSearchResult, ShopProfile } from '@shared/api/goods'
import type { Notice } from '@shared/api/notice'
import type { Game } from '@shared/api/game'
import { SITE_NAME, SITE_SUBTITLE } from '@shared/constants'
import type { PageHead } from '@shared/page-head'
import { ApiError } from '@renderer/api/http'
import { gameAreasQuery, gameConfigQuery, gameDetailQuery, gamesQuery } from '@renderer/api/game'
import {
  goodsDetailPath,
  goodsDetailQuery,
  goodsKeys,
  goodsSearchQuery,
  homeGoodsQuery,
  shopPath,
  shopQuery,
} from '@renderer/api/goods'
import { noticeListQuery, noticeQuery } from '@renderer/api/notice'
import { followedIdsQuery } from '@renderer/api/follow'
import { protectionTermsQuery } from '@renderer/api/protection'
import { loveBoardQuery } from '@renderer/api/love'
import type { LoveBoard } from '@shared/api/love'
import { sellerCreditQuery, shopReviewsFirstPage } from '@renderer/api/review'
import { gameSeo, pageTitle } from '@renderer/app/seo'
import { idFromHtmlSegment, type PageKey } from '@renderer/app/route-table'
import { parseListQuery, toListSearch, toSearchQuery } from '@renderer/features/goods/list-query'
import { fenToYuan } from '@renderer/utils/money'

export type { PageHead }

export interface SsrPage {
  load(queryClient: QueryClient, url: URL): Promise<boolean>
  head(queryClient: QueryClient, url: URL, origin: string): PageHead
}

const SITE_KEYWORDS = `游戏账号交易,游戏账号买卖,游戏装备交易,游戏币交易,担保交易,${SITE_NAME}`
const SITE_DESCRIPTION = `${SITE_NAME}：${SITE_SUBTITLE}，担保交易、资金托管、客服验证，买卖游戏账号更安心。`

const yuan = (fen: number) => fenToYuan(fen)
const plain = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`)

function breadcrumbs(origin: string, items: Array<[string, string]>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: absolute(origin, path),
    })),
  }
}

function itemList(origin: string, rows: GoodsBrief[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: rows.map((row, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absolute(origin, goodsDetailPath(row.goodsId)),
      name: row.title,
    })),
  }
}

/** The detail's query answered 404 (unknown, deleted or taken down): the page is a 404. */
async function exists(fetch: () => Promise<unknown>): Promise<boolean> {
  try {
    await fetch()
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return false
    throw error
  }
}

const siteHead = (title: string, origin: string, path: string, jsonLd: object[] = []): PageHead => ({
  title,
  description: SITE_DESCRIPTION,
  keywords: SITE_KEYWORDS,
  canonical: absolute(origin, path),
  ogType: 'website',
  jsonLd,
})

/** The first answer of a query family in the cache (the page may have narrowed its own query). */
function firstData<T>(queryClient: QueryClient, key: readonly unknown[]): T | undefined {
  return queryClient
    .getQueriesData<T>({ queryKey: key })
    .map(([, data]) => data)
    .find((data) => data !== undefined)
}

const always = async () => true

export const SSR_PAGES: Partial<Record<PageKey, SsrPage>> = {
  'home/HomePage': {
    async load(queryClient) {
      // what the home page's parts ask for (any other query is fetched by the render's next round)
      await Promise.all([
        queryClient.prefetchQuery(homeGoodsQuery()),
        queryClient.prefetchQuery(gamesQuery()),
        queryClient.prefetchQuery(noticeListQuery({ noticeType: 'ANNOUNCEMENT', pageNum: 1, pageSize: 7 })),
      ])
      return true
    },
    head(queryClient, _url, origin) {
      const home = queryClient.getQueryData<{ newest: GoodsBrief[] }>(goodsKeys.home)
      return {
        ...siteHead(`${SITE_NAME} - ${SITE_SUBTITLE}`, origin, '/'),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: absolute(origin, '/'),
          },
          breadcrumbs(origin, [['首页', '/']]),
          ...(home ? [itemList(origin, home.newest)] : []),
        ],
      }
    },
  },

  'goods/ListPage': {
    async load(queryClient, url) {
      const filters = parseListQuery(url.searchParams)
      const { gameId } = filters
      // the game's names make the title (RootShell reads the same query in the browser)
      await Promise.all([
        queryClient.prefetchQuery(gamesQuery()),
        queryClient.prefetchQuery(followedIdsQuery(false)),
        // attribute filters wait for the game's config (the page drops unknown ones): next round
        ...(Object.keys(filters.attrs).length === 0
          ? [queryClient.prefetchQuery(goodsSearchQuery(toSearchQuery(filters)))]
          : []),
        ...(gameId
          ? [
              queryClient.prefetchQuery(gameDetailQuery(gameId)),
              queryClient.prefetchQuery(gameAreasQuery(gameId)),
              queryClient.prefetchQuery(gameConfigQuery(gameId)),
            ]
          : []),
      ])
      return true
    },
    head(queryClient, url, origin) {
      const filters = parseListQuery(url.searchParams)
      const search = toListSearch(filters)
      const path = search ? `/list.html?${search}` : '/list.html'
      const game = filters.gameId
        ? queryClient.getQueryData<Game>(gameDetailQuery(filters.gameId).queryKey)
        : undefined
      const result = firstData<GoodsSearchResult>(queryClient, ['goods', 'search'])
      const seo = game ? gameSeo(game) : null
      const crumbs: Array<[string, string]> = [
        ['首页', '/'],
        ['商品列表', '/list.html'],
      ]
      if (game) crumbs.push([game.nameCn, `/list.html?gameId=${game.gameId}`])
      return {
        ...siteHead(seo?.title ?? pageTitle('商品列表'), origin, path),
        ...(seo ? { keywords: seo.keywords, description: seo.description } : {}),
        jsonLd: [breadcrumbs(origin, crumbs), ...(result ? [itemList(origin, result.rows)] : [])],
      }
    },
  },

  'goods/DetailPage': {
    async load(queryClient, url) {
      const goodsId = idFromHtmlSegment(url.pathname.split('/').pop())
      if (goodsId === null) return false
      const found = await exists(() => queryClient.fetchQuery(goodsDetailQuery(goodsId)))
      const detail = queryClient.getQueryData<GoodsDetail>(goodsDetailQuery(goodsId).queryKey)
      // the seller card's rating and credit level (features/review/SellerCredit.tsx) and an account's
      // 包赔 terms (features/protection/ProtectionTerms.tsx) in the same round: one render pass
      if (detail)
        await Promise.all([
          queryClient.prefetchQuery(gameConfigQuery(detail.gameId)),
          queryClient.prefetchQuery(sellerCreditQuery(detail.seller?.shopId ?? detail.sellerId)),
          detail.goodsType === 'ACCOUNT' && queryClient.prefetchQuery(protectionTermsQuery(goodsId)),
        ])
      return found
    },
    head(queryClient, url, origin) {
      const goodsId = idFromHtmlSegment(url.pathname.split('/').pop()) ?? 0
      const d = queryClient.getQueryData<GoodsDetail>(goodsDetailQuery(goodsId).queryKey)!
      const price = yuan(d.price)
      const path = goodsDetailPath(d.goodsId)
      const image = d.images[0]?.url ?? d.coverUrl
      const where = [d.gameName, d.areaName, d.serverName].filter(Boolean).join(' ')
      return {
        title: `${d.title} ¥${price} - ${d.gameName}账号交易 - ${SITE_NAME}`,
        description: plain(`${d.title}，售价 ¥${price}，${where}。${d.description}`, 150),
        keywords: `${d.gameName}账号交易,${d.gameName}账号买卖,${d.title},${SITE_NAME}`,
        canonical: absolute(origin, path),
        ogType: 'product',
        ...(image ? { ogImage: absolute(origin, image) } : {}),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: d.title,
            description: plain(d.description || d.title, 300),
            sku: String(d.goodsId),
            category: d.gameName,
            ...(image ? { image: [absolute(origin, image)] } : {}),
            offers: {
              '@type': 'Offer',
              url: absolute(origin, path),
              priceCurrency: 'CNY',
              price,
              availability:
                d.status === 'ON_SALE' && d.stock > 0
                  ? 'https://schema.org/InStock'
                  : 'https://schema.org/SoldOut',
              seller: { '@type': 'Organization', name: d.seller.shopName },
            },
          },
          breadcrumbs(origin, [
            ['首页', '/'],
            [d.gameName, `/list.html?gameId=${d.gameId}`],
            [d.title, path],
          ]),
        ],
      }
    },
  },

  'goods/ShopPage': {
    async load(queryClient, url) {
      const shopId = idFromHtmlSegment(url.pathname.split('/').pop())
      if (shopId === null) return false
      // the seller's credit and first page of reviews (features/review/) alongside the profile
      const [found] = await Promise.all([
        exists(() => queryClient.fetchQuery(shopQuery(shopId))),
        queryClient.prefetchQuery(sellerCreditQuery(shopId)),
        queryClient.prefetchQuery(shopReviewsFirstPage(shopId)),
      ])
      return found
    },
    head(queryClient, url, origin) {
      const shopId = idFromHtmlSegment(url.pathname.split('/').pop()) ?? 0
      const shop = queryClient.getQueryData<ShopProfile>(shopQuery(shopId).queryKey)!
      const games = shop.games.map((g) => g.nameCn).join('、')
      const result = firstData<GoodsSearchResult>(queryClient, ['goods', 'search'])
      return {
        ...siteHead(pageTitle(`${shop.shopName}的店铺`), origin, shopPath(shopId)),
        description: plain(
          `${shop.shopName}：在售 ${shop.onSaleCount} 件，已售 ${shop.soldCount} 件。${games}`,
          150,
        ),
        keywords: `${shop.shopName},${games ? `${games},` : ''}${SITE_KEYWORDS}`,
        jsonLd: [
          breadcrumbs(origin, [
            ['首页', '/'],
            [shop.shopName, shopPath(shopId)],
          ]),
          ...(result ? [itemList(origin, result.rows)] : []),
        ],
      }
    },
  },

  'platform/NoticeListPage': {
    load: always,
    head(_queryClient, url, origin) {
      const type = url.searchParams.get('noticeType')
      const path = type
        ? `/platform/noticeList.html?noticeType=${encodeURIComponent(type)}`
        : '/platform/noticeList.html'
      return siteHead(pageTitle('帮助与公告'), origin, path, [
        breadcrumbs(origin, [
          ['首页', '/'],
          ['帮助与公告', '/platform/noticeList.html'],
        ]),
      ])
    },
  },

  'platform/NoticeDetailPage': {
    async load(queryClient, url) {
      const noticeId = idFromHtmlSegment(url.pathname.split('/').pop())
      if (noticeId === null) return false
      return exists(() => queryClient.fetchQuery(noticeQuery(noticeId)))
    },
    head(queryClient, url, origin) {
      const noticeId = idFromHtmlSegment(url.pathname.split('/').pop()) ?? 0
      const notice = queryClient.getQueryData<Notice>(noticeQuery(noticeId).queryKey)!
      return {
        ...siteHead(pageTitle(notice.title), origin, url.pathname),
        description: plain(notice.content, 150) || SITE_DESCRIPTION,
        ogType: 'article',
        jsonLd: [
          breadcrumbs(origin, [
            ['首页', '/'],
            ['帮助与公告', '/platform/noticeList.html'],
            [notice.title, url.pathname],
          ]),
        ],
      }
    },
  },

  'record/RecordListPage': {
    load: always,
    head: (_queryClient, _url, origin) =>
      siteHead(pageTitle('成交记录'), origin, '/record/list.html', [
        breadcrumbs(origin, [
          ['首页', '/'],
          ['成交记录', '/record/list.html'],
        ]),
      ]),
  },

  'love/LovePage': {
    async load(queryClient) {
      await queryClient.prefetchQuery(loveBoardQuery())
      return true
    },
    head(queryClient, _url, origin) {
      const board = queryClient.getQueryData<LoveBoard>(loveBoardQuery().queryKey)
      const activity = board?.activity
      const names = (board?.guilds ?? []).slice(0, 5).map((g) => g.name)
      return {
        ...siteHead(pageTitle(activity ? `${activity.title} - 公会助力` : '公会助力'), origin, '/love.html', [
          breadcrumbs(origin, [
            ['首页', '/'],
            ['公会助力', '/love.html'],
          ]),
        ]),
        ...(activity
          ? {
              description: plain(
                `${activity.title}：为你喜欢的公会助力！${names.length ? `参赛公会：${names.join('、')}。` : ''}${activity.rules}`,
                150,
              ),
            }
          : {}),
      }
    },
  },

  'errors/NotFoundPage': {
    load: always,
    head: (_queryClient, _url, origin) => ({
      ...siteHead(pageTitle('页面不存在'), origin, '/404.html'),
      canonical: null,
    }),
  },
}
