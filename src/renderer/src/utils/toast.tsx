/**
 * Closable toasts: success, error, warning and info messages the user can close.
 * antd's message has no close button, so the content carries one; a click anywhere on the toast
 * closes it too. The same text is shown once at a time (the text is the key), so ten failing
 * requests make one toast. The app binds the context-aware instance of <App> (theme, locale);
 * toasts asked for before that wait for it (or, with no <App> at all, use the static API).
 */
import { type App, message } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import './toast.css'

type MessageInstance = ReturnType<typeof App.useApp>['message']

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

let bound: MessageInstance | null = null
/** toasts asked for before <App> mounted (e.g. by the route guard on the first load) */
let pending: Array<[ToastKind, string, number]> = []
let fallbackTimer: ReturnType<typeof setTimeout> | undefined

export function bindToastApi(instance: MessageInstance): () => void {
  bound = instance
  clearTimeout(fallbackTimer)
  const queued = pending
  pending = []
  queued.forEach(([kind, text, seconds]) => show(instance, kind, text, seconds))
  return () => {
    if (bound === instance) bound = null
  }
}

export function toast(kind: ToastKind, text: string, seconds = 3): void {
  if (bound) {
    show(bound, kind, text, seconds)
    return
  }
  // wait for the app's context-aware instance; without one (no <App> mounted) use the static API
  pending.push([kind, text, seconds])
  clearTimeout(fallbackTimer)
  fallbackTimer = setTimeout(() => {
    const queued = pending
    pending = []
    queued.forEach(([k, t, s]) => show(message, k, t, s))
  }, 300)
}

function show(api: MessageInstance, kind: ToastKind, text: string, seconds: number): void {
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
