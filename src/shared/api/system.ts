/**
 * Long because it is the domain's one list of endpoint declarations, public and staff (the console's
 * parameters, dictionaries and menus): a list, not logic (docs/api-conventions.md).
 *
 * The system module (RuoYi's): the logged-in user's menu tree (run-time routes), dictionaries and the
 * public parameters; for staff, the parameters (CONFIG_STAFF, with the registry of known keys), the
 * dictionaries (DICT_STAFF) and the console's menus (MENU_STAFF). Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, type BodyOf } from './contract'
import { Type, bool, id, int, oneOf, optional, pattern, strict, text } from './fields'
import { AI_STYLE_DICT } from './ai'
import { STATUSES, type Status } from './auth'
import { FEEDBACK_DICT } from './feedback'

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
  /** builtin (default) or widget: the external widget is offered only when cs.serviceUrl is set */
  csProvider: 'cs.provider',
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

// ------------------------------------------------------------------ staff: 参数设置 (docs/console.md)
// The registry of known parameters (their type, range and Chinese description) is here so the form
// and the server check a value by the same rule.

export type ConfigKind = 'boolean' | 'integer' | 'intList' | 'hours' | 'url' | 'text'

export interface ConfigSpec {
  label: string
  description: string
  kind: ConfigKind
  /** integer / intList: the bounds of each number; text: the length bounds */
  min?: number
  max?: number
  /** intList: how many numbers at most */
  maxItems?: number
  /** text: the only values allowed */
  choices?: readonly string[]
  /** set by the server itself (shown, not editable) */
  readOnly?: boolean
}

/**
 * The parameters the app reads, with the rule a value must keep. A key not listed here is edited as
 * text of at most CONFIG_VALUE_MAX characters.
 */
export const CONFIG_SPECS: Record<string, ConfigSpec> = {
  'sys.account.captchaEnabled': {
    label: '登录验证码',
    description: '由服务器启动参数决定，每次启动时写回此处，不能在控制台修改',
    kind: 'boolean',
    readOnly: true,
  },
  'sys.account.registerUser': {
    label: '开放注册',
    description: '关闭后注册页拒绝新用户注册',
    kind: 'boolean',
  },
  'site.name': { label: '站点名称', description: '页眉与页面标题中的站点名', kind: 'text', min: 1, max: 30 },
  'site.subtitle': { label: '站点副标题', description: '页眉标志旁的副标题', kind: 'text', min: 0, max: 60 },
  'cs.serviceHours': {
    label: '客服工作时间',
    description: '格式 HH:mm-HH:mm，例如 10:00-22:30；客服入口按此显示在线状态',
    kind: 'hours',
  },
  'cs.provider': {
    label: '在线客服方式',
    description:
      'builtin：站内客服（默认）；widget：外部客服挂件（需同时填写挂件脚本地址与企业编号，地址留空时仍用站内客服）',
    kind: 'text',
    choices: ['builtin', 'widget'],
  },
  'cs.serviceUrl': {
    label: '在线客服地址',
    description: 'http(s) 开头的挂件脚本地址；仅当在线客服方式为 widget 时使用，留空则不提供挂件',
    kind: 'url',
  },
  'cs.customerId': {
    label: '在线客服企业编号',
    description: '外部客服系统分配的编号（widget 方式）',
    kind: 'text',
    min: 0,
    max: 64,
  },
  'third.loginUrl': {
    label: '第三方登录地址',
    description: 'http(s) 开头的地址；留空则登录页不显示第三方登录',
    kind: 'url',
  },
  'goods.autoApprove': {
    label: '商品自动审核',
    description: '开启：新发布的商品直接上架；关闭：进入商品审核队列，由运营审核后上架',
    kind: 'boolean',
  },
  'goods.push.dailyQuota': {
    label: '商品推送每日次数',
    description: '每位卖家每天可推送商品的次数',
    kind: 'integer',
    min: 0,
    max: 100,
  },
  'goods.push.hourOptions': {
    label: '商品推送可选时长',
    description: '以英文逗号分隔的小时数，每项 1-168，例如 2,6,12,24',
    kind: 'intList',
    min: 1,
    max: 168,
    maxItems: 10,
  },
  'ai.draw.dailyQuota': {
    label: 'AI 绘画每日免费张数',
    description: '每位用户每天可免费生成的图片数',
    kind: 'integer',
    min: 0,
    max: 1000,
  },
  'ai.draw.maxConcurrent': {
    label: 'AI 绘画同时进行数',
    description: '每位用户同时排队或生成中的任务上限',
    kind: 'integer',
    min: 1,
    max: 10,
  },
  'protection.depositPercent': {
    label: '包赔保证金比例(%)',
    description: '账号包赔的保证金占成交价的百分比，货款结算时从卖家货款中冻结，期满无理赔自动解冻',
    kind: 'integer',
    min: 0,
    max: 100,
  },
  'trade.bid.floorPercent': {
    label: '最低出价默认比例(%)',
    description:
      '卖家未设置最低出价时，出价不能低于售价的这个百分比（向上取整到分）；0 为不限。卖家可在“我出售的商品”中为每件商品单独设置',
    kind: 'integer',
    min: 0,
    max: 99,
  },
  'protection.dayOptions': {
    label: '包赔期限可选天数',
    description: '以英文逗号分隔的天数，每项 1-365，例如 30,90,180；卖家发布账号时从中选择',
    kind: 'intList',
    min: 1,
    max: 365,
    maxItems: 5,
  },
}

export const CONFIG_VALUE_MAX = 500

const HOURS = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/

/** Why a value cannot be stored under the key (null: it can). The server and the form both ask. */
export function configProblem(key: string, value: string): string | null {
  const spec = CONFIG_SPECS[key]
  if (value.length > CONFIG_VALUE_MAX) return `参数值长度不能超过 ${CONFIG_VALUE_MAX} 个字符`
  if (!spec) return null
  const name = spec.label
  if (spec.readOnly) return `「${name}」由系统维护，不能修改`
  switch (spec.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : `「${name}」只能是 true 或 false`
    case 'integer': {
      if (!/^\d+$/.test(value)) return `「${name}」必须是整数`
      const n = Number(value)
      return n < (spec.min ?? 0) || n > (spec.max ?? Number.MAX_SAFE_INTEGER)
        ? `「${name}」必须在 ${spec.min} 到 ${spec.max} 之间`
        : null
    }
    case 'intList': {
      const parts = value.split(',').map((p) => p.trim())
      if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p)))
        return `「${name}」必须是以英文逗号分隔的整数`
      if (parts.length > (spec.maxItems ?? 10)) return `「${name}」最多 ${spec.maxItems} 项`
      if (parts.some((p) => Number(p) < (spec.min ?? 0) || Number(p) > (spec.max ?? Infinity)))
        return `「${name}」每项必须在 ${spec.min} 到 ${spec.max} 之间`
      if (new Set(parts.map(Number)).size !== parts.length) return `「${name}」不能有重复项`
      return null
    }
    case 'hours': {
      if (!HOURS.test(value)) return `「${name}」格式应为 HH:mm-HH:mm，例如 10:00-22:30`
      const [from, to] = value.split('-')
      return from < to ? null : `「${name}」的结束时间必须晚于开始时间`
    }
    case 'url':
      return value === '' || /^https?:\/\/[^\s]+$/.test(value)
        ? null
        : `「${name}」必须以 http:// 或 https:// 开头`
    case 'text':
      if (spec.choices && !spec.choices.includes(value))
        return `「${name}」只能是 ${spec.choices.join(' 或 ')}`
      if (value.trim().length < (spec.min ?? 0)) return `「${name}」不能为空`
      return value.length > (spec.max ?? CONFIG_VALUE_MAX)
        ? `「${name}」长度不能超过 ${spec.max} 个字符`
        : null
  }
}

export interface StaffConfig {
  configId: number
  configKey: string
  configName: string
  configValue: string
  /** the registry's entry; null for a key the app does not know (edited as text) */
  spec: ConfigSpec | null
}

export const CONFIG_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/config/list',
    access: 'user',
    permission: PERMS.configList,
    query: strict({ keyword: optional(text('参数名称', 64)) }),
    answer: data<StaffConfig[]>(),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/console/config/edit',
    access: 'user',
    permission: PERMS.configEdit,
    body: strict({
      configKey: pattern('参数键名', '^[A-Za-z][A-Za-z0-9_.-]{0,99}$', 100),
      configValue: text('参数值', CONFIG_VALUE_MAX, 0),
    }),
    answer: data<StaffConfig>(),
  }),
}

// ------------------------------------------------------------------ staff: 字典管理 (docs/console.md)

/** The colours of an entry's tag (RuoYi's listClass; '' for none). */
export const DICT_LIST_CLASSES = ['', 'default', 'primary', 'success', 'info', 'warning', 'danger'] as const

/** Names of the dictionaries the app uses (a type not listed shows its key). */
export const DICT_TYPE_NAMES: Record<string, string> = {
  sys_user_sex: '用户性别',
  sys_normal_disable: '启用状态',
  sys_yes_no: '是否',
  goods_type: '商品类型',
  goods_status: '商品状态',
  order_status: '订单状态',
  message_type: '消息类型',
  notice_type: '公告类型',
  platform: '客户端平台',
  withdraw_status: '提现状态',
  dispute_state: '纠纷状态',
  ruling_decision: '裁决结果',
  op_log_status: '操作状态',
  [FEEDBACK_DICT]: '反馈类型',
  [AI_STYLE_DICT]: 'AI 绘画风格',
}

/**
 * Dictionaries whose entries are choices offered to users (a feedback type, a drawing style): a
 * built-in entry of these may be disabled (no longer offered). Every other dictionary labels states
 * the app's rows are in, so their built-in entries stay enabled (a disabled one would leave rows
 * without a label).
 */
export const DICT_CHOICE_TYPES: readonly string[] = [FEEDBACK_DICT, AI_STYLE_DICT]

export interface StaffDictType {
  dictType: string
  dictName: string
  entries: number
  enabled: number
}

export interface StaffDictEntry {
  dictCode: number
  dictType: string
  dictLabel: string
  dictValue: string
  dictSort: number
  listClass: string
  isDefault: 'Y' | 'N'
  /** '0' enabled, '1' disabled */
  status: '0' | '1'
  /** used by the app's code: its value is fixed and it cannot be deleted */
  builtin: boolean
}

const dictTypeField = () => pattern('字典类型', '^[a-z][a-z0-9_]{0,99}$', 100)
const entryFields = {
  dictLabel: Type.String({ title: '字典标签', minLength: 1, maxLength: 50, pattern: '\\S' }),
  listClass: oneOf('标签颜色', DICT_LIST_CLASSES),
  dictSort: int('排序', 0, 9999),
  status: oneOf('状态', ['0', '1'] as const),
}
const dictValueField = () => pattern('字典键值', '^[A-Za-z0-9_.:-]{1,100}$', 100)

export const DICT_STAFF = {
  types: endpoint({
    method: 'GET',
    path: '/console/dict/types',
    access: 'user',
    permission: PERMS.dictList,
    answer: data<StaffDictType[]>(),
  }),
  /** a dictionary's entries, disabled ones too */
  entries: endpoint({
    method: 'GET',
    path: '/console/dict/data/:dictType',
    access: 'user',
    permission: PERMS.dictList,
    params: strict({ dictType: dictTypeField() }),
    answer: data<StaffDictEntry[]>(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/console/dict/data/add',
    access: 'user',
    permission: PERMS.dictEdit,
    body: strict({ dictType: dictTypeField(), dictValue: dictValueField(), ...entryFields }),
    answer: data<StaffDictEntry>(),
  }),
  /** label, colour, sort, status; the value only of an entry staff added */
  edit: endpoint({
    method: 'POST',
    path: '/console/dict/data/edit',
    access: 'user',
    permission: PERMS.dictEdit,
    body: strict({ dictCode: id('字典编码'), dictValue: optional(dictValueField()), ...entryFields }),
    answer: data<StaffDictEntry>(),
  }),
  /** only an entry staff added (built-in entries are disabled instead, where allowed) */
  remove: endpoint({
    method: 'POST',
    path: '/console/dict/data/remove',
    access: 'user',
    permission: PERMS.dictEdit,
    body: strict({ dictCode: id('字典编码') }),
    answer: none(),
  }),
}

export type DictAddBody = BodyOf<typeof DICT_STAFF.add>
export type DictEditBody = BodyOf<typeof DICT_STAFF.edit>

// ------------------------------------------------------------------ staff: 菜单管理
// docs/console.md, "Roles and permissions".
// The console's menu tree. Reading needs system:menu:list, every change system:menu:edit (admin only
// by default).

export const MENU_LIMITS = { name: 30, path: 60, icon: 40, orderMax: 9999, activeMenu: 100 } as const
/** a top-level console row: /console/<segment>; a row inside a directory: <segment> */
export const MENU_TOP_PATH = '^/console/[a-z][A-Za-z0-9_-]{0,39}$'
export const MENU_CHILD_PATH = '^[a-z][A-Za-z0-9_-]{0,39}$'

export interface StaffMenu {
  menuId: number
  /** null: a top-level row */
  parentId: number | null
  menuName: string
  /** 'M' directory, 'C' page */
  menuType: 'M' | 'C'
  path: string
  component: string
  icon: string
  orderNum: number
  hidden: boolean
  noCache: boolean
  affix: boolean
  status: Status
  perms: string | null
  activeMenu: string | null
  children?: StaffMenu[]
}

const menuFields = {
  /** absent: a top-level row */
  parentId: optional(id('上级菜单')),
  menuName: text('菜单名称', MENU_LIMITS.name),
  menuType: oneOf('菜单类型', ['M', 'C'] as const),
  path: pattern('路由地址', '^/?[A-Za-z0-9_/-]+$', MENU_LIMITS.path),
  component: pattern('组件', '^[A-Za-z][A-Za-z0-9]{0,39}$', 40),
  icon: optional(text('图标', MENU_LIMITS.icon, 0)),
  orderNum: int('显示排序', 0, MENU_LIMITS.orderMax),
  hidden: bool('隐藏'),
  noCache: bool('不缓存'),
  affix: bool('固定标签'),
  status: oneOf('状态', STATUSES),
  /** a page's permission string (required for a page; none for a directory) */
  perms: optional(Type.String({ title: '权限字符', maxLength: 60 })),
  activeMenu: optional(
    Type.String({
      title: '高亮菜单',
      maxLength: MENU_LIMITS.activeMenu,
      pattern: '^(/console(/[A-Za-z0-9_-]+)+)?$',
    }),
  ),
}

const menuId = id('菜单编号')

export const MENU_STAFF = {
  /** the console's menu tree (every row, disabled and hidden ones too) */
  list: endpoint({
    method: 'GET',
    path: '/console/menu/list',
    access: 'user',
    permission: PERMS.menuList,
    answer: data<StaffMenu[]>(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/console/menu/add',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict(menuFields),
    answer: data<{ menuId: number }>(),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/console/menu/edit',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict({ menuId, ...menuFields }),
    answer: none(),
  }),
  /** only a row without children */
  remove: endpoint({
    method: 'POST',
    path: '/console/menu/remove',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict({ menuId }),
    answer: none(),
  }),
}

export type MenuBody = BodyOf<typeof MENU_STAFF.add>
export type MenuEditBody = BodyOf<typeof MENU_STAFF.edit>
