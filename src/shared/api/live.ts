/**
 * Live events, tickets, exports and downloads (desktop-client issue). Plain data: no Node, no DOM.
 *
 * Tickets: a navigation (file download) and an EventSource cannot send an Authorization header,
 * and the long-lived token never goes into a URL. So an authenticated POST answers a short-lived
 * (60 s), single-use ticket bound to the session and to one purpose (the stream, or one file),
 * and the GET carries that ticket instead.
 */

export const TICKET_TTL_MS = 60_000

export interface TicketResult {
  ticket: string
  /** seconds until the ticket expires (it also dies at its first use) */
  expiresIn: number
}

/** GET /user/message/stream?ticket=…&lastEventId=… */
export const messageStreamQuerySchema = {
  type: 'object',
  required: ['ticket'],
  properties: {
    ticket: { type: 'string', title: '凭证', minLength: 1, maxLength: 128 },
    lastEventId: { type: 'integer', title: '事件编号', minimum: 0 },
  },
} as const

export interface DownloadTicketBody {
  fileName: string
}

/** A file name the server generated: no folders, no control characters, no leading dot. */
export const EXPORT_FILE_NAME_PATTERN = '^(?!\\.)[^/\\\\\\u0000-\\u001f<>:"|?*]{1,200}$'

export const downloadTicketBodySchema = {
  type: 'object',
  required: ['fileName'],
  additionalProperties: false,
  properties: {
    fileName: { type: 'string', title: '文件名', pattern: EXPORT_FILE_NAME_PATTERN },
  },
} as const

/** GET /common/download?fileName=…&delete=true&ticket=… (spec §7) */
export const downloadQuerySchema = {
  type: 'object',
  required: ['fileName'],
  properties: {
    fileName: { type: 'string', title: '文件名', minLength: 1, maxLength: 200 },
    delete: { type: 'boolean', title: '删除标记', default: false },
    ticket: { type: 'string', title: '凭证', maxLength: 128 },
  },
} as const

export interface DownloadQuery {
  fileName: string
  delete?: boolean
  ticket?: string
}

/** An export the server wrote for the caller: download it with its fileName. */
export interface ExportResult {
  fileName: string
  rows: number
}

export type { SendWebMessageBody } from './message'
