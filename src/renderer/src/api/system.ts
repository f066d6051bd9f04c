/** Menu, dictionaries, configuration values and file download (spec §7). */
import type { ApiResult } from '@shared/api/envelope'
import { fillPath, PATHS } from '@shared/api/paths'
import type { DictData, RouterItem } from '@shared/api/types'
import type { TicketResult } from '@shared/api/live'
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

/**
 * The URL of a server file download (spec §7: fileName, delete=true). A navigation carries no
 * Authorization header, so it carries a single-use download ticket instead (never the token).
 */
export function downloadUrl(fileName: string, deleteAfter = true, ticket?: string): string {
  const query = toQueryString({ fileName, delete: deleteAfter, ...(ticket ? { ticket } : {}) })
  return `${platform.apiBaseUrl()}${PATHS.download}?${query}`
}

/** A single-use, 60-second ticket for downloading one of the caller's files. */
export async function downloadTicket(fileName: string): Promise<string> {
  const res = await http.post<ApiResult<TicketResult>>(PATHS.downloadTicket, { fileName })
  if (!res.data?.ticket) throw new Error('服务器未返回下载凭证')
  return res.data.ticket
}

/** Download a file the server generated for the user (web: the browser's download; desktop: the download manager). */
export async function download(fileName: string, deleteAfter = true): Promise<void> {
  const ticket = await downloadTicket(fileName)
  platform.download(downloadUrl(fileName, deleteAfter, ticket), fileName)
}
