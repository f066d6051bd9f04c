/**
 * 意见反馈 (docs/platform-pages.md): a user sends typed feedback with screenshots; only its author reads
 * it; staff list, reply (the author gets an in-site message) and close.
 */
import {
  FEEDBACK_DICT,
  FEEDBACK_LIMITS,
  type Feedback,
  type FeedbackAddBody,
  type FeedbackListQuery,
  type FeedbackMyQuery,
  type FeedbackStatus,
  type StaffFeedback,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound, tooMany } from '../../http/errors'
import type { ImageService } from '../image/service'
import type { MessageService } from '../message/service'
import type { SystemService } from '../system/service'
import { feedbackRepo, type FeedbackRow } from './repo'
import { record, type Actor } from '../oplog/service'

const HOUR = 60 * 60 * 1000

export function feedbackService(deps: {
  db: Db
  images: ImageService
  messages: MessageService
  system: SystemService
  now: () => number
}) {
  const { db, images, messages, system, now } = deps
  const repo = feedbackRepo(db)

  async function typeLabels(): Promise<Map<string, string>> {
    const entries = await system.dictData(FEEDBACK_DICT)
    return new Map(entries.map((e) => [e.dictValue, e.dictLabel]))
  }

  async function present<R extends FeedbackRow>(rows: R[]): Promise<Array<Feedback & { row: R }>> {
    const [labels, replies] = await Promise.all([typeLabels(), repo.replies(rows.map((r) => r.id))])
    return Promise.all(
      rows.map(async (row) => ({
        row,
        feedbackId: row.id,
        feedbackType: row.feedback_type,
        typeLabel: labels.get(row.feedback_type) ?? row.feedback_type,
        content: row.content,
        contact: row.contact,
        images: await images.byIds(JSON.parse(row.image_ids) as string[]),
        status: row.status as FeedbackStatus,
        replies: replies
          .filter((r) => r.feedback_id === row.id)
          .map((r) => ({ content: r.content, createdAt: r.created_at })),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
    )
  }
  const strip = <T extends { row: unknown }>({ row: _row, ...rest }: T) => rest

  async function staffView(id: number): Promise<StaffFeedback> {
    const row = await repo.find(id)
    if (!row) throw notFound('反馈不存在')
    const [view] = await present([row])
    const user = await repo.userName(row.user_id)
    return { ...strip(view), userId: row.user_id, userName: user?.user_name ?? '' }
  }

  return {
    async add(userId: number, body: FeedbackAddBody): Promise<Feedback> {
      const labels = await typeLabels()
      if (!labels.has(body.feedbackType)) throw badRequest('反馈类型取值不正确')
      const imageIds = body.imageIds ?? []
      if (new Set(imageIds).size !== imageIds.length) throw badRequest('截图不能重复')
      // only the caller's own uploads that no listing uses
      await images.attach(db, userId, null, imageIds)
      const at = now()
      if ((await repo.countSince(userId, at - HOUR)) >= FEEDBACK_LIMITS.perHour)
        throw tooMany(`每小时最多提交 ${FEEDBACK_LIMITS.perHour} 条反馈，请稍后再试`)
      const id = await repo.insert({
        user_id: userId,
        feedback_type: body.feedbackType,
        content: body.content.trim(),
        contact: (body.contact ?? '').trim(),
        image_ids: JSON.stringify(imageIds),
        status: 'PENDING',
        created_at: at,
        updated_at: at,
      })
      return this.detail(userId, id)
    },

    async my(userId: number, page: FeedbackMyQuery): Promise<Page<Feedback>> {
      const { rows, total } = await repo.pageOwn(userId, page)
      return { rows: (await present(rows)).map(strip), total }
    },

    /** The author only: anyone else gets the same 404 as for a missing one. */
    async detail(userId: number, feedbackId: number): Promise<Feedback> {
      const row = await repo.find(feedbackId)
      if (!row || row.user_id !== userId) throw notFound('反馈不存在')
      const [view] = await present([row])
      return strip(view)
    },

    async list(filter: FeedbackListQuery): Promise<Page<StaffFeedback>> {
      const { rows, total } = await repo.pageAll(filter)
      const views = await present(rows)
      return {
        rows: views.map((v) => ({ ...strip(v), userId: v.row.user_id, userName: v.row.user_name })),
        total,
      }
    },

    /** Staff actions: each change and its operation-log row (modules/oplog) in one transaction. */
    staff: {
      async reply(actor: Actor, feedbackId: number, content: string): Promise<StaffFeedback> {
        const row = await repo.find(feedbackId)
        if (!row) throw notFound('反馈不存在')
        if (row.status === 'CLOSED') throw badRequest('反馈已关闭，不能再回复')
        const text = content.trim()
        const at = now()
        await db.transaction().execute(async (trx) => {
          const tx = feedbackRepo(trx)
          await tx.addReply(row.id, actor.userId, text, at)
          await tx.setStatus(row.id, 'REPLIED', at)
          await record(trx, {
            actor,
            module: 'platform',
            action: 'feedbackReply',
            target: row.id,
            before: { status: row.status },
            after: { status: 'REPLIED' },
            detail: text,
            at,
          })
        })
        await messages.create(row.user_id, {
          title: '您的意见反馈有新回复',
          content: `您于反馈中心提交的反馈（编号 ${row.id}）有了客服回复：${text}`,
        })
        return staffView(row.id)
      },

      async close(actor: Actor, feedbackId: number): Promise<StaffFeedback> {
        const row = await repo.find(feedbackId)
        if (!row) throw notFound('反馈不存在')
        if (row.status === 'CLOSED') throw badRequest('反馈已关闭')
        const at = now()
        await db.transaction().execute(async (trx) => {
          await feedbackRepo(trx).setStatus(row.id, 'CLOSED', at)
          await record(trx, {
            actor,
            module: 'platform',
            action: 'feedbackClose',
            target: row.id,
            before: { status: row.status },
            after: { status: 'CLOSED' },
            at,
          })
        })
        return staffView(row.id)
      },
    },
  }
}

export type FeedbackService = ReturnType<typeof feedbackService>
