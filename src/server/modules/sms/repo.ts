/** SQL of the SMS module: one-time codes and the sandbox inbox. */
import { sql } from 'kysely'
import type { Db } from '../../db'

export function smsRepo(db: Db) {
  return {
    async latestAt(phone: string, purpose: string): Promise<number | null> {
      const row = await db
        .selectFrom('sms_codes')
        .select('created_at')
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row ? Number(row.created_at) : null
    },

    async countSince(column: 'phone' | 'ip', value: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('sms_codes')
        .select(sql<number>`count(*)`.as('n'))
        .where(column, '=', value)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** A new code; the earlier live codes of the same phone and purpose stop working. */
    async insert(code: {
      phone: string
      purpose: string
      codeHash: string
      ip: string
      at: number
      expiresAt: number
    }) {
      await db
        .updateTable('sms_codes')
        .set({ voided: 1 })
        .where('phone', '=', code.phone)
        .where('purpose', '=', code.purpose)
        .where('used_at', 'is', null)
        .where('voided', '=', 0)
        .execute()
      await db
        .insertInto('sms_codes')
        .values({
          phone: code.phone,
          purpose: code.purpose,
          code_hash: code.codeHash,
          ip: code.ip,
          created_at: code.at,
          expires_at: code.expiresAt,
          attempts: 0,
          used_at: null,
          voided: 0,
        })
        .execute()
    },

    /** The newest code of a phone and purpose (live or not). */
    latest(phone: string, purpose: string) {
      return db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** Counts a wrong answer; voids the code at `max`. Answers the attempts so far. */
    async addAttempt(id: number, max: number): Promise<number> {
      await db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute()
      const row = await db
        .selectFrom('sms_codes')
        .select('attempts')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      if (row.attempts >= max)
        await db.updateTable('sms_codes').set({ voided: 1 }).where('id', '=', id).execute()
      return row.attempts
    },

    /** Marks a live code used; false when another request used it first. */
    async use(id: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('sms_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('voided', '=', 0)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    async addInbox(phone: string, content: string, at: number) {
      await db.insertInto('sms_sandbox_inbox').values({ phone, content, created_at: at }).execute()
    },

    inbox(phone: string | undefined, limit: number) {
      let q = db.selectFrom('sms_sandbox_inbox').selectAll().orderBy('id', 'desc').limit(limit)
      if (phone) q = q.where('phone', '=', phone)
      return q.execute()
    },
  }
}
