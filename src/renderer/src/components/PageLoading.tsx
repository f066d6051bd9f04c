import { Spin } from 'antd'
import './page-loading.css'

/** Shown while a page's code or data loads. */
export function PageLoading({ minHeight = 360 }: { minHeight?: number }) {
  return (
    <div className="page-loading" data-page-loading style={{ minHeight }} role="status" aria-live="polite">
      <Spin size="large" />
    </div>
  )
}
