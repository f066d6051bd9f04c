import { ApiError } from '@renderer/api/http'
import { toast } from '@renderer/utils/toast'

/**
 * The text of a failed call: the server's own message when it sent one (also for 403/404, whose
 * fixed texts say less), else the error's message, else `fallback`.
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

/** Failures already shown as a toast by `useChangeMutation` (api/mutation.ts). */
const shown = new WeakSet<object>()

/**
 * What is still to be shown of a failure (docs/architecture.md, "Server data in the renderer"):
 * nothing when there is none, when the request layer or the mutation helper already showed it (a
 * toast, a redirect) or when the call was canceled; else its text. A string is a refusal the page worked out itself.
 * `<ErrorAlert>` shows it in a page, `useChangeMutation` as a toast — so every failure is shown once.
 */
export function errorToShow(error: unknown, fallback?: string): string | undefined {
  if (error === null || error === undefined || error === '') return undefined
  if (typeof error === 'string') return error
  if (error instanceof ApiError && (error.notified || error.kind === 'canceled')) return undefined
  if (typeof error === 'object' && shown.has(error)) return undefined
  return apiErrorText(error, fallback)
}

/** Shows a failure as a toast unless it was shown already; later `errorToShow` calls say nothing. */
export function toastError(error: unknown, fallback?: string): void {
  const text = errorToShow(error, fallback)
  if (text === undefined) return
  if (typeof error === 'object' && error !== null) shown.add(error)
  toast('error', text)
}
