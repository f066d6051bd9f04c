/** SQL of the AI drawing module: jobs, works, likes, favourites, blocked words. */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from '../../db'
import type { AiJobsTable, AiWorksTable } from './tables'

export type JobRow = Selectable<AiJobsTable>
export type WorkRow = Selectable<AiWorksTable>

const ACTIVE = ['queued', 'running']

/** The gallery counts its works up to this many (the page shows 10000+). */
export const GALLERY_COUNT_CAP = 10_000

export function aiRepo(db: Db) {
  return {
    async insertJob(row: Insertable<AiJobsTable>): Promise<JobRow> {
      return db.insertInto('ai_jobs').values(row).returningAll().executeTakeFirstOrThrow()
    },

    job: (jobId: number) => db.selectFrom('ai_jobs').selectAll().where('id', '=', jobId).executeTakeFirst(),

    jobByToken: (token: string) =>
      db.selectFrom('ai_jobs').selectAll().where('run_token', '=', token).executeTakeFirst(),

    async jobsOf(userId: number, offset: number, limit: number) {
      const rows = await db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      const { n } = await db
        .selectFrom('ai_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    /** images asked for since `since` by jobs that did not fail or get cancelled before drawing */
    async imagesSince(userId: number, since: number): Promise<number> {
      const { n } = await db
        .selectFrom('ai_jobs')
        .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('status', 'in', ['queued', 'running', 'succeeded'])
        .executeTakeFirstOrThrow()
      return Number(n)
    },

    async activeJobs(userId: number): Promise<number> {
      const { n } = await db
        .selectFrom('ai_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', ACTIVE)
        .executeTakeFirstOrThrow()
      return Number(n)
    },

    /**
     * Claims the oldest due queued job for one run: a single UPDATE … WHERE status = 'queued', so two
     * workers (or two processes) can never both take it. Returns the claimed row or undefined.
     */
    async claim(token: string, now: number): Promise<JobRow | undefined> {
      const next = db
        .selectFrom('ai_jobs')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
      const result = await db
        .updateTable('ai_jobs')
        .set((eb) => ({
          status: 'running',
          run_token: token,
          attempts: eb('attempts', '+', 1),
          started_at: sql<number>`coalesce(started_at, ${now})`,
        }))
        .where('id', '=', (eb) => eb.selectFrom(next.as('n')).select('n.id'))
        .where('status', '=', 'queued')
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) return undefined
      return db.selectFrom('ai_jobs').selectAll().where('run_token', '=', token).executeTakeFirst()
    },

    /** Updates a running job only while this run still owns it; false when it was cancelled or taken. */
    async updateRun(
      jobId: number,
      token: string,
      set: Pick<
        Updateable<AiJobsTable>,
        'status' | 'progress' | 'error' | 'finished_at' | 'next_attempt_at' | 'run_token'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('ai_jobs')
        .set(set)
        .where('id', '=', jobId)
        .where('run_token', '=', token)
        .where('status', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async cancel(jobId: number, userId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('ai_jobs')
        .set({ status: 'cancelled', finished_at: now, run_token: null })
        .where('id', '=', jobId)
        .where('user_id', '=', userId)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** At start: jobs left running by a stopped process. */
    orphans: () => db.selectFrom('ai_jobs').selectAll().where('status', '=', 'running').execute(),

    async requeueOrphan(jobId: number, now: number) {
      await db
        .updateTable('ai_jobs')
        .set({ status: 'queued', run_token: null, next_attempt_at: now })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .execute()
    },

    async failOrphan(jobId: number, error: string, now: number) {
      await db
        .updateTable('ai_jobs')
        .set({ status: 'failed', run_token: null, error, finished_at: now })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .execute()
    },

    // works

    /** Stores a picture of a job; a second insert of the same (job, idx) is ignored. */
    async insertWork(row: Insertable<AiWorksTable>): Promise<boolean> {
      const result = await db
        .insertInto('ai_works')
        .values(row)
        .onConflict((oc) => oc.columns(['job_id', 'idx']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    doneIndexes: async (jobId: number) =>
      (await db.selectFrom('ai_works').select('idx').where('job_id', '=', jobId).execute()).map((r) => r.idx),

    worksOfJobs(jobIds: number[]) {
      if (jobIds.length === 0) return Promise.resolve([] as WorkRow[])
      return db
        .selectFrom('ai_works')
        .selectAll()
        .where('job_id', 'in', jobIds)
        .where('deleted', '=', 0)
        .orderBy('job_id')
        .orderBy('idx')
        .execute()
    },

    work: (workId: number) =>
      db.selectFrom('ai_works').selectAll().where('id', '=', workId).executeTakeFirst(),

    async worksOf(userId: number, offset: number, limit: number) {
      const base = db.selectFrom('ai_works').where('user_id', '=', userId).where('deleted', '=', 0)
      const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute()
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    /** The gallery: visible works only, newest or most liked, optionally one style. */
    async gallery(q: { sort: 'new' | 'hot'; style?: string; offset: number; limit: number }) {
      let base = db.selectFrom('ai_works').where('visible', '=', 1)
      if (q.style) base = base.where('style', '=', q.style)
      let query = base.selectAll()
      query =
        q.sort === 'hot'
          ? query.orderBy('like_count', 'desc').orderBy('id', 'desc')
          : query.orderBy('published_at', 'desc').orderBy('id', 'desc')
      const rows = await query.limit(q.limit).offset(q.offset).execute()
      // the total is counted up to GALLERY_COUNT_CAP (infinite scroll only needs "more or not")
      const capped = base.select('id').limit(GALLERY_COUNT_CAP + 1)
      const { n } = await db
        .selectFrom(capped.as('c'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return { rows, total: Math.min(Number(n), GALLERY_COUNT_CAP) }
    },

    async staffWorks(q: {
      keyword?: string
      userIds?: number[]
      state: 'all' | 'published' | 'hidden' | 'private'
      offset: number
      limit: number
    }) {
      let base = db.selectFrom('ai_works').where('deleted', '=', 0)
      if (q.keyword) base = base.where('prompt', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`)
      if (q.userIds) base = base.where('user_id', 'in', q.userIds.length ? q.userIds : [-1])
      if (q.state === 'published') base = base.where('published', '=', 1).where('hidden', '=', 0)
      if (q.state === 'hidden') base = base.where('hidden', '=', 1)
      if (q.state === 'private') base = base.where('published', '=', 0)
      const rows = await base.selectAll().orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute()
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    async setWork(
      workId: number,
      set: Pick<
        Updateable<AiWorksTable>,
        'published' | 'published_at' | 'hidden' | 'hidden_reason' | 'hidden_by' | 'hidden_at' | 'deleted'
      >,
    ) {
      await db.updateTable('ai_works').set(set).where('id', '=', workId).execute()
      // the gallery flag follows the three states
      await db
        .updateTable('ai_works')
        .set({
          visible: sql<number>`case when published = 1 and hidden = 0 and deleted = 0 then 1 else 0 end`,
        })
        .where('id', '=', workId)
        .execute()
    },

    // likes and favourites

    /** Adds or removes the reaction; the counter moves only when the row did. Returns the new count. */
    async react(
      table: 'ai_likes' | 'ai_favourites',
      workId: number,
      userId: number,
      on: boolean,
      now: number,
    ): Promise<number> {
      const column = table === 'ai_likes' ? 'like_count' : 'fav_count'
      return db.transaction().execute(async (trx) => {
        let changed: number
        if (on) {
          const r = await trx
            .insertInto(table)
            .values({ work_id: workId, user_id: userId, created_at: now })
            .onConflict((oc) => oc.columns(['work_id', 'user_id']).doNothing())
            .executeTakeFirst()
          changed = Number(r.numInsertedOrUpdatedRows ?? 0)
        } else {
          const r = await trx
            .deleteFrom(table)
            .where('work_id', '=', workId)
            .where('user_id', '=', userId)
            .executeTakeFirst()
          changed = -Number(r.numDeletedRows)
        }
        if (changed !== 0)
          await trx
            .updateTable('ai_works')
            .set((eb) => ({ [column]: eb(column, '+', changed) }))
            .where('id', '=', workId)
            .execute()
        const row = await trx
          .selectFrom('ai_works')
          .select(column)
          .where('id', '=', workId)
          .executeTakeFirstOrThrow()
        return Number((row as Record<string, number>)[column])
      })
    },

    async reactedIds(table: 'ai_likes' | 'ai_favourites', userId: number, workIds: number[]) {
      if (workIds.length === 0) return new Set<number>()
      const rows = await db
        .selectFrom(table)
        .select('work_id')
        .where('user_id', '=', userId)
        .where('work_id', 'in', workIds)
        .execute()
      return new Set(rows.map((r) => r.work_id))
    },

    async favouritesOf(userId: number, offset: number, limit: number) {
      const base = db
        .selectFrom('ai_favourites as f')
        .innerJoin('ai_works as w', 'w.id', 'f.work_id')
        .where('f.user_id', '=', userId)
        .where('w.deleted', '=', 0)
        // a work taken out of the gallery disappears from others' favourites
        .where((eb) => eb.or([eb('w.visible', '=', 1), eb('w.user_id', '=', userId)]))
      const rows = await base
        .selectAll('w')
        .orderBy('f.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    // blocked words

    allWords: async () =>
      (await db.selectFrom('ai_blocked_words').select('word').execute()).map((r) => r.word),

    async words(keyword: string | undefined, offset: number, limit: number) {
      let base = db.selectFrom('ai_blocked_words')
      if (keyword) base = base.where('word', 'like', `%${keyword.replace(/[%_\\]/g, '')}%`)
      const rows = await base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute()
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    async addWord(word: string, by: number, now: number): Promise<boolean> {
      const r = await db
        .insertInto('ai_blocked_words')
        .values({ word, created_by: by, created_at: now })
        .onConflict((oc) => oc.column('word').doNothing())
        .executeTakeFirst()
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async removeWord(wordId: number): Promise<string | null> {
      const row = await db
        .selectFrom('ai_blocked_words')
        .select('word')
        .where('id', '=', wordId)
        .executeTakeFirst()
      if (!row) return null
      await db.deleteFrom('ai_blocked_words').where('id', '=', wordId).execute()
      return row.word
    },
  }
}

export type AiRepo = ReturnType<typeof aiRepo>
