import { describe, expect, it } from 'vitest'
import { SIDEBAR_COOKIE } from '@shared/constants'
import { getCookie } from '@renderer/utils/cookie'
import { openedFromCookie, useAppStore } from './app'

describe('app store', () => {
  it('starts as desktop, size medium', () => {
    expect(useAppStore.getState().device).toBe('desktop')
    expect(useAppStore.getState().size).toBe('medium')
  })

  it('keeps the side bar choice in a cookie', () => {
    useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } })
    useAppStore.getState().toggleSideBar()
    expect(useAppStore.getState().sidebar.opened).toBe(false)
    expect(getCookie(SIDEBAR_COOKIE)).toBe('0')
    useAppStore.getState().toggleSideBar()
    expect(useAppStore.getState().sidebar.opened).toBe(true)
    expect(getCookie(SIDEBAR_COOKIE)).toBe('1')
    useAppStore.getState().closeSideBar(true)
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true })
    expect(getCookie(SIDEBAR_COOKIE)).toBe('0')
  })
})

describe('side bar default', () => {
  it('is collapsed until the cookie says 1', () => {
    expect(openedFromCookie()).toBe(false)
    document.cookie = `${SIDEBAR_COOKIE}=1; path=/`
    expect(openedFromCookie()).toBe(true)
    document.cookie = `${SIDEBAR_COOKIE}=0; path=/`
    expect(openedFromCookie()).toBe(false)
  })
})
