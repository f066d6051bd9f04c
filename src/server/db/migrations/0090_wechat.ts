import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * The WeChat official account (docs/wechat.md): bindings (one identity per account and one account
 * per identity), the user's switches, temporary QR scenes, the outbox of template messages (one row
 * per event and user: the unique idem_key) and the sandbox provider's inbox.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('wechat_bindings')
      .addColumn('user_id', 'integer', (col) => col.primaryKey())
      .addColumn('openid', 'text', (col) => col.notNull().unique())
      .addColumn('nickname', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('wechat_prefs')
      .addColumn('user_id', 'integer', (col) => col.primaryKey())
      .addColumn('is_send', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('disabled', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await createTableWithId(db, 'wechat_scenes', dialect)
      .addColumn('scene_str', 'text', (col) => col.notNull().unique())
      .addColumn('poll_hash', 'text', (col) => col.notNull().unique())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('openid', 'text')
      .addColumn('nickname', 'text')
      .addColumn('reason', 'text')
      .addColumn('ticket_hash', 'text', (col) => col.unique())
      .addColumn('ticket_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addCheckConstraint('wechat_scenes_purpose_check', sql`purpose in ('LOGIN', 'BIND')`)
      .addCheckConstraint(
        'wechat_scenes_status_check',
        sql`status in ('WAITING', 'SCANNED', 'BOUND', 'FAILED', 'USED')`,
      )
      .execute()
    await db.schema
      .createIndex('wechat_scenes_expires_idx')
      .on('wechat_scenes')
      .column('expires_at')
      .execute()
    await createTableWithId(db, 'wechat_outbox', dialect)
      .addColumn('idem_key', 'text', (col) => col.notNull().unique())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('template_key', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (col) => col.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .addCheckConstraint(
        'wechat_outbox_status_check',
        sql`status in ('PENDING', 'SENDING', 'SENT', 'FAILED')`,
      )
      .execute()
    await db.schema
      .createIndex('wechat_outbox_due_idx')
      .on('wechat_outbox')
      .columns(['status', 'next_at'])
      .execute()
    await createTableWithId(db, 'wechat_sandbox_inbox', dialect)
      .addColumn('openid', 'text', (col) => col.notNull())
      .addColumn('template_key', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
  },
})
export default migration
