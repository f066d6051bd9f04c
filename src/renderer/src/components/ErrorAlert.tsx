/**
 * The one way a page shows a failed query or change (docs/architecture.md, "Server data in the
 * renderer"): the server's reason (else `fallback`) in an error Alert — or nothing when there is no
 * failure or the request layer already told the user (its toast), so a failure is shown once.
 */
import { Alert, type AlertProps } from 'antd'
import { errorToShow } from '@renderer/utils/api-error'

export interface ErrorAlertProps extends Omit<AlertProps, 'type' | 'title'> {
  /** a query's or mutation's `error`, or a refusal text the page worked out itself */
  error: unknown
  /** the text when the failure carries none */
  fallback?: string
}

export function ErrorAlert({ error, fallback, ...alert }: ErrorAlertProps) {
  const text = errorToShow(error, fallback)
  if (text === undefined) return null
  return <Alert type="error" showIcon {...alert} title={text} />
}
