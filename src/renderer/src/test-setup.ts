/**
 * Vitest setup of the renderer project (jsdom): the browser APIs jsdom lacks and antd needs, and
 * React Testing Library cleanup (vitest runs without globals, so RTL cannot register it itself).
 */
import { afterEach, vi } from 'vitest'
import { forgetWaitingFeedback } from '@renderer/app/feedback'
import { cleanup, configure } from '@testing-library/react'
import { useAppStore } from '@renderer/stores/app'
import { useSessionStore } from '@renderer/stores/session'
import { useTagsViewStore } from '@renderer/stores/tags-view'
import { withCheapComputedStyle } from '@renderer/testing/computed-style'

// files share one module graph per worker (vitest.config.ts): client state starts afresh in each test
const resets = [useAppStore, useSessionStore, useTagsViewStore].map(
  (store: { getInitialState(): object; setState(state: object, replace: true): void }) => {
    const initial = store.getInitialState()
    return () => store.setState(initial, true)
  },
)

// pages load as lazy chunks; the first import of a chunk in a cold worker can take over a second
configure({ asyncUtilTimeout: 5000 })

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  })
}

// jsdom does not implement scrolling; record calls instead of logging "not implemented"
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

// antd reads computed styles of pseudo elements (scrollbar size), which jsdom does not support
const realGetComputedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = ((elt: Element) => realGetComputedStyle(elt)) as typeof window.getComputedStyle

// every file: empty computed styles instead of jsdom walking antd's thousands of CSS-in-JS rules on
// each role query and popup (testing/computed-style.ts; the tests assert text, attributes, inline styles)
withCheapComputedStyle()

afterEach(() => {
  cleanup()
  // a toast asked for after a test's page unmounted must not appear in the next test
  forgetWaitingFeedback()
  resets.forEach((reset) => reset())
  vi.useRealTimers()
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
  localStorage.clear()
})
