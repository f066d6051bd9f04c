/**
 * Exports and downloads. A navigation (a file download) cannot send an Authorization header, and the
 * long-lived token never goes into a URL, so an authenticated POST answers a short-lived (60 s),
 * single-use ticket bound to the session and to one file, and the download GET carries that ticket
 * instead (programmatic clients may send the header). Only exports the server generated for the
 * caller are served. Plain data: no Node, no DOM.
 */
import { data, endpoint, raw, type QueryOf } from './contract'
import { optional, pattern, strict, text, Type } from './fields'

export const TICKET_TTL_MS = 60_000

/** A ticket for the event stream or one download. */
export interface TicketResult {
  ticket: string
  /** seconds until the ticket expires (it also dies at its first use) */
  expiresIn: number
}

/** An export the server wrote for the caller: download it with its fileName. */
export interface ExportResult {
  fileName: string
  rows: number
}

/** A file name the server generated: no folders, no control characters, no leading dot. */
export const EXPORT_FILE_NAME_PATTERN = '^(?!\\.)[^/\\\\\\u0000-\\u001f<>:"|?*]{1,200}$'

export const COMMON = {
  /** a ticket for downloading one of the caller's own, unexpired exports */
  downloadTicket: endpoint({
    method: 'POST',
    path: '/common/downloadTicket',
    access: 'user',
    body: strict({ fileName: pattern('文件名', EXPORT_FILE_NAME_PATTERN, 200) }),
    answer: data<TicketResult>(),
  }),
  /**
   * the file itself, with a ticket (or the Authorization header); `delete` removes it once sent.
   * Failures answer with the real HTTP status (a browser must not save an error as the file).
   */
  download: endpoint({
    method: 'GET',
    path: '/common/download',
    access: 'public',
    query: strict({
      fileName: pattern('文件名', EXPORT_FILE_NAME_PATTERN, 200),
      delete: optional(Type.Boolean({ title: '删除标记', default: false })),
      ticket: optional(text('凭证', 128, 0)),
    }),
    answer: raw(),
  }),
}

export type DownloadQuery = QueryOf<typeof COMMON.download>
