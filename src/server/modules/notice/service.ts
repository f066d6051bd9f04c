import { Code, type Notice, type NoticeBrief } from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { ApiError } from '../../plugins/envelope'
import { noticeRepo, type NoticeFilter } from './repo'

export function noticeService(db: Db) {
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
      if (!row) throw new ApiError(Code.NOT_FOUND, '公告不存在')
      return {
        noticeId: row.id,
        noticeType: row.notice_type,
        title: row.title,
        gameId: row.game_id,
        content: row.content,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    },
  }
}

export type NoticeService = ReturnType<typeof noticeService>
