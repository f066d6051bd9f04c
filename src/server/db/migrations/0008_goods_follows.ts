import type { MigrationFactory } from './helpers'

/** Followed listings, with the price at the time of following (the follow list shows the change). */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('goods_follows')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('goods_id', 'integer', (col) => col.notNull().references('goods.id').onDelete('cascade'))
      .addColumn('price_at_follow', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('goods_follows_pk', ['user_id', 'goods_id'])
      .execute()
    await db.schema
      .createIndex('goods_follows_user_idx')
      .on('goods_follows')
      .columns(['user_id', 'created_at'])
      .execute()
    await db.schema.createIndex('goods_follows_goods_idx').on('goods_follows').column('goods_id').execute()
  },
})

export default migration
