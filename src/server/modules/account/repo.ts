/** SQL of the account module: security log, real names and their reviews, tickets, cancellations, profiles. */
import { sql } from 'kysely'
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { RealNameReviewsTable, RealNamesTable } from './tables'

export function accountRepo(db: Db) {
  return {
    async addLog(row: { userId: number; action: string; detail: string; ip: string; at: number }) {
      await db
        .insertInto('security_logs')
        .values({
          user_id: row.userId,
          action: row.action,
          detail: row.detail,
          ip: row.ip,
          created_at: row.at,
        })
        .execute()
    },

    async logPage(userId: number, pageNum: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('security_logs')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db
          .selectFrom('security_logs')
          .select(sql<number>`count(*)`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(total.n) }
    },

    realName: (userId: number) =>
      db.selectFrom('real_names').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    async upsertRealName(row: RealNamesTable) {
      await db.deleteFrom('real_names').where('user_id', '=', row.user_id).execute()
      await db.insertInto('real_names').values(row).execute()
    },

    async deleteRealName(userId: number) {
      await db.deleteFrom('real_names').where('user_id', '=', userId).execute()
    },

    async insertReview(row: Insertable<RealNameReviewsTable>) {
      await db.insertInto('real_name_reviews').values(row).execute()
    },

    pendingReviewOf: (userId: number) =>
      db
        .selectFrom('real_name_reviews')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst(),

    latestReviewOf: (userId: number) =>
      db
        .selectFrom('real_name_reviews')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    review: (reviewId: number) =>
      db.selectFrom('real_name_reviews').selectAll().where('id', '=', reviewId).executeTakeFirst(),

    async reviewPage(status: string | undefined, pageNum: number, pageSize: number) {
      let q = db
        .selectFrom('real_name_reviews')
        .innerJoin('users', 'users.id', 'real_name_reviews.user_id')
        .selectAll('real_name_reviews')
        .select('users.user_name')
      let c = db.selectFrom('real_name_reviews').select(sql<number>`count(*)`.as('n'))
      if (status) {
        q = q.where('real_name_reviews.status', '=', status)
        c = c.where('status', '=', status)
      }
      const [rows, total] = await Promise.all([
        q
          .orderBy('real_name_reviews.id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        c.executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(total.n) }
    },

    /** Decides a pending review; false when it was no longer pending. */
    async decideReview(
      reviewId: number,
      status: 'APPROVED' | 'REJECTED',
      remark: string,
      by: number,
      at: number,
    ) {
      const res = await db
        .updateTable('real_name_reviews')
        .set({ status, remark, decided_by: by, decided_at: at })
        .where('id', '=', reviewId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    async deleteReviewsOf(userId: number) {
      await db.deleteFrom('real_name_reviews').where('user_id', '=', userId).execute()
    },

    async insertTicket(tokenHash: string, userId: number, purpose: string, expiresAt: number) {
      await db
        .insertInto('account_tickets')
        .values({ token_hash: tokenHash, user_id: userId, purpose, expires_at: expiresAt, used_at: null })
        .execute()
    },

    /** Uses a live ticket of the user and purpose once; false when unknown, expired or used. */
    async useTicket(tokenHash: string, userId: number, purpose: string, at: number): Promise<boolean> {
      const res = await db
        .updateTable('account_tickets')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    pendingWriteoff: (userId: number) =>
      db
        .selectFrom('writeoff_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst(),

    async insertWriteoff(userId: number, at: number, dueAt: number) {
      await db
        .insertInto('writeoff_requests')
        .values({ user_id: userId, status: 'PENDING', requested_at: at, due_at: dueAt, ended_at: null })
        .execute()
    },

    /** Ends a user's pending request (CANCELLED or DONE); false when none was pending. */
    async endWriteoff(userId: number, status: 'CANCELLED' | 'DONE', at: number): Promise<boolean> {
      const res = await db
        .updateTable('writeoff_requests')
        .set({ status, ended_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) > 0
    },

    dueWriteoffs: (at: number, limit: number) =>
      db
        .selectFrom('writeoff_requests')
        .select('user_id')
        .where('status', '=', 'PENDING')
        .where('due_at', '<=', at)
        .orderBy('id')
        .limit(limit)
        .execute(),

    profile: (userId: number) =>
      db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    async saveProfile(
      userId: number,
      patch: Partial<{ gender: string; qq: string; signature: string; email_verified: number }>,
    ) {
      const existing = await db
        .selectFrom('user_profiles')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (existing) await db.updateTable('user_profiles').set(patch).where('user_id', '=', userId).execute()
      else
        await db
          .insertInto('user_profiles')
          .values({ user_id: userId, gender: '2', qq: '', signature: '', email_verified: 0, ...patch })
          .execute()
    },

    async deleteProfile(userId: number) {
      await db.deleteFrom('user_profiles').where('user_id', '=', userId).execute()
    },
  }
}

export type AccountRepo = ReturnType<typeof accountRepo>
