/** Row types of the tables the auth module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface UsersTable {
  id: Generated<number>
  user_name: string
  nick_name: string
  password_hash: string
  avatar: string
  phone: string
  email: string
  user_code: string
  status: string
  created_at: number
  updated_at: number
  last_login_at: number | null
  /** why staff locked the account (status '1'); null when never locked (migration 0040) */
  lock_reason: Generated<string | null>
  /** 1: staff reset the password; the user must choose a new one before anything else */
  must_change_password: Generated<number>
}

export interface RolesTable {
  id: Generated<number>
  role_key: string
  role_name: string
  sort: number
  status: string
  remark: Generated<string>
}

export interface UserRolesTable {
  user_id: number
  role_id: number
}

export interface RolePermissionsTable {
  role_id: number
  permission: string
}

export interface UserTokensTable {
  /** sha256 hex of the bearer token; the token itself is never stored */
  token_hash: string
  user_id: number
  created_at: number
  expires_at: number
  ip: string
  user_agent: string
}

export interface LoginFailuresTable {
  id: Generated<number>
  user_name: string
  at: number
  ip: string
}

export interface CaptchasTable {
  uuid: string
  answer_hash: string
  expires_at: number
}

export interface AuthTables {
  users: UsersTable
  roles: RolesTable
  user_roles: UserRolesTable
  role_permissions: RolePermissionsTable
  user_tokens: UserTokensTable
  login_failures: LoginFailuresTable
  captchas: CaptchasTable
}
