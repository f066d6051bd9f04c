/**
 * In-site messages (站内信 SYSTEM and 订单消息 ORDER): the caller's own, paged, read and removed;
 * the unread count of the header; the guaranteed-order badge; the CSV export; and staff sending one.
 */
import { data, endpoint, page, type BodyOf } from './contract'
import { bool, id, list, oneOf, optional, paging, strict, text } from './fields'
import type { ExportResult } from './common'

export const MESSAGE_TYPES = ['SYSTEM', 'ORDER'] as const
export type MessageType = (typeof MESSAGE_TYPES)[number]

export interface WebMessage {
  messageId: number
  title: string
  content: string
  /** SYSTEM (站内信) or ORDER (订单消息) */
  messageType: MessageType
  isRead: boolean
  createdAt: number
}

export interface GroupMessageInfo {
  hasNewWarrantMessage: boolean
}

const ids = strict({ ids: list('消息编号', id('消息编号'), 500, 1) })

export const MESSAGE = {
  unreadCount: endpoint({
    method: 'GET',
    path: '/user/message/getNoReadWebMessageCount',
    access: 'user',
    answer: data<number>(),
  }),
  group: endpoint({
    method: 'GET',
    path: '/user/message/getIkkGroupMessage',
    access: 'user',
    answer: data<GroupMessageInfo>(),
  }),
  page: endpoint({
    method: 'POST',
    path: '/user/message/webMessagePage',
    access: 'user',
    body: strict({
      ...paging(),
      messageType: optional(oneOf('消息类型', MESSAGE_TYPES)),
      isRead: optional(bool('已读状态')),
    }),
    answer: page<WebMessage>(),
  }),
  /** answers how many changed */
  batchRead: endpoint({
    method: 'POST',
    path: '/user/message/webMessageBatchRead',
    access: 'user',
    body: ids,
    answer: data<number>(),
  }),
  batchRemove: endpoint({
    method: 'POST',
    path: '/user/message/webMessageBatchRemove',
    access: 'user',
    body: ids,
    answer: data<number>(),
  }),
  /** writes the caller's messages into a CSV on the server; download it by its fileName */
  export: endpoint({
    method: 'POST',
    path: '/user/message/webMessageExport',
    access: 'user',
    answer: data<ExportResult>(),
  }),
  /** staff: an in-site message to one user */
  send: endpoint({
    method: 'POST',
    path: '/system/message/send',
    access: 'user',
    body: strict({
      userName: text('用户名', 64),
      title: text('标题', 100),
      content: text('内容', 2000),
      messageType: optional(oneOf('消息类型', MESSAGE_TYPES)),
    }),
    answer: data<{ messageId: number }>(),
  }),
}

export type WebMessagePageBody = BodyOf<typeof MESSAGE.page>
export type IdsBody = BodyOf<typeof MESSAGE.batchRead>
export type SendWebMessageBody = BodyOf<typeof MESSAGE.send>
