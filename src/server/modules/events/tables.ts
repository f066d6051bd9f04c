/**
 * The live event log, declared by the module that owns it (merged into the Database interface of
 * db/schema.ts by declaration merging, so Kysely knows the table everywhere).
 */
import type { Generated } from 'kysely'

export interface LiveEventsTable {
  id: Generated<number>
  user_id: number
  /** LiveEventType */
  type: string
  /** JSON text of the event's data */
  data: string
  created_at: number
}

export interface EventsTables {
  live_events: LiveEventsTable
}
