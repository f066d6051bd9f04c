import type { MigrationFactory } from './helpers'

/**
 * 公告与攻略 in the console (docs/console.md): a notice's content is plain text (the seeded help pages)
 * or sanitised HTML written in the console's editor; `content_format` says which. Only a column added.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('notices')
      .addColumn('content_format', 'text', (col) => col.notNull().defaultTo('text'))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('notices').dropColumn('content_format').execute()
  },
})

export default migration
