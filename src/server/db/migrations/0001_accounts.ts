import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/** Users, roles, permissions, login tokens, login failures (lockout) and captchas. */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'users', dialect)
      .addColumn('user_name', 'text', (col) => col.notNull().unique())
      .addColumn('nick_name', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('avatar', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('user_code', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('last_login_at', 'bigint')
      .execute()

    await createTableWithId(db, 'roles', dialect)
      .addColumn('role_key', 'text', (col) => col.notNull().unique())
      .addColumn('role_name', 'text', (col) => col.notNull())
      .addColumn('sort', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .execute()

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute()

    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (col) => col.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .execute()

    await db.schema
      .createTable('user_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').column('user_id').execute()
    await db.schema.createIndex('user_tokens_expires_idx').on('user_tokens').column('expires_at').execute()

    await createTableWithId(db, 'login_failures', dialect)
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('login_failures_user_idx')
      .on('login_failures')
      .columns(['user_name', 'at'])
      .execute()
    await db.schema.createIndex('login_failures_at_idx').on('login_failures').column('at').execute()

    await db.schema
      .createTable('captchas')
      .addColumn('uuid', 'text', (col) => col.primaryKey())
      .addColumn('answer_hash', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute()
  },
})

export default migration
