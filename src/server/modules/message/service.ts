import type { GroupMessageInfo, WebMessage, WebMessagePageBody } from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { messageRepo } from './repo'

export function messageService(db: Db) {
  const repo = messageRepo(db)
  return {
    async page(userId: number, filter: WebMessagePageBody): Promise<Page<WebMessage>> {
      const { rows, total } = await repo.page(userId, filter)
      return {
        rows: rows.map((row) => ({
          messageId: row.id,
          title: row.title,
          content: row.content,
          messageType: row.message_type,
          isRead: row.is_read === 1,
          createdAt: row.created_at,
        })),
        total,
      }
    },

    unreadCount: (userId: number) => repo.unreadCount(userId),

    /** Guaranteed-order badge: an unread message of a guaranteed-order room for this user exists. */
    groupMessage: async (userId: number): Promise<GroupMessageInfo> => ({
      hasNewWarrantMessage: await repo.hasUnreadWarrantMessage(userId),
    }),

    markRead: (userId: number, ids: number[]) => repo.markRead(userId, ids),
    remove: (userId: number, ids: number[]) => repo.remove(userId, ids),
  }
}

export type MessageService = ReturnType<typeof messageService>
