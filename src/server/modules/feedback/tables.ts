/** User feedback and staff replies (docs/platform-pages.md), declared by the module that owns them. */
import type { Generated } from 'kysely'

export interface FeedbackTable {
  id: Generated<number>
  user_id: number
  /** a value of the dictionary platform_feedback_type */
  feedback_type: string
  content: string
  contact: string
  /** JSON array of goods_images ids, in display order */
  image_ids: string
  /** FeedbackStatus */
  status: string
  created_at: number
  updated_at: number
}

export interface FeedbackRepliesTable {
  id: Generated<number>
  feedback_id: number
  staff_id: number
  content: string
  created_at: number
}

export interface FeedbackTables {
  feedback: FeedbackTable
  feedback_replies: FeedbackRepliesTable
}
