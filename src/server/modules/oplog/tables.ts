/** Row types of the tables the oplog module owns (docs/console.md, "Operation log"). */
import type { Generated } from 'kysely'

export interface OpLogsTable {
  id: Generated<number>
  /** null: the caller was not logged in */
  user_id: number | null
  user_name: string
  /** what part of the console: goods, funds, trade, system, game, notice… */
  module: string
  /** what was done: approve, reject, lock, ruling… (`denied` rows carry the permission asked for) */
  action: string
  /** the object: listing id, withdrawal number, order number, user id… */
  target: string
  /** JSON of the object before / after the change (null when not applicable) */
  before_json: string | null
  after_json: string | null
  ip: string
  /** 'SUCCESS' | 'DENIED' */
  status: string
  /** a reason or a note (the rejection reason, the permission refused…) */
  detail: string
  created_at: number
}

export interface LoginLogsTable {
  id: Generated<number>
  user_id: number | null
  user_name: string
  ip: string
  user_agent: string
  /** '0' success, '1' failure */
  status: string
  msg: string
  created_at: number
}

export interface ConsoleSettingsTable {
  user_id: number
  /** JSON: ConsoleSettings of src/shared/api/console.ts */
  settings: string
  updated_at: number
}

export interface OplogTables {
  op_logs: OpLogsTable
  login_logs: LoginLogsTable
  console_settings: ConsoleSettingsTable
}
