/** Row types of the tables the follow module owns (docs/architecture.md, "modules own their data"). */

export interface GoodsFollowsTable {
  user_id: number
  goods_id: number
  price_at_follow: number
  created_at: number
}

export interface FollowTables {
  goods_follows: GoodsFollowsTable
}
