/** Row types of the tables the AI drawing module owns (docs/ai-drawing.md). */
import type { Generated } from 'kysely'

export interface AiJobsTable {
  id: Generated<number>
  user_id: number
  prompt: string
  negative_prompt: string
  style: string
  size: string
  width: number
  height: number
  count: number
  seed: number
  /** queued | running | succeeded | failed | cancelled */
  status: string
  progress: Generated<number>
  attempts: Generated<number>
  error: string | null
  provider: string
  /** set when a worker claims the job: only that run may finish it */
  run_token: string | null
  next_attempt_at: number
  created_at: number
  started_at: number | null
  finished_at: number | null
}

export interface AiWorksTable {
  id: Generated<number>
  job_id: number
  idx: number
  user_id: number
  /** the picture in the image module (goods_images id: files <id>.jpg, <id>_t.jpg) */
  image_id: string
  width: number
  height: number
  prompt: string
  negative_prompt: string
  style: string
  size: string
  seed: number
  published: Generated<number>
  published_at: number | null
  hidden: Generated<number>
  hidden_reason: string | null
  hidden_by: number | null
  hidden_at: number | null
  deleted: Generated<number>
  visible: Generated<number>
  like_count: Generated<number>
  fav_count: Generated<number>
  created_at: number
}

export interface AiReactionTable {
  work_id: number
  user_id: number
  created_at: number
}

export interface AiBlockedWordsTable {
  id: Generated<number>
  word: string
  created_by: number | null
  created_at: number
}

export interface AiTables {
  ai_jobs: AiJobsTable
  ai_works: AiWorksTable
  ai_likes: AiReactionTable
  ai_favourites: AiReactionTable
  ai_blocked_words: AiBlockedWordsTable
}
