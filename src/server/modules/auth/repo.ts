/** SQL of the auth module: users, roles, permissions, tokens, login failures, captchas. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import type { UsersTable } from './tables'
import type { Insertable } from 'kysely'

const findTokenQuery = prepared((db: Db, tokenHash: string) =>
  db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .select(['user_tokens.user_id', 'user_tokens.expires_at', 'users.status', 'users.must_change_password'])
    .where('user_tokens.token_hash', '=', tokenHash),
)

export function authRepo(db: Db) {
  return {
    /** User names are unique whatever their case (index users_user_name_ci): BUYER finds buyer. */
    findUserByName(userName: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(user_name)`, '=', userName.toLowerCase())
        .executeTakeFirst()
    },

    /** a system account by its exact name (agency's commission account: service.ts, systemAccount) */
    userIdByExactName(userName: string) {
      return db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst()
    },

    findUserById(userId: number) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    },

    namesOf(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('users')
        .select(['id', 'nick_name', 'user_name'])
        .where('id', 'in', userIds)
        .execute()
    },

    async setAvatar(userId: number, avatar: string, now: number) {
      await db.updateTable('users').set({ avatar, updated_at: now }).where('id', '=', userId).execute()
    },

    async insertUser(user: Insertable<UsersTable>): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()
      return row.id
    },

    async addRole(userId: number, roleKey: string) {
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('role_key', '=', roleKey)
        .executeTakeFirstOrThrow()
      await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute()
    },

    async roleKeys(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('roles.role_key')
        .where('user_roles.user_id', '=', userId)
        .where('roles.status', '=', '0')
        .orderBy('roles.sort')
        .execute()
      return rows.map((r) => r.role_key)
    },

    /** The users holding a role (e.g. every staff member, to notify them). */
    async userIdsWithRole(roleKey: string): Promise<number[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('user_roles.user_id')
        .where('roles.role_key', '=', roleKey)
        .execute()
      return rows.map((r) => r.user_id)
    },

    async permissions(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('role_permissions')
        .innerJoin('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
        .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
        .select('role_permissions.permission')
        .distinct()
        .where('user_roles.user_id', '=', userId)
        .where('roles.status', '=', '0')
        .orderBy('role_permissions.permission')
        .execute()
      return rows.map((r) => r.permission)
    },

    async recordLogin(userId: number, now: number) {
      await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute()
    },

    async insertToken(token: {
      tokenHash: string
      userId: number
      now: number
      expiresAt: number
      ip: string
      userAgent: string
    }) {
      await db
        .insertInto('user_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          created_at: token.now,
          expires_at: token.expiresAt,
          ip: token.ip,
          user_agent: token.userAgent,
        })
        .execute()
    },

    /** every request with a session runs this: compiled once (db/prepared.ts) */
    findToken: (tokenHash: string) => findTokenQuery.first(db, tokenHash),

    async deleteToken(tokenHash: string) {
      await db.deleteFrom('user_tokens').where('token_hash', '=', tokenHash).execute()
    },

    /** The live sessions of a user, newest first (login devices). */
    tokensOf(userId: number, now: number) {
      return db
        .selectFrom('user_tokens')
        .select(['token_hash', 'created_at', 'expires_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .execute()
    },

    /** Ends every session of a user except `keepHash` (null: all of them); answers how many ended. */
    async deleteTokensOfUser(userId: number, keepHash: string | null): Promise<number> {
      let q = db.deleteFrom('user_tokens').where('user_id', '=', userId)
      if (keepHash) q = q.where('token_hash', '!=', keepHash)
      const res = await q.executeTakeFirst()
      return Number(res.numDeletedRows)
    },

    findUserByPhone(phone: string) {
      return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst()
    },

    async updateUser(
      userId: number,
      patch: Partial<
        Pick<UsersTable, 'nick_name' | 'avatar' | 'phone' | 'email' | 'password_hash' | 'status'>
      > & { must_change_password?: number },
      now: number,
    ) {
      await db
        .updateTable('users')
        .set({ ...patch, updated_at: now })
        .where('id', '=', userId)
        .execute()
    },

    async deleteExpiredTokens(now: number) {
      await db.deleteFrom('user_tokens').where('expires_at', '<=', now).execute()
    },

    /** Times of the latest failures of a username (any letter case counts as one), newest first. */
    async latestFailures(userName: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('login_failures')
        .select('at')
        .where('user_name', '=', userName.toLowerCase())
        .orderBy('at', 'desc')
        .limit(limit)
        .execute()
      return rows.map((r) => r.at)
    },

    /** Records a failure and forgets all failures older than `forgetBefore`. */
    async addFailure(userName: string, ip: string, now: number, forgetBefore: number) {
      await db.deleteFrom('login_failures').where('at', '<', forgetBefore).execute()
      await db
        .insertInto('login_failures')
        .values({ user_name: userName.toLowerCase(), at: now, ip })
        .execute()
    },

    async clearFailures(userName: string) {
      await db.deleteFrom('login_failures').where('user_name', '=', userName.toLowerCase()).execute()
    },

    async insertCaptcha(uuid: string, answerHash: string, expiresAt: number, now: number) {
      await db.deleteFrom('captchas').where('expires_at', '<=', now).execute()
      await db
        .insertInto('captchas')
        .values({ uuid, answer_hash: answerHash, expires_at: expiresAt })
        .execute()
    },

    /** Deletes the captcha and returns it: each captcha is checked at most once. */
    takeCaptcha(uuid: string) {
      return db
        .deleteFrom('captchas')
        .where('uuid', '=', uuid)
        .returning(['answer_hash', 'expires_at'])
        .executeTakeFirst()
    },
  }
}
