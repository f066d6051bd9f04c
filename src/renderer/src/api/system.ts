/** The system module: the logged-in user's menu tree (run-time routes) and the public parameters. */
import { queryOptions } from '@tanstack/react-query'
import { SYSTEM } from '@shared/api/system'
import { call } from './client'

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
