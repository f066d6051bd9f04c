/** 代售审核 of the staff console (docs/agency-sale.md): the queue, 验号, publishing, delivery. */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { AGENCY, AGENCY_STATUS_DICT, type AgencyCheckBody, type AgencyListQuery } from '@shared/api/agency'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { agencyKeys } from './agency'

export { AGENCY_STATUS_DICT }

export const consoleAgencyKeys = {
  all: ['console', 'agency'] as const,
  list: (query: AgencyListQuery) => ['console', 'agency', 'list', query] as const,
  detail: (id: number) => ['console', 'agency', 'detail', id] as const,
}

export const staffAgencyQuery = (query: AgencyListQuery) =>
  queryOptions({
    queryKey: consoleAgencyKeys.list(query),
    queryFn: () => call(AGENCY.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffAgencyDetailQuery = (applicationId: number) =>
  queryOptions({
    queryKey: consoleAgencyKeys.detail(applicationId),
    queryFn: () => call(AGENCY.staffDetail, { params: { applicationId } }),
  })

const useStaffMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [consoleAgencyKeys.all, agencyKeys.all])

const caller = { errors: 'caller' } as const

export const useTakeAgency = () =>
  useStaffMutation((applicationId: number) => call(AGENCY.take, { body: { applicationId } }))
export const useCheckAgency = () =>
  useStaffMutation((body: AgencyCheckBody) => call(AGENCY.check, { body }, caller))
export const useRejectAgency = () =>
  useStaffMutation((body: { applicationId: number; reason: string }) => call(AGENCY.reject, { body }))
export const usePublishAgency = () =>
  useStaffMutation((body: { applicationId: number; price: number }) => call(AGENCY.publish, { body }, caller))
export const useDeliverAgency = () =>
  useStaffMutation((body: { applicationId: number; fields?: Record<string, string> }) =>
    call(AGENCY.deliver, { body }, caller),
  )
/** The credentials in clear for 验号 (the server logs the view): not cached. */
export const useRevealAgencyCredentials = () =>
  useMutation({
    mutationFn: (applicationId: number) => call(AGENCY.credentials, { body: { applicationId } }),
  })
