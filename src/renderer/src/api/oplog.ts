/**
 * The staff's own records (docs/console.md): the operation log, the login log, each staff member's
 * console settings and the dashboard (工作台) — query keys (root ['staff']), query options and the
 * settings' save. Console pages only; nothing here is imported by the buyer pages.
 */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type { QueryOf } from '@shared/api/contract'
import { DASHBOARD_STAFF, OPLOG_STAFF, type ConsoleSettings } from '@shared/api/oplog'
import { call } from './client'
import { useChangeMutation } from './mutation'

export type OpLogQuery = QueryOf<typeof OPLOG_STAFF.oplogList>
export type LoginLogQuery = QueryOf<typeof OPLOG_STAFF.loginlogList>

export const oplogStaffKeys = {
  settings: ['staff', 'settings'] as const,
  oplog: (q: OpLogQuery) => ['staff', 'oplog', q] as const,
  loginlog: (q: LoginLogQuery) => ['staff', 'loginlog', q] as const,
  dashboard: ['staff', 'dashboard'] as const,
}

export const consoleSettingsQuery = () =>
  queryOptions({
    queryKey: oplogStaffKeys.settings,
    queryFn: () => call(OPLOG_STAFF.settings, {}),
    staleTime: Infinity,
  })

/** The drawer shows a setting at once: the cached copy changes before the request goes out. */
export function useSaveConsoleSettings() {
  const queryClient = useQueryClient()
  return useChangeMutation((body: ConsoleSettings) => {
    queryClient.setQueryData(oplogStaffKeys.settings, body)
    return call(OPLOG_STAFF.saveSettings, { body })
  }, [])
}

export const opLogQuery = (query: OpLogQuery) =>
  queryOptions({
    queryKey: oplogStaffKeys.oplog(query),
    queryFn: () => call(OPLOG_STAFF.oplogList, { query }),
    placeholderData: keepPreviousData,
  })

export const loginLogQuery = (query: LoginLogQuery) =>
  queryOptions({
    queryKey: oplogStaffKeys.loginlog(query),
    queryFn: () => call(OPLOG_STAFF.loginlogList, { query }),
    placeholderData: keepPreviousData,
  })

export const dashboardQuery = () =>
  queryOptions({
    queryKey: oplogStaffKeys.dashboard,
    queryFn: () => call(DASHBOARD_STAFF.get, {}),
    staleTime: 60_000,
  })
