import { MOBILE_BREAKPOINT_PX } from '@shared/constants'
import { deviceOfUserAgent, type Device } from '@shared/device'

export type { Device }

/** Mobile when the body is narrower than 992 px or the user agent says Mobile. */
export function detectDevice(bodyWidth: number, userAgent: string): Device {
  return bodyWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : deviceOfUserAgent(userAgent)
}

/**
 * The window's width, not the body's measured one: measuring the body forces a layout of the whole
 * page in the middle of hydration (tens of ms on a phone); the two differ only by a scroll bar.
 */
export function currentDevice(): Device {
  const width = window.innerWidth || document.documentElement.clientWidth
  return detectDevice(width, navigator.userAgent)
}

/**
 * The device a server-rendered page was drawn for (`data-device` on #root, from the request's user
 * agent), or null on a page the browser renders itself.
 */
export function pageDevice(): Device | null {
  if (typeof document === 'undefined') return null
  const root = document.getElementById('root')
  if (!root?.hasAttribute('data-ssr')) return null
  return root.getAttribute('data-device') === 'mobile' ? 'mobile' : 'desktop'
}
