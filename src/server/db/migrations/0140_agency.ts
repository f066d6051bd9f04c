import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Agency sale (代售, docs/agency-sale.md): the owners' applications with their encrypted credentials
 * and 验号 results, each application's timeline, and the listing's link to its application (a listing
 * with one is 官方代售).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'agency_applications', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull())
      .addColumn('platform', 'text')
      .addColumn('area_id', 'integer')
      .addColumn('server_id', 'integer')
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('attrs', 'text', (col) => col.notNull())
      .addColumn('image_ids', 'text', (col) => col.notNull())
      .addColumn('asking_price', 'bigint', (col) => col.notNull())
      .addColumn('negotiable', 'integer', (col) => col.notNull())
      .addColumn('floor_price', 'bigint')
      .addColumn('credentials_enc', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('reject_reason', 'text', (col) => col.notNull())
      .addColumn('checks', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('listed_price', 'bigint')
      .addColumn('goods_id', 'integer')
      .addColumn('order_no', 'text')
      .addColumn('commission', 'bigint')
      .addColumn('net_amount', 'bigint')
      .addColumn('settled_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('agency_applications_user_idx')
      .on('agency_applications')
      .columns(['user_id', 'status'])
      .execute()
    await db.schema
      .createIndex('agency_applications_status_idx')
      .on('agency_applications')
      .columns(['status', 'created_at'])
      .execute()
    await db.schema
      .createIndex('agency_applications_goods_idx')
      .on('agency_applications')
      .columns(['goods_id'])
      .execute()

    await createTableWithId(db, 'agency_events', dialect)
      .addColumn('application_id', 'integer', (col) =>
        col.notNull().references('agency_applications.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('detail', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('agency_events_app_idx')
      .on('agency_events')
      .columns(['application_id'])
      .execute()

    await db.schema.alterTable('goods').addColumn('agency_application_id', 'integer').execute()
  },
})

export default migration
