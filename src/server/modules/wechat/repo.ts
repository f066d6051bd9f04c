/** SQL of the WeChat module: bindings, switches, QR scenes, the template-message outbox. */
import type { Db } from '../../db'
import type { OutboxStatus, SceneStatus, WechatScenesTable } from './tables'
import type { Insertable } from 'kysely'

export function wechatRepo(db: Db) {
  return {
    bindingOf: (userId: number) =>
      db.selectFrom('wechat_bindings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    bindingByOpenid: (openid: string) =>
      db.selectFrom('wechat_bindings').selectAll().where('openid', '=', openid).executeTakeFirst(),
    async insertBinding(row: { user_id: number; openid: string; nickname: string; created_at: number }) {
      await db.insertInto('wechat_bindings').values(row).execute()
    },
    async deleteBinding(userId: number): Promise<boolean> {
      const r = await db.deleteFrom('wechat_bindings').where('user_id', '=', userId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },

    prefsOf: (userId: number) =>
      db.selectFrom('wechat_prefs').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    async savePrefs(userId: number, isSend: boolean, disabled: string[], now: number) {
      const values = { is_send: isSend ? 1 : 0, disabled: JSON.stringify(disabled), updated_at: now }
      await db
        .insertInto('wechat_prefs')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute()
    },

    async insertScene(row: Insertable<WechatScenesTable>) {
      await db.insertInto('wechat_scenes').values(row).execute()
    },
    sceneByStr: (sceneStr: string) =>
      db.selectFrom('wechat_scenes').selectAll().where('scene_str', '=', sceneStr).executeTakeFirst(),
    sceneByPoll: (pollHash: string) =>
      db.selectFrom('wechat_scenes').selectAll().where('poll_hash', '=', pollHash).executeTakeFirst(),
    sceneByTicket: (ticketHash: string) =>
      db.selectFrom('wechat_scenes').selectAll().where('ticket_hash', '=', ticketHash).executeTakeFirst(),
    /** Moves a scene on only from the state it was read in (single use); true when it moved. */
    async moveScene(
      id: number,
      from: SceneStatus,
      to: Partial<{
        status: SceneStatus
        openid: string
        nickname: string
        reason: string
        ticket_hash: string | null
        ticket_expires_at: number | null
      }>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('wechat_scenes')
        .set(to)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    /** Uses a /bind.html ticket up; true when this call took it. */
    async takeTicket(id: number, ticketHash: string): Promise<boolean> {
      const r = await db
        .updateTable('wechat_scenes')
        .set({ ticket_hash: null, ticket_expires_at: null })
        .where('id', '=', id)
        .where('ticket_hash', '=', ticketHash)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    async pruneScenes(before: number) {
      await db.deleteFrom('wechat_scenes').where('expires_at', '<', before).execute()
    },

    /** Queues a template message; false when the same event already queued it for this user. */
    async enqueue(row: {
      idem_key: string
      user_id: number
      template_key: string
      payload: string
      now: number
    }): Promise<boolean> {
      const r = await db
        .insertInto('wechat_outbox')
        .values({
          idem_key: row.idem_key,
          user_id: row.user_id,
          template_key: row.template_key as never,
          payload: row.payload,
          status: 'PENDING',
          attempts: 0,
          next_at: row.now,
          last_error: null,
          created_at: row.now,
          sent_at: null,
        })
        .onConflict((oc) => oc.column('idem_key').doNothing())
        .executeTakeFirst()
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
    },
    dueOutbox: (now: number, limit: number) =>
      db
        .selectFrom('wechat_outbox')
        .selectAll()
        .where('status', '=', 'PENDING')
        .where('next_at', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** Claims a due row for one send attempt (lease until `leaseUntil`); true when this call claimed it. */
    async claim(id: number, now: number, leaseUntil: number): Promise<boolean> {
      const row = await db
        .selectFrom('wechat_outbox')
        .select('attempts')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) return false
      const r = await db
        .updateTable('wechat_outbox')
        .set({ status: 'SENDING', attempts: row.attempts + 1, next_at: leaseUntil })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .where('attempts', '=', row.attempts)
        .where('next_at', '<=', now)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    async finish(
      id: number,
      to: { status: OutboxStatus; next_at?: number; last_error?: string | null; sent_at?: number },
    ) {
      await db
        .updateTable('wechat_outbox')
        .set(to)
        .where('id', '=', id)
        .where('status', '=', 'SENDING')
        .execute()
    },
    /** Sends interrupted mid-way (lease over): their result is unknown, so they are never tried again. */
    async abandonStale(now: number) {
      await db
        .updateTable('wechat_outbox')
        .set({ status: 'FAILED', last_error: '发送结果未知（发送中断），不再重发' })
        .where('status', '=', 'SENDING')
        .where('next_at', '<=', now)
        .execute()
    },
    outboxOf: (userId: number) =>
      db.selectFrom('wechat_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute(),

    sandboxInbox: (openid: string | null, limit: number) => {
      let q = db.selectFrom('wechat_sandbox_inbox').selectAll().orderBy('id', 'desc').limit(limit)
      if (openid) q = q.where('openid', '=', openid)
      return q.execute()
    },
  }
}

export type WechatRepo = ReturnType<typeof wechatRepo>
