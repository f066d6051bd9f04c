import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/** Menus (getRouters) with their role visibility, dictionaries and system parameters. */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'menus', dialect)
      .addColumn('parent_id', 'integer', (col) => col.references('menus.id').onDelete('cascade'))
      .addColumn('menu_name', 'text', (col) => col.notNull())
      .addColumn('menu_type', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('component', 'text')
      .addColumn('icon', 'text', (col) => col.notNull())
      .addColumn('order_num', 'integer', (col) => col.notNull())
      .addColumn('hidden', 'integer', (col) => col.notNull())
      .addColumn('no_cache', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .execute()

    await db.schema
      .createTable('role_menus')
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('menu_id', 'integer', (col) => col.notNull().references('menus.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
      .execute()

    await createTableWithId(db, 'dict_data', dialect)
      .addColumn('dict_type', 'text', (col) => col.notNull())
      .addColumn('dict_label', 'text', (col) => col.notNull())
      .addColumn('dict_value', 'text', (col) => col.notNull())
      .addColumn('dict_sort', 'integer', (col) => col.notNull())
      .addColumn('list_class', 'text', (col) => col.notNull())
      .addColumn('css_class', 'text', (col) => col.notNull())
      .addColumn('is_default', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addUniqueConstraint('dict_data_type_value_uq', ['dict_type', 'dict_value'])
      .execute()

    await createTableWithId(db, 'sys_config', dialect)
      .addColumn('config_key', 'text', (col) => col.notNull().unique())
      .addColumn('config_value', 'text', (col) => col.notNull())
      .addColumn('config_name', 'text', (col) => col.notNull())
      .execute()
  },
})

export default migration
