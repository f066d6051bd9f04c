/**
 * The order detail page (docs/order-detail.md): one query under the 'trade' root, so every order
 * mutation (refreshAfterOrderChange) refreshes it; review mutations refresh it too (api/review.ts).
 */
import { queryOptions } from '@tanstack/react-query'
import { ORDER_DETAIL } from '@shared/api/order-detail'
import { call } from './client'

export const orderDetailKeys = {
  all: ['trade', 'view'] as const,
  view: (orderNo: string) => ['trade', 'view', orderNo] as const,
}

/** The order as the caller (its buyer or its seller) sees it; errors shown in place by the page. */
export const orderDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderDetailKeys.view(orderNo),
    queryFn: () => call(ORDER_DETAIL.view, { params: { orderNo } }, { errors: 'caller' }),
  })
