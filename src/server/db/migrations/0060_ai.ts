import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * AI drawing (docs/ai-drawing.md): the job queue, the works a job made (one row per picture, unique
 * per job and index, so a job resumed after a restart never stores a picture twice), likes,
 * favourites and the blocked-word dictionary.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'ai_jobs', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('prompt', 'text', (col) => col.notNull())
      .addColumn('negative_prompt', 'text', (col) => col.notNull())
      .addColumn('style', 'text', (col) => col.notNull())
      .addColumn('size', 'text', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('seed', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('run_token', 'text')
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('ai_jobs_queue_idx')
      .on('ai_jobs')
      .columns(['status', 'next_attempt_at', 'id'])
      .execute()
    await db.schema.createIndex('ai_jobs_user_idx').on('ai_jobs').columns(['user_id', 'created_at']).execute()

    await createTableWithId(db, 'ai_works', dialect)
      .addColumn('job_id', 'integer', (col) => col.notNull().references('ai_jobs.id').onDelete('cascade'))
      .addColumn('idx', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('image_id', 'text', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('prompt', 'text', (col) => col.notNull())
      .addColumn('negative_prompt', 'text', (col) => col.notNull())
      .addColumn('style', 'text', (col) => col.notNull())
      .addColumn('size', 'text', (col) => col.notNull())
      .addColumn('seed', 'bigint', (col) => col.notNull())
      .addColumn('published', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('published_at', 'bigint')
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('hidden_reason', 'text')
      .addColumn('hidden_by', 'integer')
      .addColumn('hidden_at', 'bigint')
      .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
      /** 1 when published, not hidden and not deleted: the gallery reads only these */
      .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('fav_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('ai_works_job_idx_uq', ['job_id', 'idx'])
      .execute()
    await db.schema.createIndex('ai_works_user_idx').on('ai_works').columns(['user_id', 'id']).execute()
    // the gallery's pages: newest, most liked, per style
    await db.schema
      .createIndex('ai_works_gallery_new_idx')
      .on('ai_works')
      .columns(['visible', 'published_at', 'id'])
      .execute()
    await db.schema
      .createIndex('ai_works_gallery_hot_idx')
      .on('ai_works')
      .columns(['visible', 'like_count', 'id'])
      .execute()
    await db.schema
      .createIndex('ai_works_gallery_style_idx')
      .on('ai_works')
      .columns(['visible', 'style', 'published_at', 'id'])
      .execute()

    for (const table of ['ai_likes', 'ai_favourites']) {
      await db.schema
        .createTable(table)
        .addColumn('work_id', 'integer', (col) => col.notNull().references('ai_works.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['work_id', 'user_id'])
        .execute()
      await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'created_at']).execute()
    }

    await createTableWithId(db, 'ai_blocked_words', dialect)
      .addColumn('word', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
  },
})

export default migration
