import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Platform pages: official customer-service contacts and the log of verification look-ups
 * (docs/platform-pages.md), user feedback with staff replies (docs/platform-pages.md), and the game of a guide
 * notice (游戏攻略).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'cs_contacts', dialect)
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('staff_name', 'text', (col) => col.notNull())
      .addColumn('remark', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('retired_at', 'bigint')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('cs_contacts_channel_value_uq')
      .on('cs_contacts')
      .columns(['channel', 'value'])
      .unique()
      .execute()

    await createTableWithId(db, 'cs_verify_logs', dialect)
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('contact_id', 'integer')
      .addColumn('verdict', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('cs_verify_logs_verdict_idx')
      .on('cs_verify_logs')
      .columns(['verdict', 'created_at'])
      .execute()

    await createTableWithId(db, 'feedback', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('feedback_type', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('contact', 'text', (col) => col.notNull())
      /** JSON array of goods_images ids */
      .addColumn('image_ids', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('feedback_user_idx')
      .on('feedback')
      .columns(['user_id', 'created_at'])
      .execute()
    await db.schema
      .createIndex('feedback_status_idx')
      .on('feedback')
      .columns(['status', 'created_at'])
      .execute()

    await createTableWithId(db, 'feedback_replies', dialect)
      .addColumn('feedback_id', 'integer', (col) =>
        col.notNull().references('feedback.id').onDelete('cascade'),
      )
      .addColumn('staff_id', 'integer', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('feedback_replies_idx')
      .on('feedback_replies')
      .columns(['feedback_id'])
      .execute()

    await db.schema.alterTable('notices').addColumn('game_id', 'integer').execute()
    await db.schema.createIndex('notices_game_idx').on('notices').columns(['game_id', 'created_at']).execute()
  },
})

export default migration
