/** The pay centre's staff reading (docs/payments.md): the notifications received and their verdicts. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { PAY_STAFF, type PayNotificationQuery } from '@shared/api/pay'
import { call } from './client'

export const payStaffKeys = {
  all: ['staff', 'pay'] as const,
  notifications: (query: PayNotificationQuery) => ['staff', 'pay', 'notifications', query] as const,
}

export const payNotificationsQuery = (query: PayNotificationQuery) =>
  queryOptions({
    queryKey: payStaffKeys.notifications(query),
    queryFn: () => call(PAY_STAFF.notifications, { query }),
    placeholderData: keepPreviousData,
  })
