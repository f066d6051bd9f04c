/**
 * Guaranteed-order rooms and disputes: query keys (root 'warrant'), query options (the room list and
 * the open room refresh every few seconds) and mutations. Opening a dispute or a ruling changes the
 * order and the money, so they refresh 'trade' and 'funds' too.
 */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import {
  WARRANT,
  WARRANT_STAFF,
  type DisputeBody,
  type PostWarrantMessageBody,
  type RuleBody,
} from '@shared/api/warrant'
import type { QueryOf } from '@shared/api/contract'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { messageKeys } from './message'
import { refreshAfterOrderChange } from './trade'

const caller = { errors: 'caller' } as const
/** how often the open room asks for new messages; the room list every other time */
export const ROOM_REFRESH_MS = 5000

export const warrantKeys = {
  all: ['warrant'] as const,
  rooms: ['warrant', 'rooms'] as const,
  messages: (orderNo: string) => ['warrant', 'messages', orderNo] as const,
  /** by the order's state too: a dispute opened or ruled elsewhere shows once the room list sees it */
  dispute: (orderNo: string, status: string) => ['warrant', 'dispute', orderNo, status] as const,
}

export const warrantRoomsQuery = () =>
  queryOptions({
    queryKey: warrantKeys.rooms,
    queryFn: () => call(WARRANT.rooms, {}, caller),
    refetchInterval: ROOM_REFRESH_MS * 2,
  })

/** A room's messages (reading them marks mine read: the side bar's badge follows). */
export const warrantMessagesQuery = (orderNo: string) =>
  queryOptions({
    queryKey: warrantKeys.messages(orderNo),
    queryFn: () => call(WARRANT.messages, { params: { orderNo } }, caller),
    refetchInterval: ROOM_REFRESH_MS,
  })

/** The order's latest dispute with its ruling (null: never disputed). */
export const orderDisputeQuery = (orderNo: string, status: string) =>
  queryOptions({
    queryKey: warrantKeys.dispute(orderNo, status),
    queryFn: async () => (await call(WARRANT.dispute, { params: { orderNo } }, caller)) ?? null,
  })

/** A message to the room (a refusal is a toast of the request layer). */
export const usePostWarrantMessage = () =>
  useChangeMutation((body: PostWarrantMessageBody) => call(WARRANT.post, { body }), {
    keys: [warrantKeys.all, messageKeys.group],
  })

/** A party opens a dispute: the order freezes (a refusal is a toast of the request layer). */
export function useOpenDispute() {
  const queryClient = useQueryClient()
  return useChangeMutation((body: DisputeBody) => call(WARRANT.open, { body }), {
    onSuccess: () => refreshAfterOrderChange(queryClient),
    keys: [warrantKeys.all],
  })
}

/** Staff's ruling: the money moves at once (a refusal is a toast of the request layer). */
export function useRule() {
  const queryClient = useQueryClient()
  return useChangeMutation((body: RuleBody) => call(WARRANT_STAFF.rule, { body }), {
    onSuccess: () => refreshAfterOrderChange(queryClient),
    keys: [warrantKeys.all],
  })
}

// ------------------------------------------------------------------ staff: 纠纷仲裁 (docs/console.md)

export type StaffDisputeQuery = QueryOf<typeof WARRANT_STAFF.disputes>

export const warrantStaffKeys = {
  all: ['staff', 'dispute'] as const,
  list: (query: StaffDisputeQuery) => ['staff', 'dispute', query] as const,
  room: (orderNo: string) => ['staff', 'dispute', 'room', orderNo] as const,
}

export const staffDisputesQuery = (query: StaffDisputeQuery) =>
  queryOptions({
    queryKey: warrantStaffKeys.list(query),
    queryFn: () => call(WARRANT_STAFF.disputes, { query }),
    placeholderData: keepPreviousData,
  })

export const roomMessagesQuery = (orderNo: string) =>
  queryOptions({
    queryKey: warrantStaffKeys.room(orderNo),
    queryFn: () => call(WARRANT.messages, { params: { orderNo } }),
  })

/** The console's ruling: says so and refreshes the dispute list (RuleButton's useRule is the room's). */
export const useStaffRule = () =>
  useChangeMutation(
    (body: RuleBody) => call(WARRANT_STAFF.rule, { body }),
    [warrantStaffKeys.all],
    '裁决已生效',
  )
