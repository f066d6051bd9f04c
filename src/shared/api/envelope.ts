/**
 * The one response envelope of every /api answer (RuoYi convention, architecture.md).
 * Objects: { code, msg, data }. Lists: { code, msg, rows, total }.
 */
export interface ApiResult<T = unknown> {
  code: number
  msg: string
  data?: T
}

export interface TableResult<T = unknown> {
  code: number
  msg: string
  rows: T[]
  total: number
}

/** Business codes used by the server and understood by the client (docs/error-codes.md). */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  WARN: 601,
  SESSION_ENDED: 521,
  SESSION_REPLACED: 522,
} as const
export type CodeValue = (typeof Code)[keyof typeof Code]

/** Paging query shared by every list endpoint (page 1, 20 a page by default). */
export interface PageQuery {
  pageNum?: number
  pageSize?: number
}
