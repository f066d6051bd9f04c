/** SQL of the system module: dictionaries, parameters, menus. */
import type { Db } from '../../db'

export function systemRepo(db: Db) {
  return {
    dictData(dictType: string) {
      return db
        .selectFrom('dict_data')
        .selectAll()
        .where('dict_type', '=', dictType)
        .where('status', '=', '0')
        .orderBy('dict_sort')
        .orderBy('id')
        .execute()
    },

    async configValue(configKey: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sys_config')
        .select('config_value')
        .where('config_key', '=', configKey)
        .executeTakeFirst()
      return row?.config_value
    },

    async setConfigValue(configKey: string, configValue: string) {
      await db
        .updateTable('sys_config')
        .set({ config_value: configValue })
        .where('config_key', '=', configKey)
        .execute()
    },

    /** Enabled menus, all of them (`roleKeys` null) or those granted to one of the (non-empty) roles. */
    menus(roleKeys: string[] | null) {
      let query = db.selectFrom('menus').selectAll().where('status', '=', '0')
      if (roleKeys) {
        query = query.where('id', 'in', (eb) =>
          eb
            .selectFrom('role_menus')
            .innerJoin('roles', 'roles.id', 'role_menus.role_id')
            .select('role_menus.menu_id')
            .where('roles.role_key', 'in', roleKeys),
        )
      }
      return query.orderBy('order_num').orderBy('id').execute()
    },
  }
}
