/**
 * The staff console (docs/console.md): query keys (root 'console'), query options and mutations of
 * the console endpoints. Console pages only; nothing here is imported by the buyer pages.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryOf } from '@shared/api/contract'
import { CONSOLE, type ConsoleSettings } from '@shared/api/console'
import { SYSTEM } from '@shared/api/system'
import { call } from './client'

export type OpLogQuery = QueryOf<typeof CONSOLE.oplogList>
export type LoginLogQuery = QueryOf<typeof CONSOLE.loginlogList>

export const consoleKeys = {
  all: ['console'] as const,
  settings: ['console', 'settings'] as const,
  dict: (type: string) => ['console', 'dict', type] as const,
  oplog: (q: OpLogQuery) => ['console', 'oplog', q] as const,
  loginlog: (q: LoginLogQuery) => ['console', 'loginlog', q] as const,
}

/** A dictionary's entries, loaded once per type and kept (useDict). */
export const dictQuery = (dictType: string) =>
  queryOptions({
    queryKey: consoleKeys.dict(dictType),
    queryFn: () => call(SYSTEM.dict, { params: { dictType } }),
    staleTime: Infinity,
  })

export const consoleSettingsQuery = () =>
  queryOptions({
    queryKey: consoleKeys.settings,
    queryFn: () => call(CONSOLE.settings, {}),
    staleTime: Infinity,
  })

export function useSaveConsoleSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ConsoleSettings) => call(CONSOLE.saveSettings, { body }),
    onMutate: (body) => queryClient.setQueryData(consoleKeys.settings, body),
  })
}

export const opLogQuery = (query: OpLogQuery) =>
  queryOptions({
    queryKey: consoleKeys.oplog(query),
    queryFn: () => call(CONSOLE.oplogList, { query }),
    placeholderData: keepPreviousData,
  })

export const loginLogQuery = (query: LoginLogQuery) =>
  queryOptions({
    queryKey: consoleKeys.loginlog(query),
    queryFn: () => call(CONSOLE.loginlogList, { query }),
    placeholderData: keepPreviousData,
  })
