import type { Notice, NoticeBrief } from '../../../shared/api'
import { localInvalidation } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { notFound } from '../../http/errors'
import { noticeRepo, type NoticeFilter } from './repo'
import { sanitizeRichText } from './sanitize'

/** The invalidation topic of notices: the pages and sitemaps built from them (cluster/cache.ts) are dropped at once. */
export const NOTICE_TOPIC = 'notices'

export function noticeService(db: Db, invalidation: Invalidation = localInvalidation()) {
  const repo = noticeRepo(db)

  return {
    async page(filter: NoticeFilter): Promise<Page<NoticeBrief>> {
      const { rows, total } = await repo.page(filter)
      return {
        rows: rows.map((row) => ({
          noticeId: row.id,
          noticeType: row.notice_type,
          title: row.title,
          gameId: row.game_id,
          createdAt: row.created_at,
        })),
        total,
      }
    },

    async detail(noticeId: number): Promise<Notice> {
      const row = await repo.find(noticeId)
      if (!row) throw notFound('公告不存在')
      const html = row.content_format === 'html'
      return {
        noticeId: row.id,
        noticeType: row.notice_type,
        title: row.title,
        gameId: row.game_id,
        // stored sanitised; sanitised once more on the way out, so no row can carry a script to a page
        content: html ? sanitizeRichText(row.content) : row.content,
        contentFormat: html ? 'html' : 'text',
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    },

    /** A notice changed (console): every process drops what it built from notices. */
    changed: () => invalidation.emit(NOTICE_TOPIC),
  }
}

export type NoticeService = ReturnType<typeof noticeService>
