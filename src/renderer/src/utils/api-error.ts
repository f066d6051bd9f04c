import { ApiError } from '@renderer/api/http'

/**
 * The text to show for a failed call that the caller handles (`errors: 'caller'`): the server's own
 * message when it sent one (also for 403/404, whose fixed texts say less), else the error's message.
 */
export function apiErrorText(error: unknown, fallback = '操作失败，请稍后再试'): string {
  if (error instanceof ApiError) {
    const body = error.body as { msg?: unknown } | undefined
    if (error.kind === 'business' && typeof body?.msg === 'string' && body.msg.trim() !== '') return body.msg
    return error.message || fallback
  }
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** True when the request layer already told the user (a toast), so the page need not repeat it. */
export function alreadyNotified(error: unknown): boolean {
  return error instanceof ApiError && error.notified
}
