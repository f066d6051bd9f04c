import { MOBILE_BREAKPOINT_PX } from '@shared/constants'

export type Device = 'desktop' | 'mobile'

/** Mobile when the body is narrower than 992 px or the user agent says Mobile. */
export function detectDevice(bodyWidth: number, userAgent: string): Device {
  return bodyWidth < MOBILE_BREAKPOINT_PX || /Mobile/.test(userAgent) ? 'mobile' : 'desktop'
}

export function currentDevice(): Device {
  const width = document.body.getBoundingClientRect().width || window.innerWidth
  return detectDevice(width, navigator.userAgent)
}
