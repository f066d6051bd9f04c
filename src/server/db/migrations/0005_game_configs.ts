import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * Per-game listing configs (goods types, attribute fields, transfer fields) and the catalogue's
 * parameters in sys_config, present in every database (not only demo ones) so staff can change them.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('game_configs')
      .addColumn('game_id', 'integer', (col) => col.primaryKey().references('games.id').onDelete('cascade'))
      .addColumn('goods_types', 'text', (col) => col.notNull())
      .addColumn('transfer_fields', 'text', (col) => col.notNull())
      .addColumn('protection_days', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()

    const params: Array<[string, string, string]> = [
      ['goods.autoApprove', 'true', '商品-发布后自动审核通过'],
      ['goods.push.dailyQuota', '5', '商品推送-每位卖家每日次数'],
      ['goods.push.hourOptions', '2,6,12,24', '商品推送-可选时长（小时）'],
    ]
    for (const [key, value, name] of params) {
      await sql`insert into sys_config (config_key, config_value, config_name) values (${key}, ${value}, ${name})`.execute(
        db,
      )
    }
  },
})

export default migration
