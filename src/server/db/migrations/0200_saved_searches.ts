import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Saved searches with alerts (docs/saved-searches.md): the searches (indexed by game, the key
 * matching loads them by), the queue of listings that went on sale or got cheaper (written in the
 * listing's transaction, matched by the sweeper after it), and the matches waiting for their alert.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'saved_searches', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('query', 'text', (col) => col.notNull())
      .addColumn('game_id', 'integer')
      .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('new_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_alert_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').column('user_id').execute()
    await db.schema
      .createIndex('saved_searches_game_idx')
      .on('saved_searches')
      .columns(['game_id', 'paused'])
      .execute()

    await createTableWithId(db, 'saved_search_queue', dialect)
      .addColumn('goods_id', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'saved_search_matches', dialect)
      .addColumn('saved_search_id', 'integer', (col) =>
        col.notNull().references('saved_searches.id').onDelete('cascade'),
      )
      .addColumn('goods_id', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('price', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('alerted_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('saved_search_matches_pending_idx')
      .on('saved_search_matches')
      .columns(['saved_search_id', 'alerted_at'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('saved_search_matches').execute()
    await db.schema.dropTable('saved_search_queue').execute()
    await db.schema.dropTable('saved_searches').execute()
  },
})

export default migration
