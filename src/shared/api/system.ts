/**
 * The system module (RuoYi's): the logged-in user's menu tree (run-time routes), dictionaries and the
 * public parameters. Plain data: no Node, no DOM.
 */
import { data, endpoint } from './contract'
import { pattern, strict } from './fields'

export interface RouterMeta {
  title: string
  icon?: string
  activeMenu?: string
  noCache?: boolean
  affix?: boolean
  link?: string | null
}

export interface RouterItem {
  name?: string
  path: string
  component?: string
  redirect?: string
  hidden?: boolean
  alwaysShow?: boolean
  meta?: RouterMeta
  children?: RouterItem[]
}

export interface DictData {
  dictCode: number
  dictType: string
  dictLabel: string
  dictValue: string
  dictSort: number
  listClass?: string
  cssClass?: string
  isDefault?: 'Y' | 'N'
}

/** The public parameters: anyone may read these; every other key answers 404. */
export const PUBLIC_CONFIG_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  registerUser: 'sys.account.registerUser',
  siteName: 'site.name',
  siteSubtitle: 'site.subtitle',
  csServiceHours: 'cs.serviceHours',
  csServiceUrl: 'cs.serviceUrl',
  csCustomerId: 'cs.customerId',
  thirdLoginUrl: 'third.loginUrl',
} as const

export const SYSTEM = {
  /** the menu tree of the caller's roles (admin: every menu) */
  routers: endpoint({ method: 'GET', path: '/getRouters', access: 'user', answer: data<RouterItem[]>() }),
  /** a dictionary's enabled entries in sort order ([] for an unknown type) */
  dict: endpoint({
    method: 'GET',
    path: '/system/dict/data/type/:dictType',
    access: 'public',
    params: strict({ dictType: pattern('字典类型', '^[a-z][a-z0-9_]{0,99}$', 100) }),
    answer: data<DictData[]>(),
  }),
  /** a public parameter's value, in `data` and (RuoYi) in `msg` */
  config: endpoint({
    method: 'GET',
    path: '/system/config/configKey/:configKey',
    access: 'public',
    params: strict({ configKey: pattern('参数键名', '^[A-Za-z][A-Za-z0-9_.-]{0,99}$', 100) }),
    answer: data<string>(),
  }),
}
