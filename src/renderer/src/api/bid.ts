/**
 * Bids (出价 / 还价): query keys (root 'bid'), query options and mutations. Accepting creates an
 * order, so it refreshes orders and the wallet too. Money is integer fen.
 */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import { BID, type BidListQuery, type CreateBidBody, type SetBidFloorBody } from '@shared/api/bid'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { refreshAfterOrderChange } from './trade'

const caller = { errors: 'caller' } as const

export const bidKeys = {
  all: ['bid'] as const,
  list: (query: BidListQuery) => ['bid', 'list', query] as const,
  terms: (goodsId: number) => ['bid', 'terms', goodsId] as const,
}

/** A listing's minimum bid and my open bid on it (the 出价 dialog reads it before the buyer types). */
export const bidTermsQuery = (goodsId: number) =>
  queryOptions({
    queryKey: bidKeys.terms(goodsId),
    queryFn: () => call(BID.terms, { params: { goodsId } }, caller),
    staleTime: 0,
  })

/** The seller sets or clears a listing's minimum bid (a refusal is shown in the dialog). */
export function useSetBidFloor() {
  return useChangeMutation((body: SetBidFloorBody) => call(BID.setFloor, { body }, caller), {
    keys: [bidKeys.all],
    errors: 'caller',
  })
}

/** My bids as buyer, or the bids on my listings as seller (errors shown in place). */
export const bidListQuery = (query: BidListQuery) =>
  queryOptions({
    queryKey: bidKeys.list(query),
    queryFn: () => call(BID.list, { query }, caller),
    placeholderData: keepPreviousData,
  })

/** A new bid or a counter-offer: the price dialog shows a refusal in place. */
export function useOfferBid() {
  return useChangeMutation(
    (offer: ({ kind: 'bid' } & CreateBidBody) | { kind: 'counter'; bidId: number; price: number }) =>
      offer.kind === 'bid'
        ? call(
            BID.create,
            { body: { goodsId: offer.goodsId, price: offer.price, expiresInHours: offer.expiresInHours } },
            caller,
          )
        : call(BID.counter, { body: { bidId: offer.bidId, price: offer.price } }, caller),
    { keys: [bidKeys.all], errors: 'caller' },
  )
}

/** Accept (→ an unpaid order), reject or cancel a bid; a refusal is a toast of the request layer. */
export function useBidStep() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async ({ step, bidId }: { step: 'accept' | 'reject' | 'cancel'; bidId: number }) => {
      if (step === 'accept') return { orderNo: (await call(BID.accept, { body: { bidId } })).orderNo }
      await call(step === 'reject' ? BID.reject : BID.cancel, { body: { bidId } })
      return { orderNo: null }
    },
    {
      onSuccess: (_result, { step }) =>
        step === 'accept' ? refreshAfterOrderChange(queryClient) : undefined,
      keys: (_result, { step }) => (step === 'accept' ? [] : [bidKeys.all]),
    },
  )
}
