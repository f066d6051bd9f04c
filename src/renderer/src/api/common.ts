/**
 * Exports and their download: the server writes a file for the caller, and the file is downloaded
 * with a single-use ticket (a navigation carries no Authorization header, and the token never goes
 * into a URL) — in the browser as a normal download, on the desktop through its download manager.
 */
import { COMMON, type ExportResult } from '@shared/api/common'
import { platform } from '@renderer/platform'
import { absoluteUrlOf, call } from './client'
import { useChangeMutation } from './mutation'
import { toQueryString } from './query-string'

/** The URL of a file download (`delete`: the server removes the file once sent). */
export function downloadUrl(fileName: string, deleteAfter = true, ticket?: string): string {
  const query = toQueryString({ fileName, delete: deleteAfter, ...(ticket ? { ticket } : {}) })
  return absoluteUrlOf(COMMON.download, { query: { fileName } }, query)
}

/** Download a file the server generated for the user, with a fresh 60-second ticket. */
export async function downloadExport(fileName: string, deleteAfter = true): Promise<void> {
  const ticket = (await call(COMMON.downloadTicket, { body: { fileName } }))?.ticket
  if (!ticket) throw new Error('服务器未返回下载凭证')
  platform.download(downloadUrl(fileName, deleteAfter, ticket), fileName)
}

/** Run an export on the server (`run`: the domain's export call), then download its file. */
export const useExportDownload = (run: () => Promise<ExportResult>) =>
  useChangeMutation(async () => {
    const result = await run()
    await downloadExport(result.fileName)
    return result
  })
