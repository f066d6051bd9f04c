/**
 * 系统状态 (docs/operations.md, "Monitoring"): the server process's figures, asked again every 10 s
 * while the page is open. Console pages only.
 */
import { queryOptions } from '@tanstack/react-query'
import { MONITOR_STAFF } from '@shared/api/monitor'
import { call } from './client'

/** How often the page asks again. */
export const STATUS_REFRESH_MS = 10_000

export const monitorStaffKeys = {
  status: ['staff', 'monitor', 'status'] as const,
}

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: monitorStaffKeys.status,
    queryFn: () => call(MONITOR_STAFF.status, {}, { errors: 'caller' }),
    refetchInterval: STATUS_REFRESH_MS,
  })
