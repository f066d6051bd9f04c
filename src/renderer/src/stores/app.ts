/**
 * App state: side bar opened flag (kept in a cookie), device, component size.
 *
 * On a server-rendered page the state starts as the server drew it (docs/ssr.md "Phones"): the
 * device the request's user agent named (`data-device` on #root) and the side bar closed (the page
 * is the same for every visitor, so no cookie shaped it); the window's size and the cookie apply
 * after hydration (app/RootShell.tsx `useDisplayMode`). A phone's page then hydrates without a
 * second render.
 */
import { createContext, useContext, useSyncExternalStore } from 'react'
import { create } from 'zustand'
import { SIDEBAR_COOKIE } from '@shared/constants'
import { getCookie, setCookie } from '@renderer/utils/cookie'
import { currentDevice, pageDevice, type Device } from '@renderer/utils/device'

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

const drawnFor = pageDevice()

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: drawnFor === null && openedFromCookie(), withoutAnimation: false },
  device: drawnFor ?? (typeof window === 'undefined' ? 'desktop' : currentDevice()),
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

/**
 * The device a page is rendered for: on the server the request's (from its user agent), in the
 * browser the one the server drew the page for while it hydrates. The store holds one value for
 * every request of a server process, so the server's comes through this context.
 */
const DeviceHint = createContext<Device>('desktop')
export const DeviceHintProvider = DeviceHint.Provider

const subscribe = (onChange: () => void) => useAppStore.subscribe(onChange)
const isMobileNow = () => useAppStore.getState().device === 'mobile'

/** Whether the layout is the phone's: the store's device, or the hint while rendering on the server or hydrating. */
export function useIsMobile(): boolean {
  const hint = useContext(DeviceHint)
  return useSyncExternalStore(subscribe, isMobileNow, () => hint === 'mobile')
}

/** The phone's width (docs/screens.md, "Phones"): the same 576 px as the stylesheets' `max-width: 575px`. */
export const PHONE_QUERY = '(max-width: 575px)'

const subscribePhone = (onChange: () => void) => {
  const media = window.matchMedia?.(PHONE_QUERY)
  media?.addEventListener?.('change', onChange)
  return () => media?.removeEventListener?.('change', onChange)
}
const isPhoneNow = () => window.matchMedia?.(PHONE_QUERY)?.matches ?? false

/**
 * Whether the screen is a phone's (≤ 575 px), for what CSS alone cannot switch (ResponsiveTable
 * draws a table or cards, not both). On the server and while hydrating a page it is the device
 * the server drew the page for (a phone's user agent), so the HTML hydrates unchanged; the
 * window's width applies right after.
 */
export function useIsPhone(): boolean {
  const hint = useContext(DeviceHint)
  return useSyncExternalStore(subscribePhone, isPhoneNow, () => hint === 'mobile')
}
