/** In-site messages (spec §7). */
import type { ApiResult, TableResult } from '@shared/api/envelope'
import { PATHS } from '@shared/api/paths'
import type { GroupMessageInfo, IdsBody, WebMessage, WebMessagePageBody } from '@shared/api/types'
import type { ExportResult } from '@shared/api/live'
import { http } from './http'

export async function getNoReadWebMessageCount(): Promise<number> {
  const res = await http.get<ApiResult<number>>(PATHS.unreadCount, undefined, { errors: 'caller' })
  const count = Number(res.data)
  return Number.isFinite(count) && count > 0 ? count : 0
}

export async function getIkkGroupMessage(): Promise<GroupMessageInfo> {
  const res = await http.get<ApiResult<GroupMessageInfo>>(PATHS.groupMessage, undefined, { errors: 'caller' })
  return { hasNewWarrantMessage: res.data?.hasNewWarrantMessage === true }
}

export function webMessagePage(body: WebMessagePageBody): Promise<TableResult<WebMessage>> {
  return http.post<TableResult<WebMessage>>(PATHS.webMessagePage, body)
}

export function webMessageBatchRead(body: IdsBody): Promise<ApiResult> {
  return http.post<ApiResult>(PATHS.webMessageBatchRead, body)
}

export function webMessageBatchRemove(body: IdsBody): Promise<ApiResult> {
  return http.post<ApiResult>(PATHS.webMessageBatchRemove, body)
}

/** Write the caller's in-site messages into a CSV on the server; download it with its fileName. */
export async function exportWebMessages(): Promise<ExportResult> {
  const res = await http.post<ApiResult<ExportResult>>(PATHS.webMessageExport)
  if (!res.data?.fileName) throw new Error('导出失败：服务器未返回文件')
  return res.data
}
