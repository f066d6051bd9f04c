/** 代售 (docs/agency-sale.md): the owner's applications, withdrawals, sold agency orders and their export. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  AGENCY,
  type AgencyApplyBody,
  type AgencyMyQuery,
  type AgencyOrdersQuery,
  type AgencySettlementState,
} from '@shared/api/agency'
import { GAME } from '@shared/api/game'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const agencyKeys = {
  all: ['agency'] as const,
  my: (query: AgencyMyQuery) => ['agency', 'my', query] as const,
  orders: (query: AgencyOrdersQuery) => ['agency', 'orders', query] as const,
  games: ['agency', 'games'] as const,
}

export const myAgencyQuery = (query: AgencyMyQuery) =>
  queryOptions({
    queryKey: agencyKeys.my(query),
    queryFn: () => call(AGENCY.my, { query }),
    placeholderData: keepPreviousData,
  })

export const agencyOrdersQuery = (query: AgencyOrdersQuery) =>
  queryOptions({
    queryKey: agencyKeys.orders(query),
    queryFn: () => call(AGENCY.orders, { query }),
    placeholderData: keepPreviousData,
  })

/** The games the user has agency applications in (the list's filter). */
export const agencyGamesQuery = () =>
  queryOptions({ queryKey: agencyKeys.games, queryFn: () => call(GAME.myAgencySale, {}) })

const useAgencyMutation = <T, R>(fn: (input: T) => Promise<R>, errors?: 'caller') =>
  useChangeMutation(fn, { keys: [agencyKeys.all], errors })

/** errors: 'caller' — the form shows the refusal (real name, price, credentials) next to it. */
export const useApplyAgency = () =>
  useAgencyMutation((body: AgencyApplyBody) => call(AGENCY.apply, { body }, { errors: 'caller' }), 'caller')

export const useWithdrawAgency = () =>
  useAgencyMutation((applicationId: number) => call(AGENCY.withdraw, { body: { applicationId } }))

/** The owner's agency orders as a CSV on the server; download it with its fileName. */
export async function exportAgencyOrders(settlement?: AgencySettlementState) {
  const result = await call(AGENCY.ordersExport, { body: settlement ? { settlement } : {} })
  if (!result?.fileName) throw new Error('导出失败：服务器未返回文件')
  return result
}
