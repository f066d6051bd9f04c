import { Alert, Button } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'

/** A load that failed: what went wrong and a 重试 button that loads again. */
export function LoadErrorAlert({
  title,
  onRetry,
  retryIcon = true,
}: {
  title: string
  onRetry: () => void
  /** the reload icon on the 重试 button */
  retryIcon?: boolean
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" icon={retryIcon ? <ReloadOutlined /> : undefined} onClick={onRetry}>
          重试
        </Button>
      }
    />
  )
}
