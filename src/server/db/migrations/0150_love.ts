import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * 公会助力 (docs/platform-pages.md): activities, their guilds, and the supports users give. The
 * unique indexes are the rules' last word when two supports race: one support per user, guild and
 * China day; and numbered daily slots (1…N) per user and activity, so two supports cannot take the
 * same place in the daily quota.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'love_activities', dialect)
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('start_at', 'bigint', (col) => col.notNull())
      .addColumn('end_at', 'bigint', (col) => col.notNull())
      .addColumn('rules', 'text', (col) => col.notNull())
      /** JSON array of prize lines */
      .addColumn('prizes', 'text', (col) => col.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('love_activities_time_idx')
      .on('love_activities')
      .columns(['start_at', 'end_at'])
      .execute()

    await createTableWithId(db, 'love_guilds', dialect)
      .addColumn('activity_id', 'integer', (col) =>
        col.notNull().references('love_activities.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('game_id', 'integer', (col) => col.notNull())
      .addColumn('server_name', 'text', (col) => col.notNull())
      .addColumn('logo_image_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('love_guilds_activity_idx')
      .on('love_guilds')
      .columns(['activity_id'])
      .execute()

    await createTableWithId(db, 'love_supports', dialect)
      .addColumn('activity_id', 'integer', (col) => col.notNull())
      .addColumn('guild_id', 'integer', (col) => col.notNull().references('love_guilds.id'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ip', 'text', (col) => col.notNull())
      /** start of the China day (UTC+8) of the support, epoch ms */
      .addColumn('day', 'bigint', (col) => col.notNull())
      /** the support's place in the user's daily quota of the activity, 1…N */
      .addColumn('slot', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('voided', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('void_reason', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('voided_by', 'integer')
      .addColumn('voided_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('love_supports_guild_user_day_uq')
      .on('love_supports')
      .columns(['guild_id', 'user_id', 'day'])
      .unique()
      .execute()
    await db.schema
      .createIndex('love_supports_slot_uq')
      .on('love_supports')
      .columns(['activity_id', 'user_id', 'day', 'slot'])
      .unique()
      .execute()
    await db.schema
      .createIndex('love_supports_ip_idx')
      .on('love_supports')
      .columns(['activity_id', 'ip', 'day'])
      .execute()
    await db.schema
      .createIndex('love_supports_board_idx')
      .on('love_supports')
      .columns(['activity_id', 'voided', 'guild_id'])
      .execute()
  },
})

export default migration
