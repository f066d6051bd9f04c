/**
 * Closable toasts: success, error, warning and info messages the user can close.
 * antd's message has no close button, so the content carries one; a click anywhere on the toast
 * closes it too. The same text is shown once at a time (the text is the key), so ten failing
 * requests make one toast. They are the app's message instance (theme, locale), loaded with the
 * first toast (app/feedback.tsx); toasts asked for before it is there appear once it is.
 */
import { CloseOutlined } from '@ant-design/icons'
import { withFeedback, type Feedback } from '@renderer/app/feedback'
import './toast.css'

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

export function toast(kind: ToastKind, text: string, seconds = 3): void {
  withFeedback(({ message }) => show(message, kind, text, seconds))
}

function show(api: Feedback['message'], kind: ToastKind, text: string, seconds: number): void {
  const key = `${kind}:${text}`
  api.open({
    key,
    type: kind,
    duration: seconds,
    className: 'app-toast',
    onClick: () => api.destroy(key),
    content: (
      <span className="app-toast__body">
        <span>{text}</span>
        <button
          type="button"
          className="app-toast__close"
          aria-label="关闭提示"
          onClick={() => api.destroy(key)}
        >
          <CloseOutlined />
        </button>
      </span>
    ),
  })
}
