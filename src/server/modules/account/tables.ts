/** Row types of the tables the account module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface SecurityLogsTable {
  id: Generated<number>
  user_id: number
  /** SECURITY_ACTIONS */
  action: string
  detail: string
  ip: string
  created_at: number
}

export interface RealNamesTable {
  user_id: number
  /** AES-256-GCM (delivery/crypto.ts), context `realname:<userId>:name` */
  name_enc: string
  /** AES-256-GCM, context `realname:<userId>:id` */
  id_no_enc: string
  name_masked: string
  id_masked: string
  /** YYYY-MM-DD, from the ID number */
  birth_date: string
  /** PROVIDER (the verification provider said yes), MANUAL (staff), SEED (demo data) */
  source: string
  verified_at: number
}

export interface RealNameReviewsTable {
  id: Generated<number>
  user_id: number
  name_enc: string
  id_no_enc: string
  name_masked: string
  id_masked: string
  birth_date: string
  reason: string
  /** PENDING, APPROVED, REJECTED */
  status: string
  remark: string
  created_at: number
  decided_at: number | null
  decided_by: number | null
}

export interface AccountTicketsTable {
  /** sha256 hex of the ticket */
  token_hash: string
  user_id: number
  purpose: string
  expires_at: number
  used_at: number | null
}

export interface WriteoffRequestsTable {
  id: Generated<number>
  user_id: number
  /** PENDING (cooling off), CANCELLED, DONE */
  status: string
  requested_at: number
  due_at: number
  ended_at: number | null
}

export interface UserProfilesTable {
  user_id: number
  /** dictionary sys_user_sex: 0 男, 1 女, 2 未知 */
  gender: string
  qq: string
  signature: string
  email_verified: number
}

export interface AccountTables {
  security_logs: SecurityLogsTable
  real_names: RealNamesTable
  real_name_reviews: RealNameReviewsTable
  account_tickets: AccountTicketsTable
  writeoff_requests: WriteoffRequestsTable
  user_profiles: UserProfilesTable
}
