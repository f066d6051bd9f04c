/**
 * The pay centre's staff side (docs/payments.md): the notifications received and their verdicts,
 * and the daily reconciliation's mismatches (对账差错) with their resolution.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { PAY_STAFF, type PayMismatchQuery, type PayNotificationQuery } from '@shared/api/pay'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const payStaffKeys = {
  all: ['staff', 'pay'] as const,
  notifications: (query: PayNotificationQuery) => ['staff', 'pay', 'notifications', query] as const,
  mismatches: ['staff', 'pay', 'mismatches'] as const,
  mismatchList: (query: PayMismatchQuery) => ['staff', 'pay', 'mismatches', query] as const,
}

export const payNotificationsQuery = (query: PayNotificationQuery) =>
  queryOptions({
    queryKey: payStaffKeys.notifications(query),
    queryFn: () => call(PAY_STAFF.notifications, { query }),
    placeholderData: keepPreviousData,
  })

export const payMismatchesQuery = (query: PayMismatchQuery) =>
  queryOptions({
    queryKey: payStaffKeys.mismatchList(query),
    queryFn: () => call(PAY_STAFF.mismatches, { query }),
    placeholderData: keepPreviousData,
  })

/** The dashboard's 对账差错: how many mismatches are open (the list's total). */
export const openPayMismatchesQuery = () => payMismatchesQuery({ state: 'OPEN', pageNum: 1, pageSize: 1 })

/** Resolves a mismatch with a note; the list and the dashboard's count refetch. */
export const useResolvePayMismatch = () =>
  useChangeMutation((body: { id: number; note: string }) => call(PAY_STAFF.resolveMismatch, { body }), {
    keys: [payStaffKeys.mismatches],
    done: '已处理',
  })

/** 重新对账: a day's bills matched again now; the list and the dashboard's count refetch (the page says what was found). */
export const useReconcilePayDay = () =>
  useChangeMutation((day: string) => call(PAY_STAFF.reconcileDay, { body: { day } }), {
    keys: [payStaffKeys.mismatches],
  })
