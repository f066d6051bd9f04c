/**
 * Row types of the catalogue tables (migrations 0005-0008), merged into `Database` so the other
 * modules' schema file stays untouched. Money is integer fen (bigint), times epoch ms (bigint).
 */
import type { Generated } from 'kysely'
import type { GoodsStatus, GoodsType } from '../../shared/api'

export interface GameConfigsTable {
  game_id: number
  /** JSON: GoodsTypeConfig[] */
  goods_types: string
  /** JSON: TransferField[] */
  transfer_fields: string
  protection_days: number
  updated_at: number
}

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
}

export interface GoodsDescriptionsTable {
  goods_id: number
  description: string
}

export interface GoodsImagesTable {
  /** 32 hex chars; files <id>.jpg and <id>_t.jpg under DATA_DIR/uploads */
  id: string
  owner_id: number
  goods_id: number | null
  sort: number
  width: number
  height: number
  thumb_width: number
  thumb_height: number
  bytes: number
  created_at: number
}

/**
 * The filterable attribute values of ON_SALE listings, with the sort keys copied in, so an
 * attribute filter is one index range (kept in step by the goods repo's syncSearch).
 */
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

export interface GoodsFollowsTable {
  user_id: number
  goods_id: number
  price_at_follow: number
  created_at: number
}

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

export interface GoodsDeliveryAccountsTable {
  goods_id: number
  seller_id: number
  /** JSON: { key: "iv.tag.ciphertext" } each AES-256-GCM, base64 */
  fields_enc: string
  created_at: number
  updated_at: number
}

declare module './schema' {
  interface Database {
    game_configs: GameConfigsTable
    goods: GoodsTable
    goods_descriptions: GoodsDescriptionsTable
    goods_images: GoodsImagesTable
    goods_attr_index: GoodsAttrIndexTable
    goods_counts: GoodsCountsTable
    goods_follows: GoodsFollowsTable
    goods_pushes: GoodsPushesTable
    goods_batches: GoodsBatchesTable
    goods_delivery_accounts: GoodsDeliveryAccountsTable
  }
}
