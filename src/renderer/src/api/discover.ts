/**
 * Discovery and valuation (docs/valuation.md): similar listings, keyword suggestions, the price
 * history of comparable deals and estimates. Keys live under the goods root ('goods', 'discover'),
 * so every listing change that refreshes the goods queries refreshes these too. Every part is an
 * extra on its page: errors are the caller's (shown in place or not at all), never a toast.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { DISCOVER, type DraftValuationQuery, type SuggestQuery } from '@shared/api/discover'
import { call } from './client'

const caller = { errors: 'caller' } as const

export const discoverKeys = {
  all: ['goods', 'discover'] as const,
  similar: (goodsId: number) => ['goods', 'discover', 'similar', goodsId] as const,
  suggest: (query: SuggestQuery) => ['goods', 'discover', 'suggest', query] as const,
  prices: (goodsId: number) => ['goods', 'discover', 'prices', goodsId] as const,
  valuation: (goodsId: number) => ['goods', 'discover', 'valuation', goodsId] as const,
  draftValuation: (query: DraftValuationQuery) => ['goods', 'discover', 'draftValuation', query] as const,
}

export const similarQuery = (goodsId: number) =>
  queryOptions({
    queryKey: discoverKeys.similar(goodsId),
    queryFn: () => call(DISCOVER.similar, { params: { goodsId } }, caller),
    staleTime: 30_000,
  })

/** Suggestions of a keyword; the previous list stays while the next loads (no flicker while typing). */
export const suggestQuery = (query: SuggestQuery) =>
  queryOptions({
    queryKey: discoverKeys.suggest(query),
    queryFn: () => call(DISCOVER.suggest, { query }, caller),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  })

export const comparablePricesQuery = (goodsId: number) =>
  queryOptions({
    queryKey: discoverKeys.prices(goodsId),
    queryFn: () => call(DISCOVER.prices, { params: { goodsId } }, caller),
    staleTime: 5 * 60_000,
  })

export const valuationQuery = (goodsId: number) =>
  queryOptions({
    queryKey: discoverKeys.valuation(goodsId),
    queryFn: () => call(DISCOVER.valuation, { params: { goodsId } }, caller),
    staleTime: 5 * 60_000,
    retry: false,
  })

export const draftValuationQuery = (query: DraftValuationQuery) =>
  queryOptions({
    queryKey: discoverKeys.draftValuation(query),
    queryFn: () => call(DISCOVER.draftValuation, { query }, caller),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  })
