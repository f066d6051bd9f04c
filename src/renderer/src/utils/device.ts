import { MOBILE_BREAKPOINT_PX } from '@shared/constants'

export type Device = 'desktop' | 'mobile'

/** Mobile when the body is narrower than 992 px or the user agent says Mobile. */
export function detectDevice(bodyWidth: number, userAgent: string): Device {
  return bodyWidth < MOBILE_BREAKPOINT_PX || /Mobile/.test(userAgent) ? 'mobile' : 'desktop'
}

/**
 * The window's width, not the body's measured one: measuring the body forces a layout of the whole
 * page in the middle of hydration (tens of ms on a phone); the two differ only by a scroll bar.
 */
export function currentDevice(): Device {
  const width = window.innerWidth || document.documentElement.clientWidth
  return detectDevice(width, navigator.userAgent)
}
