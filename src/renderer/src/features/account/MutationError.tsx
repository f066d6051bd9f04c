/** A refused account form: the server's reason (else `fallback`) above the submit button, or nothing. */
import { Alert } from 'antd'
import { apiErrorText } from '@renderer/utils/api-error'

export function MutationError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={apiErrorText(error, fallback)}
    />
  )
}
