/**
 * Row types of every table (Kysely's view of the database). Columns are snake_case as stored;
 * timestamps are epoch milliseconds (bigint), booleans are integers 0/1, `status` is '0' normal /
 * '1' disabled (dict sys_normal_disable).
 */
import type { Generated } from 'kysely'
import type { NoticeType } from '../../shared/api'

type Id = Generated<number>

export interface UsersTable {
  id: Id
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
}

export interface RolesTable {
  id: Id
  role_key: string
  role_name: string
  sort: number
  status: string
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
  id: Id
  user_name: string
  at: number
  ip: string
}

export interface CaptchasTable {
  uuid: string
  answer_hash: string
  expires_at: number
}

export interface MenusTable {
  id: Id
  parent_id: number | null
  menu_name: string
  /** 'M' directory (a layout with children), 'C' page */
  menu_type: string
  path: string
  component: string | null
  icon: string
  order_num: number
  hidden: number
  no_cache: number
  status: string
}

export interface RoleMenusTable {
  role_id: number
  menu_id: number
}

export interface DictDataTable {
  id: Id
  dict_type: string
  dict_label: string
  dict_value: string
  dict_sort: number
  list_class: string
  css_class: string
  is_default: string
  status: string
}

export interface SysConfigTable {
  id: Id
  config_key: string
  config_value: string
  config_name: string
}

export interface GamesTable {
  id: Id
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
  id: Id
  game_id: number
  /** null for an area (大区) */
  parent_id: number | null
  name: string
  platform: string | null
  sort: number
}

export interface NoticesTable {
  /** explicit: the footer links to fixed notice ids (HELP_LINKS) */
  id: number
  notice_type: NoticeType
  title: string
  /** plain text, paragraphs separated by a blank line */
  content: string
  status: string
  created_at: number
  updated_at: number
}

export interface WebMessagesTable {
  id: Id
  user_id: number
  title: string
  content: string
  message_type: 'SYSTEM' | 'ORDER'
  is_read: number
  deleted: number
  created_at: number
}

export interface WarrantMessagesTable {
  id: Id
  order_no: string
  sender_id: number
  recipient_id: number
  content: string
  created_at: number
  read_at: number | null
}

export interface Database {
  users: UsersTable
  roles: RolesTable
  user_roles: UserRolesTable
  role_permissions: RolePermissionsTable
  user_tokens: UserTokensTable
  login_failures: LoginFailuresTable
  captchas: CaptchasTable
  menus: MenusTable
  role_menus: RoleMenusTable
  dict_data: DictDataTable
  sys_config: SysConfigTable
  games: GamesTable
  game_servers: GameServersTable
  notices: NoticesTable
  web_messages: WebMessagesTable
  warrant_messages: WarrantMessagesTable
}
