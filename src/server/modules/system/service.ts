import { PUBLIC_CONFIG_KEYS, type DictData, type RouterItem } from '../../../shared/api/system'
import { ROLE_ADMIN } from '../../../shared/constants'
import type { Db } from '../../db'
import type { MenusTable } from './tables'
import type { Selectable } from 'kysely'
import { notFound } from '../../http/errors'
import { systemRepo } from './repo'

/** Parameters anyone may read through GET /system/config/configKey/:key; all others stay private. */
const PUBLIC_KEYS: ReadonlySet<string> = new Set(Object.values(PUBLIC_CONFIG_KEYS))

type MenuRow = Selectable<MenusTable>

/** 'buyOrder.html' → 'BuyOrder'; route names join the parent's, so they stay unique. */
const pascal = (path: string) =>
  path
    .replace(/\.html$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')

function toRouter(menu: MenuRow, byParent: Map<number, MenuRow[]>, parentName = ''): RouterItem {
  const name = parentName + pascal(menu.path)
  const meta = {
    title: menu.menu_name,
    icon: menu.icon,
    noCache: menu.no_cache === 1,
    link: null,
    ...(menu.affix === 1 ? { affix: true } : {}),
    ...(menu.active_menu ? { activeMenu: menu.active_menu } : {}),
  }
  const children = byParent.get(menu.id) ?? []
  if (menu.menu_type === 'M') {
    return {
      name,
      path: menu.path,
      hidden: menu.hidden === 1,
      redirect: menu.redirect ?? 'noRedirect',
      component: menu.component ?? 'Layout',
      alwaysShow: true,
      meta,
      children: children.map((child) => toRouter(child, byParent, name)),
    }
  }
  return {
    name,
    path: menu.path,
    hidden: menu.hidden === 1,
    component: menu.component ?? undefined,
    ...(menu.redirect ? { redirect: menu.redirect } : {}),
    meta,
  }
}

export function systemService(db: Db) {
  const repo = systemRepo(db)
  return {
    configValue: (configKey: string) => repo.configValue(configKey),

    /** The captcha switch is the server's setting; the parameter row mirrors it for the client. */
    syncCaptchaFlag: (enabled: boolean) =>
      repo.setConfigValue(PUBLIC_CONFIG_KEYS.captchaEnabled, String(enabled)),

    async publicConfigValue(configKey: string): Promise<string> {
      const value = PUBLIC_KEYS.has(configKey) ? await repo.configValue(configKey) : undefined
      if (value === undefined) throw notFound()
      return value
    },

    async dictData(dictType: string): Promise<DictData[]> {
      const rows = await repo.dictData(dictType)
      return rows.map((row) => ({
        dictCode: row.id,
        dictType: row.dict_type,
        dictLabel: row.dict_label,
        dictValue: row.dict_value,
        dictSort: row.dict_sort,
        listClass: row.list_class,
        cssClass: row.css_class,
        isDefault: row.is_default === 'Y' ? 'Y' : 'N',
      }))
    },

    /** The menu tree of getRouters: admin sees every menu, others what their roles are granted. */
    async routers(roleKeys: string[]): Promise<RouterItem[]> {
      if (roleKeys.length === 0) return []
      const menus = await repo.menus(roleKeys.includes(ROLE_ADMIN) ? null : roleKeys)
      const byParent = new Map<number, MenuRow[]>()
      for (const menu of menus) {
        if (menu.parent_id !== null)
          byParent.set(menu.parent_id, [...(byParent.get(menu.parent_id) ?? []), menu])
      }
      return menus.filter((menu) => menu.parent_id === null).map((menu) => toRouter(menu, byParent))
    },
  }
}

export type SystemService = ReturnType<typeof systemService>
