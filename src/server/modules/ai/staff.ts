/**
 * The staff tools of AI drawing (docs/ai-drawing.md, "Safety"; console page AI 作品管理): every work
 * with filters, hiding a work with a reason its owner sees, and the blocked-word dictionary checked
 * before a job is queued. Each change and its operation-log row (modules/oplog, docs/console.md) are
 * one transaction.
 */
import {
  AI_MSG,
  type AiStaffWorksQuery,
  type AiBlockedWord,
  type AiWork,
  type AiWordsQuery,
} from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../http/errors'
import type { AuthService } from '../auth/service'
import { record, type Actor } from '../oplog/service'
import { pageWindow } from '../../db/paging'
import { aiRepo, type AiRepo, type WorkRow } from './repo'

export function aiStaff(deps: {
  db: Db
  repo: AiRepo
  auth: Pick<AuthService, 'userIdByName'>
  now: () => number
  toWorks: (rows: WorkRow[], viewerId: number | null) => Promise<AiWork[]>
  /** the blocked words changed (the service reloads its copy) */
  onWordsChanged: () => void
}) {
  const { db, repo, auth, now, toWorks } = deps

  /**
   * Staff actions: the change and its operation-log row (modules/oplog, docs/console.md) in one
   * transaction.
   */
  async function staffAction(
    actor: Actor,
    entry: { action: string; target: string | number; before?: unknown; after?: unknown; detail?: string },
    change: (tx: ReturnType<typeof aiRepo>) => Promise<void>,
  ) {
    await db.transaction().execute(async (trx) => {
      await change(aiRepo(trx))
      await record(trx, { actor, module: 'ai', ...entry, at: now() })
    })
  }

  return {
    async staffWorks(q: AiStaffWorksQuery) {
      const { offset, limit } = pageWindow(q)
      let userIds: number[] | undefined
      if (q.authorName) {
        const id = await auth.userIdByName(q.authorName)
        userIds = id ? [id] : []
      }
      const { rows, total } = await repo.staffWorks({
        keyword: q.keyword || undefined,
        userIds,
        state: q.state ?? 'all',
        offset,
        limit,
      })
      return { rows: await toWorks(rows, null), total }
    },

    async hide(actor: Actor, workId: number, reason: string) {
      const row = await repo.work(workId)
      if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
      const why = reason.trim()
      if (!why) throw badRequest('隐藏原因不能为空')
      await staffAction(
        actor,
        { action: 'hide', target: workId, before: { hidden: row.hidden }, after: { hidden: 1 }, detail: why },
        (tx) =>
          tx.setWork(workId, { hidden: 1, hidden_reason: why, hidden_by: actor.userId, hidden_at: now() }),
      )
    },

    async unhide(actor: Actor, workId: number) {
      const row = await repo.work(workId)
      if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
      await staffAction(
        actor,
        {
          action: 'unhide',
          target: workId,
          before: { hidden: row.hidden, reason: row.hidden_reason },
          after: { hidden: 0 },
        },
        (tx) => tx.setWork(workId, { hidden: 0, hidden_reason: null, hidden_by: null, hidden_at: null }),
      )
    },

    async words(q: AiWordsQuery): Promise<{ rows: AiBlockedWord[]; total: number }> {
      const { offset, limit } = pageWindow(q)
      const { rows, total } = await repo.words(q.keyword || undefined, offset, limit)
      return {
        rows: rows.map((r) => ({ wordId: r.id, word: r.word, createdAt: Number(r.created_at) })),
        total,
      }
    },

    async addWord(actor: Actor, word: string) {
      const w = word.trim()
      if (!w) throw badRequest('违禁词不能为空')
      await staffAction(actor, { action: 'addWord', target: w, after: { word: w } }, async (tx) => {
        if (!(await tx.addWord(w, actor.userId, now()))) throw badRequest(AI_MSG.WORD_EXISTS)
      })
      deps.onWordsChanged()
    },

    async removeWord(actor: Actor, wordId: number) {
      await staffAction(actor, { action: 'removeWord', target: wordId }, async (tx) => {
        const word = await tx.removeWord(wordId)
        if (word === null) throw notFound(MSG.NOT_FOUND)
      })
      deps.onWordsChanged()
    },
  }
}
