/**
 * Native notifications. Two sources:
 * - the renderer's live events (notify:show): each has a kind the user can switch off in the
 *   settings (站内信, 新订单, 已支付, 出价/还价, 担保消息); a click focuses the window and opens the
 *   event's route through 'nav:open';
 * - the shell itself (download finished or failed, "still running in the tray"): always shown,
 *   with their own click action.
 *
 * Electron drops the click of a notification object that was garbage-collected, so shown
 * notifications are kept until they are clicked or closed.
 */
import { Notification } from 'electron'
import { SITE_NAME } from '@shared/constants'
import type { AppNotification, NotificationKind } from '@shared/live-events'

export interface NotifierDeps {
  enabled: (kind: NotificationKind) => boolean
  /** focus the main window and open this route */
  openRoute: (path: string) => void
  iconPath?: string
}

export interface SystemNotice {
  title: string
  body: string
  onClick?: () => void
  /** macOS action buttons (other systems: the body says what a click does) */
  actions?: Array<{ text: string; run: () => void }>
}

export interface Notifier {
  /** a live-event notification (already validated); false when switched off or unsupported */
  show(notification: AppNotification): boolean
  /** a notice of the shell itself */
  system(notice: SystemNotice): boolean
  /** notifications kept alive for their click handlers (tests, diagnostics) */
  readonly pending: number
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const alive = new Set<Notification>()

  function present(title: string, body: string, onClick?: () => void, actions?: SystemNotice['actions']) {
    if (!Notification.isSupported()) return false
    const notification = new Notification({
      title,
      body,
      silent: false,
      ...(deps.iconPath ? { icon: deps.iconPath } : {}),
      ...(actions?.length
        ? { actions: actions.map((a) => ({ type: 'button' as const, text: a.text })) }
        : {}),
    })
    alive.add(notification)
    const release = () => alive.delete(notification)
    notification.on('click', () => {
      release()
      onClick?.()
    })
    notification.on('action', (_event, index: number) => {
      release()
      actions?.[index]?.run()
    })
    notification.on('close', release)
    notification.on('failed', release)
    notification.show()
    return true
  }

  return {
    show(notification) {
      if (!deps.enabled(notification.kind)) return false
      return present(notification.title, notification.body, () => deps.openRoute(notification.path))
    },
    system(notice) {
      return present(notice.title || SITE_NAME, notice.body, notice.onClick, notice.actions)
    },
    get pending() {
      return alive.size
    },
  }
}
