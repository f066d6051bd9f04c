/**
 * The staff console (docs/console.md): query keys (root 'console'), query options and mutations of
 * the console endpoints. Console pages only; nothing here is imported by the buyer pages.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryOf } from '@shared/api/contract'
import {
  CONSOLE,
  CONSOLE_DASHBOARD,
  CONSOLE_FUNDS,
  CONSOLE_GOODS,
  CONSOLE_USERS,
  type ConsoleSettings,
  type ConsoleUserQuery,
} from '@shared/api/console'
import { WARRANT, type RuleBody } from '@shared/api/warrant'
import { SYSTEM } from '@shared/api/system'
import { toast } from '@renderer/utils/toast'
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

// ------------------------------------------------------------------ 商品审核

export type ConsoleGoodsListQuery = QueryOf<typeof CONSOLE_GOODS.list>

export const consoleGoodsQuery = (query: ConsoleGoodsListQuery) =>
  queryOptions({
    queryKey: ['console', 'goods', query] as const,
    queryFn: () => call(CONSOLE_GOODS.list, { query }),
    placeholderData: keepPreviousData,
  })

/** A console action: refreshes its page's lists and says it worked. */
function useInvalidating<T>(root: string, fn: (input: T) => Promise<unknown>, done = '操作成功') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast('success', done)
      return queryClient.invalidateQueries({ queryKey: ['console', root] })
    },
  })
}

export const useApproveGoods = () =>
  useInvalidating('goods', (goodsIds: number[]) => call(CONSOLE_GOODS.approve, { body: { goodsIds } }))
export const useRejectGoods = () =>
  useInvalidating('goods', (body: { goodsIds: number[]; reason: string }) =>
    call(CONSOLE_GOODS.reject, { body }),
  )
export const useTakedownGoods = () =>
  useInvalidating('goods', (body: { goodsId: number; reason: string }) =>
    call(CONSOLE_GOODS.takedown, { body }),
  )

// ------------------------------------------------------------------ 提现审核

export type ConsoleWithdrawQuery = QueryOf<typeof CONSOLE_FUNDS.withdrawList>

export const consoleWithdrawalsQuery = (query: ConsoleWithdrawQuery) =>
  queryOptions({
    queryKey: ['console', 'withdraw', query] as const,
    queryFn: () => call(CONSOLE_FUNDS.withdrawList, { query }),
    placeholderData: keepPreviousData,
  })

export const userLedgerQuery = (userId: number) =>
  queryOptions({
    queryKey: ['console', 'withdraw', 'ledger', userId] as const,
    queryFn: () =>
      call(CONSOLE_FUNDS.userLedger, { params: { userId }, query: { pageNum: 1, pageSize: 10 } }),
  })

export const useApproveWithdrawal = () =>
  useInvalidating('withdraw', (withdrawNo: string) => call(CONSOLE_FUNDS.approve, { body: { withdrawNo } }))
export const useRejectWithdrawal = () =>
  useInvalidating('withdraw', (body: { withdrawNo: string; reason: string }) =>
    call(CONSOLE_FUNDS.reject, { body }),
  )
export const exportWithdrawals = (status?: ConsoleWithdrawQuery['status']) =>
  call(CONSOLE_FUNDS.export, { body: status ? { status } : {} })

// ------------------------------------------------------------------ 纠纷仲裁

export type ConsoleDisputeQuery = QueryOf<typeof WARRANT.disputes>

export const consoleDisputesQuery = (query: ConsoleDisputeQuery) =>
  queryOptions({
    queryKey: ['console', 'dispute', query] as const,
    queryFn: () => call(WARRANT.disputes, { query }),
    placeholderData: keepPreviousData,
  })

export const roomMessagesQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['console', 'dispute', 'room', orderNo] as const,
    queryFn: () => call(WARRANT.messages, { params: { orderNo } }),
  })

export const useRule = () =>
  useInvalidating('dispute', (body: RuleBody) => call(WARRANT.rule, { body }), '裁决已生效')

// ------------------------------------------------------------------ 用户管理

export const consoleUsersQuery = (query: ConsoleUserQuery) =>
  queryOptions({
    queryKey: ['console', 'user', query] as const,
    queryFn: () => call(CONSOLE_USERS.list, { query }),
    placeholderData: keepPreviousData,
  })

export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['console', 'user', 'roleOptions'] as const,
    queryFn: () => call(CONSOLE_USERS.roles, {}),
    staleTime: 60_000,
  })

export const useLockUser = () =>
  useInvalidating('user', (body: { userId: number; locked: boolean; reason: string }) =>
    call(CONSOLE_USERS.lock, { body }),
  )
export const useResetUserPassword = () =>
  useMutation({ mutationFn: (userId: number) => call(CONSOLE_USERS.resetPwd, { body: { userId } }) })
export const useSetUserRoles = () =>
  useInvalidating('user', (body: { userId: number; roleKeys: string[] }) =>
    call(CONSOLE_USERS.setRoles, { body }),
  )

// ------------------------------------------------------------------ 工作台

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['console', 'dashboard'] as const,
    queryFn: () => call(CONSOLE_DASHBOARD.get, {}),
    staleTime: 60_000,
  })
