/**
 * 包赔 (docs/recovery-protection.md): the periods a seller may choose, a listing's terms (public), an
 * order's protection and claims, filing a claim, and the console's claim list, detail and decision.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  PROTECTION,
  PROTECTION_STAFF,
  PROTECTION_CLAIM_REASON_DICT,
  type ClaimListQuery,
  type DecideClaimBody,
  type FileClaimBody,
} from '@shared/api/protection'
import { SYSTEM } from '@shared/api/system'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { fundsKeys } from './funds'
import { tradeKeys } from './trade'

export const protectionKeys = {
  all: ['protection'] as const,
  options: ['protection', 'options'] as const,
  reasons: ['protection', 'reasons'] as const,
  terms: (goodsId: number) => ['protection', 'terms', goodsId] as const,
  order: (orderNo: string) => ['protection', 'order', orderNo] as const,
  staffList: (query: ClaimListQuery) => ['protection', 'staff', 'list', query] as const,
  staffDetail: (claimId: number) => ['protection', 'staff', 'detail', claimId] as const,
}

export const protectionOptionsQuery = () =>
  queryOptions({
    queryKey: protectionKeys.options,
    queryFn: () => call(PROTECTION.options, {}),
    staleTime: 10 * 60_000,
  })

export const protectionReasonsQuery = () =>
  queryOptions({
    queryKey: protectionKeys.reasons,
    queryFn: () => call(SYSTEM.dict, { params: { dictType: PROTECTION_CLAIM_REASON_DICT } }),
    staleTime: 10 * 60_000,
  })

/** A listing's terms; the detail page shows nothing when it cannot load them. */
export const protectionTermsQuery = (goodsId: number) =>
  queryOptions({
    queryKey: protectionKeys.terms(goodsId),
    queryFn: () => call(PROTECTION.terms, { params: { goodsId } }, { errors: 'caller' }),
    staleTime: 60_000,
  })

export const orderProtectionQuery = (orderNo: string) =>
  queryOptions({
    queryKey: protectionKeys.order(orderNo),
    queryFn: () => call(PROTECTION.order, { params: { orderNo } }, { errors: 'caller' }),
  })

export const staffClaimsQuery = (query: ClaimListQuery) =>
  queryOptions({
    queryKey: protectionKeys.staffList(query),
    queryFn: () => call(PROTECTION_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffClaimQuery = (claimId: number) =>
  queryOptions({
    queryKey: protectionKeys.staffDetail(claimId),
    queryFn: () => call(PROTECTION_STAFF.detail, { params: { claimId } }),
  })

// a payout changes wallets and orders
const useProtectionMutation = <T, R>(fn: (input: T) => Promise<R>, errors?: 'caller') =>
  useChangeMutation(fn, { keys: [protectionKeys.all, fundsKeys.all], errors })

/** errors: 'caller' — the claim modal shows the refusal itself. */
export const useFileClaim = () =>
  useProtectionMutation(
    (body: FileClaimBody) => call(PROTECTION.claim, { body }, { errors: 'caller' }),
    'caller',
  )

export const useDecideClaim = () =>
  useProtectionMutation((body: DecideClaimBody) => call(PROTECTION_STAFF.decide, { body }))

/**
 * At checkout: adds (or takes off) the listing's 额外包赔 on the unpaid order; the order's amount
 * changes with it (its query is refetched). errors: 'caller' — the checkout shows the refusal.
 */
export const useExtraProtection = () =>
  useChangeMutation(
    (body: { orderNo: string; add: boolean }) => call(PROTECTION.extra, { body }, { errors: 'caller' }),
    { keys: [tradeKeys.all, protectionKeys.all], errors: 'caller' },
  )
