import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { SIDEBAR_COOKIE } from '@shared/constants'
import { useDisplayMode } from '@renderer/app/RootShell'
import { useAppStore } from '@renderer/stores/app'
import { getCookie, setCookie } from './cookie'
import { detectDevice, pageDevice } from './device'

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36'
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'

describe('detectDevice', () => {
  it('is mobile under 992 px', () => {
    expect(detectDevice(991, DESKTOP_UA)).toBe('mobile')
    expect(detectDevice(992, DESKTOP_UA)).toBe('desktop')
    expect(detectDevice(1440, DESKTOP_UA)).toBe('desktop')
  })
  it('is mobile when the user agent says Mobile, whatever the width', () => {
    expect(detectDevice(1440, PHONE_UA)).toBe('mobile')
  })
})

describe('pageDevice', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })
  it('reads the layout a server-rendered page was drawn for', () => {
    document.body.innerHTML = '<div id="root" data-ssr="1" data-device="mobile"></div>'
    expect(pageDevice()).toBe('mobile')
    document.body.innerHTML = '<div id="root" data-ssr="1"></div>'
    expect(pageDevice()).toBe('desktop')
    // a page the browser renders itself: the window decides
    document.body.innerHTML = '<div id="root"></div>'
    expect(pageDevice()).toBeNull()
  })
})

describe('useDisplayMode', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } })
  })

  function windowWidth(width: number) {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width)
  }

  it('follows resizes and closes the side bar on mobile', () => {
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } })
    windowWidth(1280)
    renderHook(() => useDisplayMode())
    expect(useAppStore.getState().device).toBe('desktop')
    expect(useAppStore.getState().sidebar.opened).toBe(true)

    vi.restoreAllMocks()
    windowWidth(800)
    window.dispatchEvent(new Event('resize'))
    expect(useAppStore.getState().device).toBe('mobile')
    expect(useAppStore.getState().sidebar.opened).toBe(false)
    expect(getCookie(SIDEBAR_COOKIE)).toBe('0')

    vi.restoreAllMocks()
    windowWidth(1300)
    window.dispatchEvent(new Event('resize'))
    expect(useAppStore.getState().device).toBe('desktop')
  })

  it('opens the side bar the visitor left open once a server-rendered page (drawn closed) is up', () => {
    setCookie(SIDEBAR_COOKIE, '1', { days: 1 })
    useAppStore.setState({ device: 'desktop', sidebar: { opened: false, withoutAnimation: false } })
    windowWidth(1280)
    renderHook(() => useDisplayMode())
    expect(useAppStore.getState().sidebar.opened).toBe(true)
  })
})
