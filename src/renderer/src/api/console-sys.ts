/**
 * Console 订单管理, 参数设置 and 字典管理 (docs/console.md): query keys (under 'console'), query options
 * and mutations. Console pages only. A dictionary edit invalidates every cached copy of the
 * dictionaries (the console's useDict, the app's dictQuery, the feedback types); a parameter edit the
 * public parameter cache, so this browser shows the new value at once.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CONSOLE_CONFIG,
  CONSOLE_DICT,
  CONSOLE_ORDERS,
  type AddOrderNoteBody,
  type DictAddBody,
  type DictEditBody,
  type StaffOrderQuery,
} from '@shared/api/console-sys'
import { toast } from '@renderer/utils/toast'
import { call } from './client'
import { consoleKeys } from './console'
import { feedbackKeys } from './feedback'
import { systemKeys } from './system'

export const consoleSysKeys = {
  orders: ['console', 'orders'] as const,
  orderList: (q: StaffOrderQuery) => ['console', 'orders', 'list', q] as const,
  order: (orderNo: string) => ['console', 'orders', 'detail', orderNo] as const,
  configs: ['console', 'configs'] as const,
  dictTypes: ['console', 'dictTypes'] as const,
  dictEntries: (dictType: string) => ['console', 'dictTypes', dictType] as const,
}

// ------------------------------------------------------------------ 订单管理

export const staffOrdersQuery = (query: StaffOrderQuery) =>
  queryOptions({
    queryKey: consoleSysKeys.orderList(query),
    queryFn: () => call(CONSOLE_ORDERS.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: consoleSysKeys.order(orderNo),
    queryFn: () => call(CONSOLE_ORDERS.detail, { params: { orderNo } }),
  })

export function useAddOrderNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddOrderNoteBody) => call(CONSOLE_ORDERS.addNote, { body }),
    onSuccess: () => {
      toast('success', '备注已添加')
      return queryClient.invalidateQueries({ queryKey: consoleSysKeys.orders })
    },
  })
}

// ------------------------------------------------------------------ 参数设置

export const staffConfigsQuery = () =>
  queryOptions({ queryKey: consoleSysKeys.configs, queryFn: () => call(CONSOLE_CONFIG.list, { query: {} }) })

/** The form shows a refusal itself (errors: 'caller'). */
export function useEditConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { configKey: string; configValue: string }) =>
      call(CONSOLE_CONFIG.edit, { body }, { errors: 'caller' }),
    onSuccess: (_, body) => {
      toast('success', '参数已保存')
      void queryClient.invalidateQueries({ queryKey: systemKeys.config(body.configKey) })
      return queryClient.invalidateQueries({ queryKey: consoleSysKeys.configs })
    },
  })
}

// ------------------------------------------------------------------ 字典管理

export const dictTypesQuery = () =>
  queryOptions({ queryKey: consoleSysKeys.dictTypes, queryFn: () => call(CONSOLE_DICT.types, {}) })

export const dictEntriesQuery = (dictType: string) =>
  queryOptions({
    queryKey: consoleSysKeys.dictEntries(dictType),
    queryFn: () => call(CONSOLE_DICT.entries, { params: { dictType } }),
  })

/** After a dictionary change: the console's list and every cached dictionary of the app. */
function useDictChanged() {
  const queryClient = useQueryClient()
  return (done: string) => {
    toast('success', done)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: consoleSysKeys.dictTypes }),
      queryClient.invalidateQueries({ queryKey: [...consoleKeys.all, 'dict'] }),
      queryClient.invalidateQueries({ queryKey: [...systemKeys.all, 'dict'] }),
      queryClient.invalidateQueries({ queryKey: feedbackKeys.types }),
    ])
  }
}

export function useAddDictEntry() {
  const changed = useDictChanged()
  return useMutation({
    mutationFn: (body: DictAddBody) => call(CONSOLE_DICT.add, { body }, { errors: 'caller' }),
    onSuccess: () => changed('新增成功'),
  })
}

export function useEditDictEntry() {
  const changed = useDictChanged()
  return useMutation({
    mutationFn: (body: DictEditBody) => call(CONSOLE_DICT.edit, { body }, { errors: 'caller' }),
    onSuccess: () => changed('修改成功'),
  })
}

export function useRemoveDictEntry() {
  const changed = useDictChanged()
  return useMutation({
    mutationFn: (dictCode: number) => call(CONSOLE_DICT.remove, { body: { dictCode } }),
    onSuccess: () => changed('删除成功'),
  })
}
