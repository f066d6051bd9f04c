import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Listings, their descriptions and images, and the search structures:
 * - composite indexes per sort (综合 = push_at desc, id desc; price; newest = id desc), for a game
 *   and for a game's server, each carrying the other filter columns so counts stay inside the index;
 * - goods_attr_index: filterable attribute values of ON_SALE listings with the sort keys copied in;
 * - on SQLite, goods_fts: an FTS5 table of ON_SALE titles as bigram tokens plus filter tokens
 *   (PostgreSQL searches titles with ILIKE instead);
 * - goods_counts: exact ON_SALE counts per game, type, area, server and platform, kept by triggers,
 *   so the totals of the common list filters need no counting at all.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'goods', dialect)
      .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id'))
      .addColumn('goods_type', 'text', (col) => col.notNull())
      .addColumn('platform', 'text')
      .addColumn('area_id', 'integer', (col) => col.references('game_servers.id'))
      .addColumn('server_id', 'integer', (col) => col.references('game_servers.id'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('price', 'bigint', (col) => col.notNull())
      .addColumn('stock', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attrs', 'text', (col) => col.notNull())
      .addColumn('cover_image', 'text')
      .addColumn('view_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('follow_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('push_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('push_until', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('audit_remark', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('on_sale_at', 'bigint')
      .addColumn('sold_at', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .execute()

    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).on('goods').columns(columns).execute()
    // a game's list, per sort; trailing columns make type/area/server/price/platform filters index-only
    await index('goods_game_default_idx', [
      'status',
      'game_id',
      'push_at',
      'id',
      'goods_type',
      'area_id',
      'server_id',
      'price',
      'platform',
    ])
    await index('goods_game_price_idx', [
      'status',
      'game_id',
      'price',
      'id',
      'goods_type',
      'area_id',
      'server_id',
      'platform',
    ])
    await index('goods_game_newest_idx', [
      'status',
      'game_id',
      'id',
      'goods_type',
      'area_id',
      'server_id',
      'price',
      'platform',
    ])
    // a server's list, per sort
    await index('goods_server_default_idx', [
      'status',
      'game_id',
      'server_id',
      'push_at',
      'id',
      'goods_type',
      'price',
      'platform',
    ])
    await index('goods_server_price_idx', ['status', 'game_id', 'server_id', 'price', 'id', 'goods_type'])
    await index('goods_server_newest_idx', ['status', 'game_id', 'server_id', 'id', 'goods_type', 'price'])
    // all games (home, keyword-only searches), per sort
    await index('goods_all_default_idx', ['status', 'push_at', 'id', 'goods_type', 'price'])
    await index('goods_all_price_idx', ['status', 'price', 'id'])
    await index('goods_all_popular_idx', ['status', 'push_at', 'view_count', 'id'])
    // the seller's own listings and shops
    await index('goods_seller_idx', ['seller_id', 'status', 'id'])
    await index('goods_push_until_idx', ['push_until'])

    await db.schema
      .createTable('goods_descriptions')
      .addColumn('goods_id', 'integer', (col) => col.primaryKey().references('goods.id').onDelete('cascade'))
      .addColumn('description', 'text', (col) => col.notNull())
      .execute()

    await db.schema
      .createTable('goods_images')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('goods_id', 'integer', (col) => col.references('goods.id'))
      .addColumn('sort', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('thumb_width', 'integer', (col) => col.notNull())
      .addColumn('thumb_height', 'integer', (col) => col.notNull())
      .addColumn('bytes', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('goods_images_goods_idx')
      .on('goods_images')
      .columns(['goods_id', 'sort'])
      .execute()
    await db.schema
      .createIndex('goods_images_owner_idx')
      .on('goods_images')
      .columns(['owner_id', 'goods_id'])
      .execute()

    let attrIndex = db.schema
      .createTable('goods_attr_index')
      .addColumn('game_id', 'integer', (col) => col.notNull())
      .addColumn('attr_key', 'text', (col) => col.notNull())
      .addColumn('attr_value', 'text', (col) => col.notNull())
      .addColumn('goods_id', 'integer', (col) => col.notNull().references('goods.id').onDelete('cascade'))
      .addColumn('push_at', 'bigint', (col) => col.notNull())
      .addColumn('price', 'bigint', (col) => col.notNull())
      .addColumn('goods_type', 'text', (col) => col.notNull())
      .addColumn('server_id', 'integer')
      .addPrimaryKeyConstraint('goods_attr_index_pk', ['game_id', 'attr_key', 'attr_value', 'goods_id'])
    if (dialect === 'sqlite') attrIndex = attrIndex.modifyEnd(sql`without rowid`)
    await attrIndex.execute()
    await db.schema
      .createIndex('goods_attr_default_idx')
      .on('goods_attr_index')
      .columns(['game_id', 'attr_key', 'attr_value', 'push_at', 'goods_id'])
      .execute()
    await db.schema
      .createIndex('goods_attr_price_idx')
      .on('goods_attr_index')
      .columns(['game_id', 'attr_key', 'attr_value', 'price', 'goods_id'])
      .execute()
    await db.schema.createIndex('goods_attr_goods_idx').on('goods_attr_index').column('goods_id').execute()

    await db.schema
      .createTable('goods_counts')
      .addColumn('game_id', 'integer', (col) => col.notNull())
      .addColumn('goods_type', 'text', (col) => col.notNull())
      .addColumn('area_id', 'integer', (col) => col.notNull())
      .addColumn('server_id', 'integer', (col) => col.notNull())
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('n', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('goods_counts_pk', [
        'game_id',
        'goods_type',
        'area_id',
        'server_id',
        'platform',
      ])
      .execute()
    const key = (row: 'new' | 'old') =>
      sql.raw(
        `${row}.game_id, ${row}.goods_type, coalesce(${row}.area_id, 0), coalesce(${row}.server_id, 0), coalesce(${row}.platform, '')`,
      )
    const match = (row: 'new' | 'old') =>
      sql.raw(
        `game_id = ${row}.game_id and goods_type = ${row}.goods_type and area_id = coalesce(${row}.area_id, 0) ` +
          `and server_id = coalesce(${row}.server_id, 0) and platform = coalesce(${row}.platform, '')`,
      )
    const counted = (row: 'new' | 'old') => sql.raw(`${row}.status = 'ON_SALE' and ${row}.deleted_at is null`)
    const keyColumns = sql.raw('game_id, goods_type, area_id, server_id, platform')
    const watched = sql.raw('status, deleted_at, game_id, goods_type, area_id, server_id, platform')
    if (dialect === 'sqlite') {
      const add = (row: 'new' | 'old') =>
        sql`insert into goods_counts (${keyColumns}, n) values (${key(row)}, 1) on conflict (${keyColumns}) do update set n = n + 1;`
      const remove = (row: 'new' | 'old') => sql`update goods_counts set n = n - 1 where ${match(row)};`
      await sql`create trigger goods_counts_insert after insert on goods when ${counted('new')} begin ${add('new')} end`.execute(
        db,
      )
      await sql`create trigger goods_counts_delete after delete on goods when ${counted('old')} begin ${remove('old')} end`.execute(
        db,
      )
      await sql`create trigger goods_counts_update_old after update of ${watched} on goods when ${counted('old')} begin ${remove('old')} end`.execute(
        db,
      )
      await sql`create trigger goods_counts_update_new after update of ${watched} on goods when ${counted('new')} begin ${add('new')} end`.execute(
        db,
      )
    } else {
      await sql`create function goods_counts_sync() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and ${counted('old')} then
            update goods_counts set n = n - 1 where ${match('old')};
          end if;
          if tg_op in ('INSERT', 'UPDATE') and ${counted('new')} then
            insert into goods_counts (${keyColumns}, n) values (${key('new')}, 1)
              on conflict (${keyColumns}) do update set n = goods_counts.n + 1;
          end if;
          return null;
        end $$`.execute(db)
      await sql`create trigger goods_counts_sync after insert or delete or update of ${watched} on goods
        for each row execute function goods_counts_sync()`.execute(db)
    }

    if (dialect === 'sqlite') {
      await sql`create virtual table goods_fts using fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
        db,
      )
    }
  },
})

export default migration
