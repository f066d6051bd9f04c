import { ApiError } from '@renderer/api/http'

/** What the login/register form shows for a failure; '' when the request layer already told the user (toast). */
export function formErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.notified ? '' : error.message
  if (error instanceof Error && error.message) return error.message
  return '操作失败，请稍后再试'
}

/** Navigation state the register page hands to the login page. */
export interface LoginLocationState {
  registered?: string
}
