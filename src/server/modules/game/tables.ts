/** Row types of the tables the game module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface GamesTable {
  id: Generated<number>
  name_cn: string
  name_en: string
  initial: string
  icon: string
  /** JSON array text, e.g. '["iOS","Android"]' */
  platforms: string
  hot: number
  sort: number
  description: string
  status: string
}

export interface GameServersTable {
  id: Generated<number>
  game_id: number
  /** null for an area (大区) */
  parent_id: number | null
  name: string
  platform: string | null
  sort: number
}

export interface GameConfigsTable {
  game_id: number
  /** JSON: GoodsTypeConfig[] */
  goods_types: string
  /** JSON: TransferField[] */
  transfer_fields: string
  protection_days: number
  updated_at: number
}

export interface GameTables {
  games: GamesTable
  game_servers: GameServersTable
  game_configs: GameConfigsTable
}
