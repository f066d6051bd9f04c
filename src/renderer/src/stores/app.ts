/** App state: side bar opened flag (kept in a cookie), device, component size. */
import { create } from 'zustand'
import { SIDEBAR_COOKIE } from '@shared/constants'
import { getCookie, setCookie } from '@renderer/utils/cookie'
import type { Device } from '@renderer/utils/device'

export type ComponentSize = 'large' | 'medium' | 'small'

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean }
  device: Device
  size: ComponentSize
  toggleSideBar(withoutAnimation?: boolean): void
  closeSideBar(withoutAnimation?: boolean): void
  toggleDevice(device: Device): void
  setSize(size: ComponentSize): void
}

/**
 * The floating side bar starts collapsed (icons only) until the user expands it: expanded it is
 * SIDEBAR_WIDTH_PX wide and would cover the right edge of the 1200 px content on most laptop
 * screens. Once toggled, the cookie decides.
 */
export function openedFromCookie(): boolean {
  return getCookie(SIDEBAR_COOKIE) === '1'
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: openedFromCookie(), withoutAnimation: false },
  device: 'desktop',
  size: 'medium',
  toggleSideBar(withoutAnimation = false) {
    const opened = !get().sidebar.opened
    setCookie(SIDEBAR_COOKIE, opened ? '1' : '0', { days: 365 })
    set({ sidebar: { opened, withoutAnimation } })
  },
  closeSideBar(withoutAnimation = false) {
    setCookie(SIDEBAR_COOKIE, '0', { days: 365 })
    set({ sidebar: { opened: false, withoutAnimation } })
  },
  toggleDevice(device) {
    set({ device })
  },
  setSize(size) {
    set({ size })
  },
}))
