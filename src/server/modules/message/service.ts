import type { GroupMessageInfo, WebMessage, WebMessagePageBody } from '../../../shared/api'
import type { ExportResult } from '../../../shared/api/common'
import type { SendWebMessageBody } from '../../../shared/api/message'
import type { LiveEvent, StoredLiveEvent, UnreadCountEvent } from '../../../shared/live-events'
import type { Transaction } from 'kysely'
import type { Db } from '../../db'
import type { Database } from '../../db/schema'
import type { Page } from '../../db/paging'
import { inSavepoint } from '../../db/savepoint'
import { badRequest } from '../../http/errors'
import { chinaDateTime, type ExportsService } from '../common/exports'
import type { EventBus } from '../events/bus'
import { messageRepo } from './repo'

export interface MessageServiceDeps {
  /** live events: every change of a user's unread count is published (optional in tests) */
  bus?: EventBus
  exports?: ExportsService
  /** finds the addressee of a staff message (the auth service) */
  users?: { userIdByName(userName: string): Promise<number | null> }
  now?: () => number
}

const TYPE_LABELS = { SYSTEM: '站内信', ORDER: '订单消息' } as const

/** One in-site message of `createAll`. */
export interface NewMessage {
  to: number
  title: string
  content: string
  messageType?: 'SYSTEM' | 'ORDER'
}

/** What `logAllIn` logged (events to hand on after the commit), or what to write after it instead. */
export type Logged =
  | { stored: Array<{ to: number; stored: StoredLiveEvent }> }
  | { retry: { messages: NewMessage[]; events: Array<{ to: number; event: LiveEvent }> } }

export function messageService(db: Db, deps: MessageServiceDeps = {}) {
  const repo = messageRepo(db)
  const now = deps.now ?? Date.now

  /** the messages, their unread-count events and the events, in the transaction given */
  async function logRows(
    trx: Db,
    messages: NewMessage[],
    events: Array<{ to: number; event: LiveEvent }>,
  ): Promise<Array<{ to: number; stored: StoredLiveEvent }>> {
    const bus = deps.bus
    const inTrx = messageRepo(trx)
    const out: Array<{ to: number; stored: StoredLiveEvent }> = []
    for (const m of messages) {
      const { messageId, unread: count } = await inTrx.insert(m.to, {
        title: m.title,
        content: m.content,
        messageType: m.messageType ?? 'SYSTEM',
        at: now(),
      })
      if (!bus) continue
      const event: UnreadCountEvent = {
        type: 'unread-count',
        data: { count, reason: 'created', message: { messageId, title: m.title } },
      }
      out.push({ to: m.to, stored: await bus.log(trx, m.to, event) })
    }
    if (bus) for (const e of events) out.push({ to: e.to, stored: await bus.log(trx, e.to, e.event) })
    return out
  }

  /** Publish the user's new unread count; a failure is logged, never fails the change itself. */
  async function publishUnread(
    userId: number,
    reason: UnreadCountEvent['data']['reason'],
    message?: { messageId: number; title: string },
  ) {
    if (!deps.bus) return
    try {
      const count = await repo.unreadCount(userId)
      await deps.bus.publish(userId, {
        type: 'unread-count',
        data: message ? { count, reason, message } : { count, reason },
      })
    } catch (err) {
      console.error('[message] unread-count event not published', err)
    }
  }

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

    /** One of the user's messages, or null (other modules: e.g. WeChat template messages of it). */
    async find(
      userId: number,
      messageId: number,
    ): Promise<{ title: string; content: string; messageType: 'SYSTEM' | 'ORDER' } | null> {
      const row = await repo.find(userId, messageId)
      return row ? { title: row.title, content: row.content, messageType: row.message_type } : null
    },

    /** Guaranteed-order badge: an unread message of a guaranteed-order room for this user exists. */
    groupMessage: async (userId: number): Promise<GroupMessageInfo> => ({
      hasNewWarrantMessage: await repo.hasUnreadWarrantMessage(userId),
    }),

    async markRead(userId: number, ids: number[]): Promise<number> {
      const changed = await repo.markRead(userId, ids)
      if (changed > 0) await publishUnread(userId, 'read')
      return changed
    },

    async remove(userId: number, ids: number[]): Promise<number> {
      const changed = await repo.remove(userId, ids)
      if (changed > 0) await publishUnread(userId, 'removed')
      return changed
    },

    /** A new in-site message for a user (other modules, the admin route); publishes the new count. */
    async create(
      userId: number,
      message: { title: string; content: string; messageType?: 'SYSTEM' | 'ORDER' },
    ): Promise<number> {
      const { messageId } = await repo.insert(userId, {
        title: message.title,
        content: message.content,
        messageType: message.messageType ?? 'SYSTEM',
        at: now(),
      })
      await publishUnread(userId, 'created', { messageId, title: message.title })
      return messageId
    },

    /**
     * Several messages and further live events after one change (e.g. an order's two parties and
     * the seller's order event), written in one transaction: the messages, their unread-count events
     * and the events are logged together (one commit instead of one per row), then handed to streams,
     * other processes and taps in the same order as one `create` and `publish` after another would.
     * Should that transaction fail, each is tried on its own; a failure is only logged.
     */
    async createAll(messages: NewMessage[], events: Array<{ to: number; event: LiveEvent }> = []) {
      let logged: Logged
      try {
        logged = { stored: await db.transaction().execute((trx) => logRows(trx, messages, events)) }
      } catch (err) {
        console.error('[message] messages not written together, one by one instead', err)
        logged = { retry: { messages, events } }
      }
      await this.deliver(logged)
    },

    /**
     * `createAll` inside the caller's transaction, so a change and its messages commit once
     * (docs/scaling.md, "Payments at database speed"). Behind a savepoint: should the messages fail,
     * only they roll back and are written after the commit instead; the change never fails for them.
     * Hand the answer to `deliver` after the commit.
     */
    async logAllIn(
      trx: Transaction<Database>,
      messages: NewMessage[],
      events: Array<{ to: number; event: LiveEvent }> = [],
    ): Promise<Logged> {
      try {
        return { stored: await inSavepoint(trx, 'messages', () => logRows(trx, messages, events)) }
      } catch (err) {
        console.error('[message] messages not written with the change, after it instead', err)
        return { retry: { messages, events } }
      }
    },

    /** After the commit: hands logged events on, or writes what could not be logged one by one. */
    async deliver(logged: Logged) {
      if ('retry' in logged) {
        for (const m of logged.retry.messages) {
          try {
            await this.create(m.to, m)
          } catch (err) {
            console.error('[message] message not written', err)
          }
        }
        for (const e of logged.retry.events) {
          try {
            await deps.bus?.publish(e.to, e.event)
          } catch (err) {
            console.error('[message] live event not published', err)
          }
        }
        return
      }
      for (const { to, stored } of logged.stored) {
        try {
          await deps.bus!.emit(to, stored)
        } catch (err) {
          console.error('[message] live event not handed on', err)
        }
      }
    },

    /** Admin: send an in-site message to a user by user name. */
    async send(body: SendWebMessageBody): Promise<number> {
      if (!deps.users) throw new Error('the users lookup is not wired')
      const userId = await deps.users.userIdByName(body.userName.trim())
      if (userId === null) throw badRequest('用户不存在')
      return this.create(userId, body)
    },

    /** The caller's messages as a CSV export (download it with its fileName). */
    async exportCsv(userId: number): Promise<ExportResult> {
      if (!deps.exports) throw new Error('the exports service is not wired')
      const rows = await repo.listForExport(userId, 10_000)
      return deps.exports.createCsv(
        userId,
        '站内信',
        ['编号', '标题', '内容', '类型', '状态', '时间'],
        rows.map((row) => [
          row.id,
          row.title,
          row.content,
          TYPE_LABELS[row.message_type] ?? row.message_type,
          row.is_read === 1 ? '已读' : '未读',
          chinaDateTime(row.created_at),
        ]),
      )
    },
  }
}

export type MessageService = ReturnType<typeof messageService>
