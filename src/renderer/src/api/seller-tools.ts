/**
 * Tools for power sellers (docs/seller-tools.md): the bulk actions of 我出售的商品 (one result per
 * listing; the lists and push records refresh afterwards) and the desktop workbench's summary
 * (asked again every 30 s and on focus: it sits open beside the main window).
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { BULK, WORKBENCH, type BulkResult } from '@shared/api/seller-tools'
import type { BulkPriceChange } from '@shared/rules/bulk-price'
import { call } from './client'
import { gameKeys } from './game'
import { goodsKeys } from './goods'
import { useChangeMutation } from './mutation'

export const sellerToolKeys = {
  all: ['seller-tools'] as const,
  workbench: ['seller-tools', 'workbench'] as const,
}

export type BulkAction =
  | { kind: 'offShelf' }
  | { kind: 'onShelf' }
  | ({ kind: 'price' } & BulkPriceChange)
  | { kind: 'push'; hours: number }

/** A bulk action on the selected listings; a refusal of the whole request is shown by the caller. */
export function useBulkAction() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    ({ goodsIds, action }: { goodsIds: number[]; action: BulkAction }): Promise<BulkResult> => {
      const opts = { errors: 'caller' } as const
      switch (action.kind) {
        case 'offShelf':
          return call(BULK.offShelf, { body: { goodsIds } }, opts)
        case 'onShelf':
          return call(BULK.onShelf, { body: { goodsIds } }, opts)
        case 'price':
          return call(BULK.price, { body: { goodsIds, mode: action.mode, value: action.value } }, opts)
        case 'push':
          return call(BULK.push, { body: { goodsIds, hours: action.hours } }, opts)
      }
    },
    {
      errors: 'caller',
      // part of a refused request may have gone through: the lists refresh either way
      onSettled: () =>
        Promise.all(
          [goodsKeys.all, gameKeys.mine, sellerToolKeys.all].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        ),
    },
  )
}

export const workbenchQuery = () =>
  queryOptions({
    queryKey: sellerToolKeys.workbench,
    queryFn: () => call(WORKBENCH.summary, {}, { errors: 'caller' }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  })
