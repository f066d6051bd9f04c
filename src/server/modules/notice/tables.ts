/** Row types of the tables the notice module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { NoticeContentFormat, NoticeType } from '../../../shared/api'

export interface NoticesTable {
  /** explicit: the footer links to fixed notice ids (HELP_LINKS) */
  id: number
  notice_type: NoticeType
  title: string
  /** plain text (paragraphs separated by a blank line) or sanitised HTML, as content_format says */
  content: string
  status: string
  /** the game of a guide (游戏攻略, migration 0100); null otherwise */
  game_id: number | null
  /** 'text' or 'html' (migration 0120; HTML only ever stored sanitised) */
  content_format: Generated<NoticeContentFormat>
  created_at: number
  updated_at: number
}

export interface NoticeTables {
  notices: NoticesTable
}
