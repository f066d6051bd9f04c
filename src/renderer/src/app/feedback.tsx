/**
 * The app's messages, notifications and confirm dialogs (antd message / notification / Modal hooks),
 * loaded with their first use (docs/ssr.md "What the first load carries"). antd's `App` created all
 * three with the first render, so every page carried their code. Here `FeedbackProvider` mounts
 * `FeedbackHost` (a chunk of its own) inside the app's ConfigProvider the first time one of them is
 * asked for: they keep the app's theme and locale, and the page renders and hydrates without them.
 */
import { useEffect, useState, type ReactNode } from 'react'
import type { App, Modal } from 'antd'

/** What antd's `App.useApp()` gave: the modal functions without the promise each one also is. */
export interface Feedback {
  message: ReturnType<typeof App.useApp>['message']
  notification: ReturnType<typeof App.useApp>['notification']
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>
}

const loadHost = () => import('./FeedbackHost')
type Host = Awaited<ReturnType<typeof loadHost>>['FeedbackHost']

let current: Feedback | null = null
/** asked for before the host was there: served, in order, once it is */
let waiting: Array<(feedback: Feedback) => void> = []
/** the mounted provider's way to load its host (null: no provider mounted) */
let mountHost: (() => void) | null = null
let fallbackTimer: ReturnType<typeof setTimeout> | undefined

function serve(feedback: Feedback): void {
  const queued = waiting
  waiting = []
  queued.forEach((act) => act(feedback))
}

/**
 * Tests: drops what waits for a host that will not come (a test that toasted after its page
 * unmounted), so the next test file of the worker does not show it (test-setup.ts).
 */
export function forgetWaitingFeedback(): void {
  waiting = []
  clearTimeout(fallbackTimer)
}

/** The host's instances are the app's from its mount to its unmount. */
function bind(feedback: Feedback): () => void {
  current = feedback
  clearTimeout(fallbackTimer)
  serve(feedback)
  return () => {
    if (current === feedback) current = null
  }
}

/**
 * Calls `act` with the app's message / notification / modal instances: at once when they are loaded,
 * else once they are (the first call loads them). With no provider mounted within 300 ms (a test
 * rendering a bare component) antd's static functions serve instead, without the app's theme.
 * A failed load of the chunk keeps the calls waiting; the next call tries again.
 */
export function withFeedback(act: (feedback: Feedback) => void): void {
  if (current) {
    act(current)
    return
  }
  waiting.push(act)
  if (mountHost) {
    mountHost()
    return
  }
  clearTimeout(fallbackTimer)
  fallbackTimer = setTimeout(() => {
    if (mountHost) return
    loadHost().then(
      ({ staticFeedback }) => {
        if (!current && !mountHost) serve(staticFeedback)
      },
      () => undefined,
    )
  }, 300)
}

/** Wraps the app inside its ConfigProvider; renders nothing of its own until feedback is asked for. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<{ Host: Host } | null>(null)
  useEffect(() => {
    let live = true
    let loading = false
    const mount = () => {
      if (loading) return
      loading = true
      loadHost().then(
        ({ FeedbackHost }) => {
          if (live) setHost({ Host: FeedbackHost })
        },
        () => {
          loading = false
        },
      )
    }
    mountHost = mount
    if (waiting.length > 0) mount()
    return () => {
      live = false
      if (mountHost === mount) mountHost = null
    }
  }, [])
  return (
    <>
      {children}
      {host ? <host.Host onReady={bind} /> : null}
    </>
  )
}
