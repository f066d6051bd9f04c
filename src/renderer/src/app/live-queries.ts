/**
 * What a live event (Server-Sent Events, api/events.ts) changes on screen: it updates or invalidates
 * the affected queries — never a store — and becomes a notification (native in the desktop client,
 * per the user's preferences). Query keys start with their domain: 'message', 'trade', 'bid',
 * 'warrant', 'chat', 'funds', 'goods', 'ai', 'savedSearch'.
 */
import type { QueryClient } from '@tanstack/react-query'
import { notificationFor, type StoredLiveEvent } from '@shared/live-events'
import { connectLiveEvents, type LiveEventsDeps } from '@renderer/api/events'
import { chatKeys } from '@renderer/api/chat'
import { csKeys } from '@renderer/api/cs-conversation'
import { messageKeys } from '@renderer/api/message'
import { platform } from '@renderer/platform'

export function applyLiveEvent(queryClient: QueryClient, event: StoredLiveEvent): void {
  switch (event.type) {
    case 'unread-count':
      queryClient.setQueryData(messageKeys.unread, Math.max(0, Math.floor(event.data.count)))
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists })
      break
    case 'warrant-message':
      queryClient.setQueryData(messageKeys.group, { hasNewWarrantMessage: true })
      void queryClient.invalidateQueries({ queryKey: ['warrant'] })
      break
    case 'chat-message':
      // the open conversation, the list's badges and the header's count (docs/pre-sale-chat.md)
      void queryClient.invalidateQueries({ queryKey: chatKeys.all })
      break
    case 'cs-message':
      // 在线客服 (docs/customer-service.md): the open conversation fetches what came after its last
      // message id (never the event's message alone: one missed before it would be skipped)
      void queryClient.invalidateQueries({ queryKey: csKeys.messages(event.data.conversationId) })
      void queryClient.invalidateQueries({ queryKey: csKeys.conversation(event.data.conversationId) })
      void queryClient.invalidateQueries({ queryKey: csKeys.unread })
      break
    case 'cs-conversation':
      // queued (place changed), taken, transferred, ended: the state line and the rating follow
      void queryClient.invalidateQueries({ queryKey: csKeys.conversation(event.data.conversationId) })
      void queryClient.invalidateQueries({ queryKey: csKeys.latest })
      break
    case 'order-created':
    case 'order-paid':
    case 'order-delivered':
      void queryClient.invalidateQueries({ queryKey: ['trade'] })
      void queryClient.invalidateQueries({ queryKey: ['funds'] })
      break
    case 'bid':
      void queryClient.invalidateQueries({ queryKey: ['bid'] })
      break
    case 'ai-job':
      // the job's progress and, once it is done, its pictures (create page, my folder)
      void queryClient.invalidateQueries({ queryKey: ['ai'] })
      break
    case 'saved-search':
      // a saved search's new-match count and last alert (订阅搜索)
      void queryClient.invalidateQueries({ queryKey: ['savedSearch'] })
      break
  }
  const notification = notificationFor(event)
  if (notification) platform.notify(notification)
}

/** After a reconnect events may have been pruned: ask again for what the header shows. */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: messageKeys.unread })
  void queryClient.invalidateQueries({ queryKey: messageKeys.group })
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
  // an open 在线客服 conversation resumes from its last message id
  void queryClient.invalidateQueries({ queryKey: csKeys.all })
}

/**
 * Listen to the server's live events until the returned function is called (main.tsx starts it while
 * a token is present). A reconnect asks again for the counts, in case events were pruned.
 */
export function startLiveUpdates(options: {
  queryClient: QueryClient
  onSessionEnded: () => void
  deps?: LiveEventsDeps
}): () => void {
  const { queryClient } = options
  const connection = connectLiveEvents(
    {
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onOpen: ({ resumed }) => {
        if (resumed) refreshAfterReconnect(queryClient)
      },
      onSessionEnded: options.onSessionEnded,
    },
    options.deps,
  )
  return () => connection.close()
}
