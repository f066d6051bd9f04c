/** Row types of the tables the push module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface GoodsPushesTable {
  id: Generated<number>
  goods_id: number
  seller_id: number
  hours: number
  start_at: number
  end_at: number
  /** China calendar day of the push, YYYY-MM-DD (the daily quota counts per day) */
  day: string
  created_at: number
}

export interface PushTables {
  goods_pushes: GoodsPushesTable
}
