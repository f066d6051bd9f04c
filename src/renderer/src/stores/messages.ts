/** Unread in-site messages and the guaranteed-order badge (spec §4: refreshed on every route change when logged in). */
import { create } from 'zustand'
import { getIkkGroupMessage, getNoReadWebMessageCount } from '@renderer/api/message'
import { platform } from '@renderer/platform'

export interface MessagesState {
  unreadCount: number
  hasNewWarrantMessage: boolean
  /** ask the server for both; a failed call keeps the previous value */
  refresh(): Promise<void>
  reset(): void
}

export const useMessagesStore = create<MessagesState>()((set) => ({
  unreadCount: 0,
  hasNewWarrantMessage: false,
  async refresh() {
    const [count, group] = await Promise.allSettled([getNoReadWebMessageCount(), getIkkGroupMessage()])
    if (count.status === 'fulfilled') {
      set({ unreadCount: count.value })
      platform.setBadge(count.value)
    }
    if (group.status === 'fulfilled') set({ hasNewWarrantMessage: group.value.hasNewWarrantMessage })
  },
  reset() {
    set({ unreadCount: 0, hasNewWarrantMessage: false })
    platform.setBadge(0)
  },
}))
