/**
 * What AI drawing needs in every database (docs/ai-drawing.md): the style presets (dictionary
 * ai_draw_style, whose value is also the English prompt suffix sent to the provider), the daily free
 * quota and the per-user concurrency limit (parameters), and a starting blocked-word dictionary that
 * staff maintain in the console.
 */
import { AI_STYLE_DICT } from '../../../shared/api/ai'
import type { Db } from '../index'
import { insertDicts } from './console'

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

export async function seedAi(db: Db, now: number) {
  await insertDicts(db, { [AI_STYLE_DICT]: AI_STYLES.map(([value, label]) => [value, label, ''] as const) })
  await db
    .insertInto('sys_config')
    .values([
      { config_key: AI_CONFIG_KEYS.dailyQuota, config_value: '20', config_name: 'AI 绘画每日免费张数' },
      {
        config_key: AI_CONFIG_KEYS.maxConcurrent,
        config_value: '2',
        config_name: 'AI 绘画每人同时进行的任务数',
      },
    ])
    .execute()
  await db
    .insertInto('ai_blocked_words')
    .values(AI_SEED_BLOCKED_WORDS.map((word) => ({ word, created_by: null, created_at: now })))
    .execute()
}
