/**
 * 代售 (docs/agency-sale.md): the owner's applications, withdrawals, sold agency orders and their
 * export; for staff, 代售审核 (the queue, 验号, publishing, delivery).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  AGENCY,
  AGENCY_STAFF,
  AGENCY_STATUS_DICT,
  type AgencyCheckBody,
  type AgencyListQuery,
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

/** The commission rate of a game, stated on the apply form before submitting. */
export const agencyTermsQuery = (gameId: number) =>
  queryOptions({
    queryKey: ['agency', 'terms', gameId] as const,
    queryFn: () => call(AGENCY.terms, { params: { gameId } }),
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

// ------------------------------------------------------------------ staff: 代售审核 (the queue, 验号, publishing, delivery)

export { AGENCY_STATUS_DICT }

export const agencyStaffKeys = {
  all: ['staff', 'agency'] as const,
  list: (query: AgencyListQuery) => ['staff', 'agency', 'list', query] as const,
  detail: (id: number) => ['staff', 'agency', 'detail', id] as const,
}

export const staffAgencyQuery = (query: AgencyListQuery) =>
  queryOptions({
    queryKey: agencyStaffKeys.list(query),
    queryFn: () => call(AGENCY_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffAgencyDetailQuery = (applicationId: number) =>
  queryOptions({
    queryKey: agencyStaffKeys.detail(applicationId),
    queryFn: () => call(AGENCY_STAFF.detail, { params: { applicationId } }),
  })

const useStaffMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [agencyStaffKeys.all, agencyKeys.all])

const caller = { errors: 'caller' } as const

export const useTakeAgency = () =>
  useStaffMutation((applicationId: number) => call(AGENCY_STAFF.take, { body: { applicationId } }))
export const useCheckAgency = () =>
  useStaffMutation((body: AgencyCheckBody) => call(AGENCY_STAFF.check, { body }, caller))
export const useRejectAgency = () =>
  useStaffMutation((body: { applicationId: number; reason: string }) => call(AGENCY_STAFF.reject, { body }))
export const usePublishAgency = () =>
  useStaffMutation((body: { applicationId: number; price: number }) =>
    call(AGENCY_STAFF.publish, { body }, caller),
  )
export const useDeliverAgency = () =>
  useStaffMutation((body: { applicationId: number; fields?: Record<string, string> }) =>
    call(AGENCY_STAFF.deliver, { body }, caller),
  )
/** The credentials in clear for 验号 (the server logs the view): not cached. */
export const useRevealAgencyCredentials = () =>
  useChangeMutation(
    (applicationId: number) => call(AGENCY_STAFF.credentials, { body: { applicationId } }),
    [],
  )
