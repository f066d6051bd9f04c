/**
 * Opening 在线客服 (docs/customer-service.md): the built-in conversation with platform support — in
 * the desktop client its own window on the conversation's route (platform.openCustomerService), on
 * the web the panel over the page. The external chat widget is an option: only when the server says
 * the mode is `widget` AND its script address is configured (CsServiceStatus.widget) does the web
 * load it instead; never a placeholder address, never in the desktop client.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { CsServiceStatus } from '@shared/api/cs'
import { customerServicePath, type CsOpenedAbout } from '@shared/desktop'
import { csStatusQuery } from '@renderer/api/cs-conversation'
import { platform } from '@renderer/platform'
import { useCsPanel } from '@renderer/stores/cs-panel'

export type CustomerServiceDecision = 'login-required' | 'widget' | 'builtin'

/** The widget's script address when the widget may be shown: https only (http only on a loopback host). */
export function widgetScript(status: CsServiceStatus | null | undefined): string | null {
  if (!status || status.mode !== 'widget' || !status.widget) return null
  const { scriptUrl } = status.widget
  let u: URL
  try {
    u = new URL(scriptUrl)
  } catch {
    return null
  }
  if (u.username || u.password) return null
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)
  return u.protocol === 'https:' || (u.protocol === 'http:' && loopback) ? u.href : null
}

/** Logged out: 请先登录！; the web with a configured widget: the widget; else the built-in conversation. */
export function customerServiceDecision(
  loggedIn: boolean,
  status: CsServiceStatus | null | undefined,
  kind: 'web' | 'desktop' = platform.kind,
): CustomerServiceDecision {
  if (!loggedIn) return 'login-required'
  return kind === 'web' && widgetScript(status) ? 'widget' : 'builtin'
}

const WIDGET_SCRIPT_ID = 'cs-widget-script'

/** Load the configured widget once (it draws its own button and window). */
export function loadWidget(status: CsServiceStatus): boolean {
  const src = widgetScript(status)
  if (!src || !status.widget) return false
  if (document.getElementById(WIDGET_SCRIPT_ID)) return true
  const script = document.createElement('script')
  script.id = WIDGET_SCRIPT_ID
  script.src = src
  script.async = true
  script.referrerPolicy = 'no-referrer'
  script.dataset['customerId'] = status.widget.customerId
  document.head.appendChild(script)
  return true
}

/** Open the built-in conversation: the desktop's window, or the web's panel. */
export async function openBuiltIn(about: CsOpenedAbout = {}): Promise<void> {
  const result = await platform
    .openCustomerService({ path: customerServicePath(about) })
    .catch((error: unknown) => {
      console.warn('[customer-service] the window did not open; the panel instead', error)
      return 'inline' as const
    })
  if (result === 'inline') useCsPanel.getState().show(about)
}

/** 在线客服 for a logged-in user (the status is read from the cache, or asked first). */
export async function openCustomerService(about: CsOpenedAbout, queryClient: QueryClient): Promise<void> {
  let status: CsServiceStatus | null = null
  if (platform.kind === 'web') {
    try {
      status = await queryClient.fetchQuery(csStatusQuery())
    } catch {
      status = null // the built-in conversation says itself when the server cannot be reached
    }
  }
  if (customerServiceDecision(true, status) === 'widget' && status && loadWidget(status)) return
  await openBuiltIn(about)
}
