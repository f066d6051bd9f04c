/** Menu, dictionaries, configuration values and file download (spec §7). */
import type { ApiResult } from '@shared/api/envelope'
import { fillPath, PATHS } from '@shared/api/paths'
import type { DictData, RouterItem } from '@shared/api/types'
import { platform } from '@renderer/platform'
import { toQueryString } from './query-string'
import { http } from './http'

/** The menu tree of the logged-in user (run-time routes). */
export async function getRouters(): Promise<RouterItem[]> {
  const res = await http.get<ApiResult<RouterItem[]>>(PATHS.getRouters)
  return Array.isArray(res.data) ? res.data : []
}

export async function getDicts(dictType: string): Promise<DictData[]> {
  const res = await http.get<ApiResult<DictData[]>>(fillPath(PATHS.dictDataByType, { dictType }))
  return Array.isArray(res.data) ? res.data : []
}

/** A configuration value; RuoYi answers it in `msg` (and this server also in `data`). '' when unset. */
export async function getConfigKey(
  configKey: string,
  options?: { errors?: 'global' | 'caller' },
): Promise<string> {
  const res = await http.get<ApiResult<unknown>>(
    fillPath(PATHS.configByKey, { configKey }),
    undefined,
    options,
  )
  if (res.data !== undefined) return res.data === null ? '' : String(res.data)
  return typeof res.msg === 'string' ? res.msg : ''
}

/** The URL of a server file download (spec §7: fileName, delete=true). */
export function downloadUrl(fileName: string, deleteAfter = true): string {
  return `${platform.apiBaseUrl()}${PATHS.download}?${toQueryString({ fileName, delete: deleteAfter })}`
}

export function download(fileName: string, deleteAfter = true): void {
  platform.download(downloadUrl(fileName, deleteAfter), fileName)
}
