/** SQL of the `exports` table: CSV files the server wrote for a user (see exports.ts). */
import type { Db } from '../../db'

export function exportsRepo(db: Db) {
  return {
    insert(row: {
      user_id: number
      file_name: string
      path: string
      created_at: number
      expires_at: number
    }) {
      return db.insertInto('exports').values(row).execute()
    },
    findOwn(userId: number, fileName: string) {
      return db
        .selectFrom('exports')
        .select(['id', 'file_name', 'path', 'expires_at'])
        .where('user_id', '=', userId)
        .where('file_name', '=', fileName)
        .executeTakeFirst()
    },
    expired(now: number, limit: number) {
      return db
        .selectFrom('exports')
        .select(['id', 'path'])
        .where('expires_at', '<=', now)
        .limit(limit)
        .execute()
    },
    remove(id: number) {
      return db.deleteFrom('exports').where('id', '=', id).execute()
    },
  }
}
