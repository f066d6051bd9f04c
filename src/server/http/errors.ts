/**
 * The business errors of the server: services, routes and plugins throw what these factories make,
 * and the error handler (plugins/envelope.ts) answers `{ code, msg, reason }` with HTTP 200.
 * `msg` is the Chinese text for people; `reason` (ErrorReason, src/shared/api/envelope.ts) is what the
 * renderer decides by. The codes and reasons: docs/error-codes.md.
 */
import { Code, type ErrorReason } from '../../shared/api'
import { MSG } from '../../shared/messages'
import { REAL_NAME_MSG } from '../../shared/rules/real-name'

/** A business error. Built only by the factories below (tests aside), so each carries its reason. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: ErrorReason,
  ) {
    super(message)
  }
}

type BadRequestReason =
  'BAD_REQUEST' | 'PAY_PASSWORD_WRONG' | 'PAY_PASSWORD_LOCKED' | 'TOPUP_HELD' | 'PAYEE_NAME_MISMATCH'

/** 400: bad input or a rule said no; `msg` names the field or the rule. */
export const badRequest = (msg: string, reason: BadRequestReason = 'BAD_REQUEST') =>
  new ApiError(Code.BAD_REQUEST, msg, reason)

/** 400 for input that does not fit the endpoint's schema (the validator's, or a check standing in for it). */
export const invalid = (msg: string) => new ApiError(Code.BAD_REQUEST, msg, 'VALIDATION')

/** 400 from the trading gate: `what` (提现, 发布商品…) needs a verified real name first. */
export const realNameRequired = (what: string) =>
  new ApiError(Code.BAD_REQUEST, REAL_NAME_MSG.required(what), 'REAL_NAME_REQUIRED')

/** 400 from the trading gate: the verified user is under 18. */
export const underAge = () => new ApiError(Code.BAD_REQUEST, REAL_NAME_MSG.minor, 'UNDER_AGE')

/** 401: not logged in, or the token is unknown. */
export const unauthorized = (msg: string = MSG.UNAUTHORIZED) =>
  new ApiError(Code.UNAUTHORIZED, msg, 'UNAUTHORIZED')

/** 521: the session ended (the client logs out). */
export const sessionEnded = (msg: string = MSG.SESSION_EXPIRED) =>
  new ApiError(Code.SESSION_ENDED, msg, 'SESSION_ENDED')

/** 403: not allowed (someone else's object, a staff action without its permission). */
export const forbidden = (
  msg: string = MSG.FORBIDDEN,
  reason: 'FORBIDDEN' | 'PASSWORD_CHANGE_REQUIRED' = 'FORBIDDEN',
) => new ApiError(Code.FORBIDDEN, msg, reason)

/** 404: no such thing (also someone else's private object); `msg` says what, e.g. 订单不存在. */
export const notFound = (msg: string = MSG.NOT_FOUND, reason: 'NOT_FOUND' | 'OFF_SHELF' = 'NOT_FOUND') =>
  new ApiError(Code.NOT_FOUND, msg, reason)

/** 429: too many requests; `msg` may say how long to wait. */
export const tooMany = (msg: string = MSG.TOO_MANY_REQUESTS) =>
  new ApiError(Code.TOO_MANY, msg, 'RATE_LIMITED')

/** 500: a fault on the server, answered without its details (the handler logs the cause). */
export const serverError = () => new ApiError(Code.SERVER_ERROR, MSG.UNKNOWN, 'SERVER_ERROR')
