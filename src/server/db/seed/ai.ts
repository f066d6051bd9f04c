/**
 * What AI drawing needs in every database (docs/ai-drawing.md): the style presets (dictionary
 * ai_draw_style, whose value is also the English prompt suffix sent to the provider), the daily free
 * quota and the per-user concurrency limit (parameters), and a starting blocked-word dictionary that
 * staff maintain in the console.
 */
import { AI_STYLE_DICT } from '../../../shared/api/ai'
import type { Db } from '../index'
import type { SeedReference } from './console'

export const AI_CONFIG_KEYS = {
  dailyQuota: 'ai.draw.dailyQuota',
  maxConcurrent: 'ai.draw.maxConcurrent',
} as const

/** [value (prompt suffix), label] */
export const AI_STYLES: Array<[string, string]> = [
  ['anime', '二次元'],
  ['realistic', '写实'],
  ['ink', '水墨国风'],
  ['pixel', '像素'],
  ['cyberpunk', '赛博朋克'],
  ['watercolor', '水彩'],
  ['3d', '3D 渲染'],
]

export const AI_SEED_BLOCKED_WORDS = [
  '色情',
  '裸体',
  '赌博',
  '毒品',
  '血腥',
  '暴恐',
  '枪支',
  '代练外挂',
  '外挂',
  'nude',
  'nsfw',
  'porn',
  'gore',
]

/** The reference data of AI drawing (reconciled at every start: reference.ts). */
export const AI_REFERENCE: SeedReference = {
  dicts: { [AI_STYLE_DICT]: AI_STYLES.map(([value, label]) => [value, label, ''] as const) },
  configs: [
    [AI_CONFIG_KEYS.dailyQuota, '20', 'AI 绘画每日免费张数'],
    [AI_CONFIG_KEYS.maxConcurrent, '2', 'AI 绘画每人同时进行的任务数'],
  ],
}

/** A new database's starting blocked words (staff data from then on: not reconciled). */
export async function seedAiWords(db: Db, now: number) {
  await db
    .insertInto('ai_blocked_words')
    .values(AI_SEED_BLOCKED_WORDS.map((word) => ({ word, created_by: null, created_at: now })))
    .onConflict((oc) => oc.column('word').doNothing())
    .execute()
}
