/** Row types of the tables the batch module owns (docs/architecture.md, "modules own their data"). */
import type { GoodsType } from '../../../shared/api'

export interface GoodsBatchesTable {
  /** 32 hex chars */
  id: string
  owner_id: number
  game_id: number
  goods_type: GoodsType
  /** JSON: the previewed rows (results and the validated listings) */
  rows_json: string
  total_rows: number
  valid_rows: number
  created_at: number
  expires_at: number
  published_at: number | null
}

export interface BatchTables {
  goods_batches: GoodsBatchesTable
}
