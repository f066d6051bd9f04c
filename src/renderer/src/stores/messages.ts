/**
 * Unread in-site messages and the guaranteed-order badge.
 *
 * Two sources, both kept: the spec's refresh on every route change when logged in (RootShell calls
 * refresh()), and the live events of the server (startLiveUpdates(), both shells): an unread-count
 * change sets the count at once, and new orders, payments, bids and guaranteed-order messages
 * become notifications (platform.notify: native on the desktop, per the user's preferences).
 */
import { create } from 'zustand'
import { notificationFor, type StoredLiveEvent } from '@shared/live-events'
import { getIkkGroupMessage, getNoReadWebMessageCount } from '@renderer/api/message'
import { connectLiveEvents, type LiveEventsDeps } from '@renderer/api/events'
import { platform } from '@renderer/platform'

export interface MessagesState {
  unreadCount: number
  hasNewWarrantMessage: boolean
  /** ask the server for both; a failed call keeps the previous value */
  refresh(): Promise<void>
  /** a live event arrived */
  apply(event: StoredLiveEvent): void
  reset(): void
}

function setUnread(count: number): { unreadCount: number } {
  const n = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0
  platform.setBadge(n)
  return { unreadCount: n }
}

export const useMessagesStore = create<MessagesState>()((set) => ({
  unreadCount: 0,
  hasNewWarrantMessage: false,
  async refresh() {
    const [count, group] = await Promise.allSettled([getNoReadWebMessageCount(), getIkkGroupMessage()])
    if (count.status === 'fulfilled') set(setUnread(count.value))
    if (group.status === 'fulfilled') set({ hasNewWarrantMessage: group.value.hasNewWarrantMessage })
  },
  apply(event) {
    if (event.type === 'unread-count') set(setUnread(event.data.count))
    if (event.type === 'warrant-message') set({ hasNewWarrantMessage: true })
    const notification = notificationFor(event)
    if (notification) platform.notify(notification)
  },
  reset() {
    set({ unreadCount: 0, hasNewWarrantMessage: false })
    platform.setBadge(0)
  },
}))

/**
 * Listen to the server's live events until the returned function is called (main.tsx starts it
 * while a token is present). A reconnect refreshes the counts, in case events were pruned.
 */
export function startLiveUpdates(options: { onSessionEnded: () => void; deps?: LiveEventsDeps }): () => void {
  const connection = connectLiveEvents(
    {
      onEvent: (event) => useMessagesStore.getState().apply(event),
      onOpen: ({ resumed }) => {
        if (resumed) void useMessagesStore.getState().refresh()
      },
      onSessionEnded: options.onSessionEnded,
    },
    options.deps,
  )
  return () => connection.close()
}
