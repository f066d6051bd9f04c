/** Row types of the tables the goods module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { GoodsStatus, GoodsType } from '../../../shared/api'

export interface GoodsTable {
  id: Generated<number>
  seller_id: number
  game_id: number
  goods_type: GoodsType
  /** the area's platform, or the one the seller chose; null when the game has one for all */
  platform: string | null
  area_id: number | null
  server_id: number | null
  title: string
  price: number
  stock: number
  status: GoodsStatus
  /** JSON: Attributes, normalised by the validator */
  attrs: string
  /** image id of the first screenshot */
  cover_image: string | null
  view_count: number
  follow_count: number
  /** start of the active push (0: none); the 综合 sort is push_at desc, id desc */
  push_at: number
  /** end of the active push (0: none); expired pushes are reset by the search service */
  push_until: number
  audit_remark: string
  /** 1: hand the saved delivery account to the buyer at payment (migration 0031) */
  auto_delivery: number
  created_at: number
  updated_at: number
  on_sale_at: number | null
  sold_at: number | null
  /** soft delete */
  deleted_at: number | null
  /** the agency application (代售) this listing sells for its owner: a 官方代售 listing (migration 0140) */
  agency_application_id: number | null
  /** 包赔 days the listing offers, copied from the protection terms (0: none; migration 0330) */
  protection_days: Generated<number>
}

export interface GoodsDescriptionsTable {
  goods_id: number
  description: string
}

export interface GoodsAttrIndexTable {
  game_id: number
  attr_key: string
  attr_value: string
  goods_id: number
  push_at: number
  price: number
  goods_type: GoodsType
  server_id: number | null
}

/** ON_SALE listings per game/type/area/server/platform (0 and '' stand for none), kept by triggers. */
export interface GoodsCountsTable {
  game_id: number
  goods_type: GoodsType
  area_id: number
  server_id: number
  platform: string
  n: number
}

export interface GoodsTables {
  goods: GoodsTable
  goods_descriptions: GoodsDescriptionsTable
  goods_attr_index: GoodsAttrIndexTable
  goods_counts: GoodsCountsTable
}
