/**
 * The system module: the logged-in user's menu tree (run-time routes) and the public parameters; for
 * staff, 参数设置 and 字典管理 (docs/console.md). A dictionary edit invalidates every cached copy of
 * the dictionaries (the console's useDict, the app's dictQuery, the feedback types); a parameter edit
 * the public parameter cache, so this browser shows the new value at once.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { CONFIG_STAFF, DICT_STAFF, SYSTEM, type DictAddBody, type DictEditBody } from '@shared/api/system'
import { call } from './client'
import { feedbackKeys } from './feedback'
import { useChangeMutation } from './mutation'

export const systemKeys = {
  all: ['system'] as const,
  routers: ['system', 'routers'] as const,
  config: (configKey: string) => ['system', 'config', configKey] as const,
  dict: (dictType: string) => ['system', 'dict', dictType] as const,
}

/** The menu tree of the logged-in user ([] when none); once per login. */
export const routersQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: systemKeys.routers,
    queryFn: async () => {
      const menus = await call(SYSTEM.routers, {})
      return Array.isArray(menus) ? menus : []
    },
    enabled,
    staleTime: Infinity,
  })

/**
 * A public parameter ('' when unset), read once per app. errors: 'caller' — a parameter that cannot
 * be read leaves its feature out (no toast).
 */
export const configQuery = (configKey: string) =>
  queryOptions({
    queryKey: systemKeys.config(configKey),
    queryFn: async () => {
      const value = await call(SYSTEM.config, { params: { configKey } }, { errors: 'caller' })
      return value === undefined || value === null ? '' : String(value)
    },
    staleTime: Infinity,
  })

/** A dictionary's enabled entries (e.g. sys_user_sex), read once per app. */
export const dictQuery = (dictType: string) =>
  queryOptions({
    queryKey: systemKeys.dict(dictType),
    queryFn: () => call(SYSTEM.dict, { params: { dictType } }, { errors: 'caller' }),
    staleTime: Infinity,
  })

// ------------------------------------------------------------------ staff: 参数设置 and 字典管理 (docs/console.md)

export const systemStaffKeys = {
  dict: (dictType: string) => ['staff', 'dict', dictType] as const,
  configs: ['staff', 'configs'] as const,
  dictTypes: ['staff', 'dictTypes'] as const,
  dictEntries: (dictType: string) => ['staff', 'dictTypes', dictType] as const,
}

/**
 * A dictionary's entries for the console's useDict, loaded once per type and kept. Its own copy of
 * dictQuery's: a failure here is toasted (the app's copy stays quiet).
 */
export const staffDictQuery = (dictType: string) =>
  queryOptions({
    queryKey: systemStaffKeys.dict(dictType),
    queryFn: () => call(SYSTEM.dict, { params: { dictType } }),
    staleTime: Infinity,
  })

export const staffConfigsQuery = () =>
  queryOptions({ queryKey: systemStaffKeys.configs, queryFn: () => call(CONFIG_STAFF.list, { query: {} }) })

/** The form shows a refusal itself (errors: 'caller'). */
export function useEditConfig() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (body: { configKey: string; configValue: string }) => {
      const saved = await call(CONFIG_STAFF.edit, { body }, { errors: 'caller' })
      // the public copy of this one parameter
      void queryClient.invalidateQueries({ queryKey: systemKeys.config(body.configKey) })
      return saved
    },
    [systemStaffKeys.configs],
    '参数已保存',
  )
}

export const dictTypesQuery = () =>
  queryOptions({ queryKey: systemStaffKeys.dictTypes, queryFn: () => call(DICT_STAFF.types, {}) })

export const dictEntriesQuery = (dictType: string) =>
  queryOptions({
    queryKey: systemStaffKeys.dictEntries(dictType),
    queryFn: () => call(DICT_STAFF.entries, { params: { dictType } }),
  })

/** After a dictionary change: the console's list and every cached dictionary of the app. */
const useDictMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(
    fn,
    [systemStaffKeys.dictTypes, ['staff', 'dict'], [...systemKeys.all, 'dict'], feedbackKeys.types],
    done,
  )

export const useAddDictEntry = () =>
  useDictMutation((body: DictAddBody) => call(DICT_STAFF.add, { body }, { errors: 'caller' }), '新增成功')
export const useEditDictEntry = () =>
  useDictMutation((body: DictEditBody) => call(DICT_STAFF.edit, { body }, { errors: 'caller' }), '修改成功')
export const useRemoveDictEntry = () =>
  useDictMutation((dictCode: number) => call(DICT_STAFF.remove, { body: { dictCode } }), '删除成功')
