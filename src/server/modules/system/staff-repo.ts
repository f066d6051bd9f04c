/** SQL of console 参数设置 and 字典管理: every parameter and every dictionary entry, disabled ones too. */
import { sql, type Updateable } from 'kysely'
import type { Db } from '../../db'
import type { DictDataTable } from './tables'

export function systemStaffRepo(db: Db) {
  return {
    configs() {
      return db.selectFrom('sys_config').selectAll().orderBy('id').execute()
    },
    config(configKey: string) {
      return db.selectFrom('sys_config').selectAll().where('config_key', '=', configKey).executeTakeFirst()
    },
    async setConfig(id: number, configValue: string) {
      await db.updateTable('sys_config').set({ config_value: configValue }).where('id', '=', id).execute()
    },

    dictTypes() {
      return db
        .selectFrom('dict_data')
        .select([
          'dict_type',
          sql<number>`count(*)`.as('entries'),
          sql<number>`sum(case when status = '0' then 1 else 0 end)`.as('enabled'),
        ])
        .groupBy('dict_type')
        .orderBy('dict_type')
        .execute()
    },
    entries(dictType: string) {
      return db
        .selectFrom('dict_data')
        .selectAll()
        .where('dict_type', '=', dictType)
        .orderBy('dict_sort')
        .orderBy('id')
        .execute()
    },
    entry(id: number) {
      return db.selectFrom('dict_data').selectAll().where('id', '=', id).executeTakeFirst()
    },
    entryByValue(dictType: string, dictValue: string) {
      return db
        .selectFrom('dict_data')
        .select('id')
        .where('dict_type', '=', dictType)
        .where('dict_value', '=', dictValue)
        .executeTakeFirst()
    },
    async insertEntry(row: Omit<DictDataTable, 'id' | 'builtin'> & { builtin: number }): Promise<number> {
      const r = await db.insertInto('dict_data').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(r.id)
    },
    async updateEntry(id: number, patch: Updateable<DictDataTable>) {
      await db.updateTable('dict_data').set(patch).where('id', '=', id).execute()
    },
    async deleteEntry(id: number) {
      await db.deleteFrom('dict_data').where('id', '=', id).where('builtin', '=', 0).execute()
    },
  }
}
