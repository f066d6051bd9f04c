import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * The staff console (docs/console.md): the operation log and the login log, each staff member's
 * console settings, staff notes on orders; menu columns for the run-time routes (permission string,
 * activeMenu, affix, redirect); a user's lock reason and forced password change; a role's remark.
 * Columns are only added, never renamed, so older seed rows keep working.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'op_logs', dialect)
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('module', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('op_logs_created_idx').on('op_logs').column('created_at').execute()
    await db.schema.createIndex('op_logs_user_idx').on('op_logs').columns(['user_id', 'created_at']).execute()
    await db.schema.createIndex('op_logs_target_idx').on('op_logs').columns(['module', 'target']).execute()

    await createTableWithId(db, 'login_logs', dialect)
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('msg', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('login_logs_created_idx').on('login_logs').column('created_at').execute()
    await db.schema
      .createIndex('login_logs_user_idx')
      .on('login_logs')
      .columns(['user_name', 'created_at'])
      .execute()

    await db.schema
      .createTable('console_settings')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'order_staff_notes', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'integer', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('order_staff_notes_order_idx')
      .on('order_staff_notes')
      .columns(['order_no', 'created_at'])
      .execute()

    await db.schema.alterTable('menus').addColumn('perms', 'text').execute()
    await db.schema.alterTable('menus').addColumn('active_menu', 'text').execute()
    await db.schema.alterTable('menus').addColumn('redirect', 'text').execute()
    await db.schema
      .alterTable('menus')
      .addColumn('affix', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()

    await db.schema.alterTable('users').addColumn('lock_reason', 'text').execute()
    await db.schema
      .alterTable('users')
      .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('roles')
      .addColumn('remark', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
  },
})

export default migration
