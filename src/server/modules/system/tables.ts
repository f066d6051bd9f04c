/** Row types of the tables the system module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface MenusTable {
  id: Generated<number>
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
  /** the permission string a console page or button needs (migration 0040; docs/console.md) */
  perms: Generated<string | null>
  /** meta.activeMenu: the menu item highlighted for a hidden page */
  active_menu: Generated<string | null>
  redirect: Generated<string | null>
  /** 1: the visited tab cannot be closed */
  affix: Generated<number>
  /** the code's entry this row is (its full path), null for rows staff created (migration 0310; db/seed/reference.ts) */
  ref_key: Generated<string | null>
}

export interface RoleMenusTable {
  role_id: number
  menu_id: number
}

export interface DictDataTable {
  id: Generated<number>
  dict_type: string
  dict_label: string
  dict_value: string
  dict_sort: number
  list_class: string
  css_class: string
  is_default: string
  status: string
  /** 1: the app's code uses the entry (value fixed, never deleted); 0: added by staff (migration 0110) */
  builtin: Generated<number>
}

export interface SysConfigTable {
  id: Generated<number>
  config_key: string
  config_value: string
  config_name: string
}

/** The code's reference entries a database has been given (migration 0310; db/seed/reference.ts). */
export interface ReferenceKeysTable {
  /** `menu:<full path>`, `dict:<type>:<value>`, `config:<key>`, `role:<key>`, `grant:<role>:<permission>` */
  ref_key: string
}

export interface SystemTables {
  menus: MenusTable
  role_menus: RoleMenusTable
  dict_data: DictDataTable
  sys_config: SysConfigTable
  reference_keys: ReferenceKeysTable
}
