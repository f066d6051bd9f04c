/**
 * The one response envelope of every /api answer (RuoYi convention, architecture.md).
 * Objects: { code, msg, data }. Lists: { code, msg, rows, total }. Errors: { code, msg, reason }.
 */
export interface ApiResult<T = unknown> {
  code: number
  msg: string
  data?: T
  /** on every error answer (code ≠ 200): what a program decides by, where `msg` is for people */
  reason?: ErrorReason
  /** on every error answer: the request's id (its log lines' reqId), shown to users as 错误编号 */
  requestId?: string
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

/**
 * Why a call failed, for programs: the renderer switches on it, never on the Chinese `msg`, whose
 * wording may change (docs/error-codes.md, "Reasons"). Each error code has its generic reason; a few
 * refusals the client or the tests tell apart have their own.
 */
export type ErrorReason =
  // the generic reason of each code
  | 'BAD_REQUEST' // 400 a rule said no
  | 'UNAUTHORIZED' // 401
  | 'FORBIDDEN' // 403
  | 'NOT_FOUND' // 404
  | 'RATE_LIMITED' // 429
  | 'SERVER_ERROR' // 500
  | 'SESSION_ENDED' // 521
  | 'SESSION_REPLACED' // 522
  | 'WARN' // 601
  // 400s of their own
  | 'VALIDATION' // the input does not fit the endpoint's schema (the msg names the field)
  | 'REAL_NAME_REQUIRED' // the trading gate: verify your real name first (the client offers the page)
  | 'UNDER_AGE' // the trading gate: a verified user under 18
  | 'PAY_PASSWORD_WRONG' // a wrong payment password (the msg says how many tries are left)
  | 'PAY_PASSWORD_LOCKED' // payment locked after too many wrong payment passwords
  | 'TOPUP_HELD' // a withdrawal reaches unspent top-up money (it goes back to its channel, after the hold)
  | 'PAYEE_NAME_MISMATCH' // the payee name is not the verified real name
  // 403 and 404 of their own
  | 'PASSWORD_CHANGE_REQUIRED' // staff reset the login password: change it before anything else
  | 'OFF_SHELF' // the listing exists but is no longer on sale

/** Paging query shared by every list endpoint (page 1, 20 a page by default). */
export interface PageQuery {
  pageNum?: number
  pageSize?: number
}
