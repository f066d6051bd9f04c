/**
 * The one way a page shows a failed query or change (docs/architecture.md, "Server data in the
 * renderer"): the server's reason (else `fallback`) in an error Alert — or nothing when there is no
 * failure or the request layer already told the user (its toast), so a failure is shown once.
 *
 * With `onRetry` it stands for a load that failed, in place of what could not be loaded: it shows
 * for every failure, with a 重试 button. Its text is still the reason nobody showed yet, else
 * `fallback` (what failed to load), so a toasted failure is not said twice. A server fault adds its
 * 错误编号 (the answer's requestId) below the text, for the user to report.
 */
import { Alert, Button, type AlertProps } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { errorReference } from '@renderer/api/http'
import { errorToShow } from '@renderer/utils/api-error'

interface ErrorAlertBase extends Omit<AlertProps, 'type' | 'title'> {
  /** a query's or mutation's `error`, or a refusal text the page worked out itself */
  error: unknown
}

interface ChangeErrorProps extends ErrorAlertBase {
  /** the text when the failure carries none */
  fallback?: string
  onRetry?: undefined
  retryIcon?: undefined
}

interface LoadErrorProps extends ErrorAlertBase {
  /** what failed to load (加载失败): the text when the failure carries none or was shown already */
  fallback: string
  /** loads again (a query's `refetch`): the alert shows for every failure, with a 重试 button */
  onRetry: () => void
  /** the reload icon on the 重试 button */
  retryIcon?: boolean
  /** the 重试 button is the action */
  action?: undefined
}

export type ErrorAlertProps = ChangeErrorProps | LoadErrorProps

export function ErrorAlert({ error, fallback, onRetry, retryIcon = true, ...alert }: ErrorAlertProps) {
  const failed = error !== null && error !== undefined && error !== ''
  // a failed load keeps its place and its 重试 even when the failure was toasted already
  const text = errorToShow(error, fallback) ?? (onRetry && failed ? fallback : undefined)
  if (text === undefined) return null
  const retry = onRetry ? (
    <Button size="small" icon={retryIcon ? <ReloadOutlined /> : undefined} onClick={onRetry}>
      重试
    </Button>
  ) : null
  // a server fault names the id its log lines carry, for the user to report (docs/error-codes.md)
  const reference = errorReference(error)
  return (
    <Alert
      type="error"
      showIcon
      description={reference}
      {...alert}
      title={text}
      action={retry ?? alert.action}
    />
  )
}
