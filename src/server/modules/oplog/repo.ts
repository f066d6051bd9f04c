/** SQL of the oplog module: the operation log, the login log, console settings. */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { LoginLogsTable, OpLogsTable } from './tables'

export interface LogFilter {
  pageNum?: number
  pageSize?: number
  userName?: string
  module?: string
  target?: string
  ip?: string
  status?: string
  beginTime?: number
  endTime?: number
}

/** a contains-match; the wildcard characters of the input are dropped (no ESCAPE clause needed) */
const like = (value: string) => `%${value.replace(/[%_\\]/g, '')}%`

export function oplogRepo(db: Db) {
  return {
    /** The staff member's name, read in the same transaction as the change that is logged. */
    async userName(userId: number): Promise<string> {
      const row = await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst()
      return row?.user_name ?? `#${userId}`
    },
    async insert(row: Insertable<OpLogsTable>) {
      await db.insertInto('op_logs').values(row).execute()
    },
    async insertLogin(row: Insertable<LoginLogsTable>) {
      await db.insertInto('login_logs').values(row).execute()
    },
    async opLogs(f: LogFilter) {
      let q = db.selectFrom('op_logs')
      if (f.userName) q = q.where('user_name', 'like', like(f.userName))
      if (f.module) q = q.where('module', '=', f.module)
      if (f.target) q = q.where('target', '=', f.target)
      if (f.status) q = q.where('status', '=', f.status)
      if (f.beginTime !== undefined) q = q.where('created_at', '>=', f.beginTime)
      if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime)
      return fetchPage(q.selectAll().orderBy('id', 'desc'), f)
    },
    async loginLogs(f: LogFilter) {
      let q = db.selectFrom('login_logs')
      if (f.userName) q = q.where('user_name', 'like', like(f.userName))
      if (f.ip) q = q.where('ip', '=', f.ip)
      if (f.status) q = q.where('status', '=', f.status)
      if (f.beginTime !== undefined) q = q.where('created_at', '>=', f.beginTime)
      if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime)
      return fetchPage(q.selectAll().orderBy('id', 'desc'), f)
    },
    async settings(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('console_settings')
        .select('settings')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row?.settings
    },
    async saveSettings(userId: number, settings: string, at: number) {
      await db
        .insertInto('console_settings')
        .values({ user_id: userId, settings, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at: at }))
        .execute()
    },
  }
}
