/**
 * Staff: 公告与攻略 (docs/console.md). Staff list every notice (drafts too), write rich text that is
 * stored only as sanitised HTML, publish, unpublish and delete. A GUIDE tied to a game is a 游戏攻略
 * of /walkthrough.html; other types have no game. The footer's help pages (HELP_LINKS) may be edited
 * but never unpublished or deleted: the footer links to them. Every change writes its op_logs row in
 * its transaction and, once committed, drops the rendered pages and sitemaps built from notices.
 */
import { type NoticeStaffListQuery, type NoticeSaveBody, type StaffNotice } from '../../../shared/api'
import { HELP_LINKS } from '../../../shared/help-links'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { noticeRepo } from './repo'
import type { NoticeService } from './service'
import { hasContent, sanitizeRichText, textToHtml } from './sanitize'
import type { NoticesTable } from './tables'
import type { Selectable } from 'kysely'

type Row = Selectable<NoticesTable>

const FIXED = new Set(HELP_LINKS.map((l) => l.noticeId))

const brief = (row: Omit<Row, 'content'>): Omit<StaffNotice, 'content'> => ({
  noticeId: row.id,
  noticeType: row.notice_type,
  title: row.title,
  gameId: row.game_id,
  status: row.status === '0' ? '0' : '1',
  contentFormat: row.content_format,
  fixed: FIXED.has(row.id),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** Staff see HTML in every case: a plain-text notice's paragraphs become <p> elements. */
const toStaff = (row: Row): StaffNotice => ({
  ...brief(row),
  content: row.content_format === 'html' ? sanitizeRichText(row.content) : textToHtml(row.content),
})

/** What the op log keeps of a notice (the content shortened: the log is not an archive). */
const logged = (row: Row | undefined) =>
  row && {
    noticeType: row.notice_type,
    title: row.title,
    gameId: row.game_id,
    status: row.status,
    content: row.content.length > 2000 ? `${row.content.slice(0, 2000)}…` : row.content,
  }

export function noticeStaffService(deps: {
  db: Db
  notices: NoticeService
  /** whether a game exists (hidden ones too): a guide names one */
  gameExists: (gameId: number) => Promise<boolean>
  now: () => number
}) {
  const { db, notices, now } = deps

  async function requireRow(trx: Db, noticeId: number): Promise<Row> {
    const row = await noticeRepo(trx).findAny(noticeId)
    if (!row) throw notFound('公告不存在')
    return row
  }

  /** The change in one transaction with its log row; caches dropped after the commit. */
  async function change(fn: (trx: Db) => Promise<Row | null>): Promise<Row | null> {
    const row = await db.transaction().execute(fn)
    notices.changed()
    return row
  }

  async function setStatus(actor: Actor, noticeId: number, status: '0' | '1'): Promise<StaffNotice> {
    const row = await change(async (trx) => {
      const before = await requireRow(trx, noticeId)
      if (status === '1' && FIXED.has(noticeId)) throw badRequest('页脚帮助页不能下线，可以修改内容')
      await noticeRepo(trx).update(noticeId, { status, updated_at: now() })
      await record(trx, {
        actor,
        module: 'notice',
        action: status === '0' ? 'publish' : 'unpublish',
        target: noticeId,
        before: { status: before.status },
        after: { status },
        detail: before.title,
        at: now(),
      })
      return requireRow(trx, noticeId)
    })
    return toStaff(row!)
  }

  return {
    async list(query: NoticeStaffListQuery): Promise<Page<Omit<StaffNotice, 'content'>>> {
      const { rows, total } = await noticeRepo(db).staffPage(query)
      return { rows: rows.map(brief), total }
    },

    async detail(noticeId: number): Promise<StaffNotice> {
      return toStaff(await requireRow(db, noticeId))
    },

    preview(content: string): { html: string } {
      return { html: sanitizeRichText(content) }
    },

    async save(actor: Actor, body: NoticeSaveBody): Promise<StaffNotice> {
      const title = body.title.trim()
      if (!title) throw badRequest('公告标题不能为空')
      const content = sanitizeRichText(body.content)
      if (!hasContent(content)) throw badRequest('公告内容不能为空（不安全的标签已被去除）')
      const gameId = body.gameId ?? null
      if (gameId !== null) {
        if (body.noticeType !== 'GUIDE') throw badRequest('只有操作指南（游戏攻略）可以关联游戏')
        if (!(await deps.gameExists(gameId))) throw badRequest('关联的游戏不存在')
      }
      const at = now()
      const row = await change(async (trx) => {
        const repo = noticeRepo(trx)
        const before = body.noticeId === undefined ? undefined : await requireRow(trx, body.noticeId)
        if (before && FIXED.has(before.id) && (gameId !== null || body.noticeType !== before.notice_type))
          throw badRequest('页脚帮助页只能修改标题和内容')
        const fields = {
          notice_type: body.noticeType,
          title,
          game_id: gameId,
          content,
          content_format: 'html' as const,
          updated_at: at,
        }
        let noticeId: number
        if (before) {
          noticeId = before.id
          await repo.update(noticeId, {
            ...fields,
            ...(body.publish === undefined
              ? {}
              : { status: body.publish || FIXED.has(noticeId) ? '0' : '1' }),
          })
        } else {
          noticeId = await repo.nextId()
          await repo.insert({ id: noticeId, ...fields, status: body.publish ? '0' : '1', created_at: at })
        }
        const after = await requireRow(trx, noticeId)
        await record(trx, {
          actor,
          module: 'notice',
          action: before ? 'edit' : 'add',
          target: noticeId,
          before: logged(before),
          after: logged(after),
          detail: title,
          at,
        })
        return after
      })
      return toStaff(row!)
    },

    publish: (actor: Actor, noticeId: number) => setStatus(actor, noticeId, '0'),
    unpublish: (actor: Actor, noticeId: number) => setStatus(actor, noticeId, '1'),

    async remove(actor: Actor, noticeId: number): Promise<{ noticeId: number }> {
      await change(async (trx) => {
        const before = await requireRow(trx, noticeId)
        if (FIXED.has(noticeId)) throw badRequest('页脚帮助页不能删除，可以修改内容')
        await noticeRepo(trx).remove(noticeId)
        await record(trx, {
          actor,
          module: 'notice',
          action: 'delete',
          target: noticeId,
          before: logged(before),
          detail: before.title,
          at: now(),
        })
        return null
      })
      return { noticeId }
    },
  }
}

export type NoticeStaffService = ReturnType<typeof noticeStaffService>
