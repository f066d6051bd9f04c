/** SQL of the `cs_contacts` and `cs_verify_logs` tables (customer-service verification). */
import { sql, type Insertable, type Updateable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { CsContactListQuery } from '../../../shared/api/cs-verify'
import type { CsContactsTable, CsVerifyLogsTable } from './tables'

export function csVerifyRepo(db: Db) {
  return {
    findContact(channel: string, value: string) {
      return db
        .selectFrom('cs_contacts')
        .selectAll()
        .where('channel', '=', channel)
        .where('value', '=', value)
        .executeTakeFirst()
    },
    contactById(id: number) {
      return db.selectFrom('cs_contacts').selectAll().where('id', '=', id).executeTakeFirst()
    },
    async insertContact(row: Insertable<CsContactsTable>) {
      const { id } = await db.insertInto('cs_contacts').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(id)
    },
    async updateContact(id: number, set: Updateable<CsContactsTable>) {
      await db.updateTable('cs_contacts').set(set).where('id', '=', id).execute()
    },
    pageContacts(filter: CsContactListQuery) {
      let query = db.selectFrom('cs_contacts').selectAll().orderBy('status').orderBy('id', 'desc')
      if (filter.channel) query = query.where('channel', '=', filter.channel)
      if (filter.status) query = query.where('status', '=', filter.status)
      const keyword = filter.keyword?.trim().toLowerCase()
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`
        query = query.where(
          sql<boolean>`(value like ${like} escape '\\' or lower(staff_name) like ${like} escape '\\')`,
        )
      }
      return fetchPage(query, filter)
    },
    async log(row: Insertable<CsVerifyLogsTable>) {
      await db.insertInto('cs_verify_logs').values(row).execute()
    },
    /** Unknown contacts asked about most since `since`. */
    topUnknown(since: number, limit: number) {
      return db
        .selectFrom('cs_verify_logs')
        .select((eb) => [
          'channel',
          'value',
          eb.fn.countAll<number | string>().as('checks'),
          eb.fn.count<number | string>('ip').distinct().as('visitors'),
          eb.fn.max('created_at').as('last_at'),
        ])
        .where('verdict', '=', 'UNKNOWN')
        .where('created_at', '>=', since)
        .groupBy(['channel', 'value'])
        .orderBy('checks', 'desc')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute()
    },
  }
}
