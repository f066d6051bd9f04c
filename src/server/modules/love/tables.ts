/** 公会助力 (docs/platform-pages.md): activities, guilds and supports, declared by the module that owns them. */
import type { Generated } from 'kysely'

export interface LoveActivitiesTable {
  id: Generated<number>
  title: string
  start_at: number
  end_at: number
  /** plain text, never HTML */
  rules: string
  /** JSON array of prize lines */
  prizes: string
  created_by: number | null
  created_at: number
  updated_at: number
}

export interface LoveGuildsTable {
  id: Generated<number>
  activity_id: number
  name: string
  game_id: number
  server_name: string
  /** an image of the image module (goods_images id) */
  logo_image_id: string | null
  created_at: number
  updated_at: number
}

export interface LoveSupportsTable {
  id: Generated<number>
  activity_id: number
  guild_id: number
  user_id: number
  ip: string
  /** start of the China day of the support */
  day: number
  /** place in the user's daily quota of the activity (1…N) */
  slot: number
  created_at: number
  /** 0 valid, 1 voided by staff */
  voided: Generated<number>
  void_reason: Generated<string>
  voided_by: number | null
  voided_at: number | null
}

export interface LoveTables {
  love_activities: LoveActivitiesTable
  love_guilds: LoveGuildsTable
  love_supports: LoveSupportsTable
}
