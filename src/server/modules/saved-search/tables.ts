/** Row types of the tables the saved-search module owns (docs/saved-searches.md). */
import type { Generated } from 'kysely'

export interface SavedSearchesTable {
  id: Generated<number>
  user_id: number
  name: string
  /** the list page's canonical query string (no page, no size) */
  query: string
  /** the query's game, null when it names none (matching loads a listing's game's searches by it) */
  game_id: number | null
  /** 1: alerts paused (nothing is matched) */
  paused: number
  /** listings matched since the user last opened the search */
  new_count: number
  /** when the last alert went out; the next one waits for the batching window after it */
  last_alert_at: number | null
  created_at: number
  updated_at: number
}

/** Listings that went on sale or got cheaper, waiting for the sweeper to match them (after their commit). */
export interface SavedSearchQueueTable {
  id: Generated<number>
  goods_id: number
  /** NEW: entered the search (published, approved, relisted); DROP: cheaper while on sale */
  kind: 'NEW' | 'DROP'
  created_at: number
}

/** A listing that matched a saved search; alerted_at null: waiting for the search's next alert. */
export interface SavedSearchMatchesTable {
  id: Generated<number>
  saved_search_id: number
  goods_id: number
  kind: 'NEW' | 'DROP'
  /** fen, the price when matched */
  price: number
  created_at: number
  alerted_at: number | null
}

export interface SavedSearchTables {
  saved_searches: SavedSearchesTable
  saved_search_queue: SavedSearchQueueTable
  saved_search_matches: SavedSearchMatchesTable
}
