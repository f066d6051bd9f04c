import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/** Games and their areas (大区) and servers, one self-referencing table. */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'games', dialect)
      .addColumn('name_cn', 'text', (col) => col.notNull())
      .addColumn('name_en', 'text', (col) => col.notNull())
      .addColumn('initial', 'text', (col) => col.notNull())
      .addColumn('icon', 'text', (col) => col.notNull())
      .addColumn('platforms', 'text', (col) => col.notNull())
      .addColumn('hot', 'integer', (col) => col.notNull())
      .addColumn('sort', 'integer', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'game_servers', dialect)
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.references('game_servers.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('platform', 'text')
      .addColumn('sort', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('game_servers_game_idx')
      .on('game_servers')
      .columns(['game_id', 'parent_id'])
      .execute()
    await db.schema.createIndex('game_servers_parent_idx').on('game_servers').column('parent_id').execute()
  },
})

export default migration
