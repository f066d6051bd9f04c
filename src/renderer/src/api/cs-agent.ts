/**
 * 客服工作台 (docs/customer-service.md): the agent's and the supervisor's side of 在线客服. The
 * workbench polls (it is also the agent's presence: an agent not seen for two minutes gets no new
 * conversations), so the lists and the open conversation refresh every few seconds.
 */
import { queryOptions } from '@tanstack/react-query'
import {
  CS_STAFF,
  type CsAgentConversationsQuery,
  type CsAgentStatus,
  type CsCannedBody,
  type CsCannedEditBody,
  type CsEditAgentBody,
  type CsTeam,
} from '@shared/api/cs'
import { WARRANT_STAFF } from '@shared/api/warrant'
import { call } from './client'
import { useChangeMutation } from './mutation'

/** How often the workbench refreshes its lists and the open conversation. */
export const CS_POLL_MS = 3_000

export const csAgentKeys = {
  all: ['csAgent'] as const,
  me: ['csAgent', 'me'] as const,
  queue: ['csAgent', 'queue'] as const,
  conversations: (q: CsAgentConversationsQuery) => ['csAgent', 'conversations', q] as const,
  conversation: (id: number) => ['csAgent', 'conversation', id] as const,
  messages: (id: number) => ['csAgent', 'messages', id] as const,
  context: (id: number) => ['csAgent', 'context', id] as const,
  agents: ['csAgent', 'agents'] as const,
  canned: (team?: CsTeam) => ['csAgent', 'canned', team ?? 'mine'] as const,
  figures: ['csAgent', 'figures'] as const,
  room: (orderNo: string) => ['csAgent', 'room', orderNo] as const,
}

export const csMeQuery = () =>
  queryOptions({ queryKey: csAgentKeys.me, queryFn: () => call(CS_STAFF.me, {}), refetchInterval: 30_000 })

export const csQueueQuery = () =>
  queryOptions({
    queryKey: csAgentKeys.queue,
    queryFn: () => call(CS_STAFF.queue, {}),
    refetchInterval: CS_POLL_MS,
  })

export const csAgentConversationsQuery = (query: CsAgentConversationsQuery) =>
  queryOptions({
    queryKey: csAgentKeys.conversations(query),
    queryFn: () => call(CS_STAFF.conversations, { query }),
    refetchInterval: CS_POLL_MS,
  })

export const csAgentConversationQuery = (conversationId: number) =>
  queryOptions({
    queryKey: csAgentKeys.conversation(conversationId),
    queryFn: () => call(CS_STAFF.conversation, { params: { conversationId } }),
    refetchInterval: CS_POLL_MS,
  })

/** the whole conversation (the first 200 messages; a long one pages with afterId) */
export const csAgentMessagesQuery = (conversationId: number) =>
  queryOptions({
    queryKey: csAgentKeys.messages(conversationId),
    queryFn: () => call(CS_STAFF.messages, { params: { conversationId }, query: {} }),
    refetchInterval: CS_POLL_MS,
  })

export const csContextQuery = (conversationId: number) =>
  queryOptions({
    queryKey: csAgentKeys.context(conversationId),
    queryFn: () => call(CS_STAFF.context, { params: { conversationId } }),
    staleTime: 60_000,
  })

export const csAgentsQuery = () =>
  queryOptions({ queryKey: csAgentKeys.agents, queryFn: () => call(CS_STAFF.agents, {}) })

export const csCannedQuery = (team?: CsTeam) =>
  queryOptions({
    queryKey: csAgentKeys.canned(team),
    queryFn: () => call(CS_STAFF.canned, { query: team ? { team } : {} }),
  })

export const csFiguresQuery = () =>
  queryOptions({
    queryKey: csAgentKeys.figures,
    queryFn: () => call(CS_STAFF.figures, {}),
    refetchInterval: 10_000,
  })

export const csRoomQuery = (orderNo: string) =>
  queryOptions({
    queryKey: csAgentKeys.room(orderNo),
    queryFn: () => call(WARRANT_STAFF.staffMessages, { params: { orderNo } }),
  })

const useCsChange = <T, R>(fn: (input: T) => Promise<R>, done?: string) =>
  useChangeMutation(fn, { keys: [csAgentKeys.all], ...(done ? { done } : {}) })

export const useSetAgentStatus = () =>
  useCsChange((status: CsAgentStatus) => call(CS_STAFF.setStatus, { body: { status } }))
export const useTake = () =>
  useCsChange((conversationId?: number) =>
    call(CS_STAFF.take, { body: conversationId === undefined ? {} : { conversationId } }),
  )
export const useTransfer = () =>
  useCsChange(
    (body: { conversationId: number; toUserId: number }) => call(CS_STAFF.transfer, { body }),
    '已转接',
  )
export const useAgentEnd = () =>
  useCsChange((conversationId: number) => call(CS_STAFF.end, { body: { conversationId } }), '会话已结束')
export const useAgentSend = () =>
  useCsChange((body: { conversationId: number; content?: string; imageId?: string }) =>
    call(CS_STAFF.send, { body }),
  )
export const useAutoAssign = () => useCsChange(() => call(CS_STAFF.autoAssign, {}))
export const useEditAgent = () =>
  useCsChange((body: CsEditAgentBody) => call(CS_STAFF.editAgent, { body }), '已保存')
export const useCannedAdd = () =>
  useCsChange((body: CsCannedBody) => call(CS_STAFF.cannedAdd, { body }), '已添加')
export const useCannedEdit = () =>
  useCsChange((body: CsCannedEditBody) => call(CS_STAFF.cannedEdit, { body }), '已保存')
export const useCannedRemove = () =>
  useCsChange((cannedId: number) => call(CS_STAFF.cannedRemove, { body: { cannedId } }), '已删除')
export const useRoomPost = () =>
  useCsChange(
    (body: { orderNo: string; content: string }) => call(WARRANT_STAFF.staffPost, { body }),
    '已在担保群发送',
  )
