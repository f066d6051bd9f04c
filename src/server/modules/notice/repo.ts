/** SQL of the notice module. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { NoticeStaffListQuery, NoticeQuery } from '../../../shared/api'
import type { NoticesTable } from './tables'
import type { Insertable, Updateable } from 'kysely'

export type NoticeFilter = NoticeQuery

export function noticeRepo(db: Db) {
  return {
    /** Published notices without their content, newest first. */
    page(filter: NoticeFilter) {
      let query = db
        .selectFrom('notices')
        .select(['id', 'notice_type', 'title', 'game_id', 'created_at'])
        .where('status', '=', '0')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
      if (filter.noticeType) query = query.where('notice_type', '=', filter.noticeType)
      if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId)
      else if (filter.withGame) query = query.where('game_id', 'is not', null)
      // game guides belong to the walkthrough page, not to the site's notice list
      else query = query.where('game_id', 'is', null)
      const keyword = filter.keyword?.trim()
      if (keyword) {
        const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`
        query = query.where(sql<boolean>`title like ${pattern} escape '\\'`)
      }
      return fetchPage(query, filter)
    },

    find(noticeId: number) {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', noticeId)
        .where('status', '=', '0')
        .executeTakeFirst()
    },

    /** Staff: every notice, drafts too, newest change first. */
    staffPage(filter: NoticeStaffListQuery) {
      let query = db
        .selectFrom('notices')
        .select([
          'id',
          'notice_type',
          'title',
          'game_id',
          'status',
          'content_format',
          'created_at',
          'updated_at',
        ])
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
      if (filter.noticeType) query = query.where('notice_type', '=', filter.noticeType)
      if (filter.status) query = query.where('status', '=', filter.status)
      if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId)
      const keyword = filter.keyword?.trim()
      if (keyword) {
        const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`
        query = query.where(sql<boolean>`title like ${pattern} escape '\\'`)
      }
      return fetchPage(query, filter)
    },

    /** Staff: any notice, published or not. */
    findAny(noticeId: number) {
      return db.selectFrom('notices').selectAll().where('id', '=', noticeId).executeTakeFirst()
    },

    async nextId(): Promise<number> {
      const row = await db
        .selectFrom('notices')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst()
      return Number(row?.max ?? 0) + 1
    },

    insert(row: Insertable<NoticesTable>) {
      return db.insertInto('notices').values(row).execute()
    },

    update(noticeId: number, change: Updateable<NoticesTable>) {
      return db.updateTable('notices').set(change).where('id', '=', noticeId).execute()
    },

    remove(noticeId: number) {
      return db.deleteFrom('notices').where('id', '=', noticeId).execute()
    },
  }
}
