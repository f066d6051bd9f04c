/**
 * Games: the game list, one game with its areas (大区) and servers, and what a listing of a game is
 * checked against — the goods types it allows with their attribute fields (getGameConfig) and the
 * fields a seller hands over on delivery (getGameTransferCollectConfig). Also the games of the
 * caller's own listings and follows; staff manage all of it (GAME_STAFF). Plain data: no Node, no
 * DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, int, list, oneOf, optional, paging, pattern, strict, text, Type } from './fields'
import { GOODS_TYPES, type GoodsType } from './goods'

export interface Game {
  gameId: number
  nameCn: string
  nameEn: string
  /** first letter of the pinyin, A-Z, for the game index */
  initial: string
  icon: string
  /** e.g. ['PC', 'iOS', 'Android'] */
  platforms: string[]
  hot: boolean
  sort: number
}

export interface GameServer {
  serverId: number
  gameId: number
  /** null for an area (大区), the area id for a server inside it */
  parentId: number | null
  name: string
  platform: string | null
}

/** An area (大区) with its servers. */
export type GameArea = GameServer & { children: GameServer[] }

export interface GameDetail extends Game {
  description: string
  areas: GameArea[]
}

/** One attribute a listing of a goods type must or may carry (getGameConfig). */
export interface AttributeField {
  key: string
  label: string
  kind: 'select' | 'multiselect' | 'number' | 'text' | 'boolean'
  required: boolean
  /** choices of select / multiselect */
  options?: string[]
  min?: number
  max?: number
  unit?: string
  /** offered as a filter on /list.html */
  filterable: boolean
}

export interface GoodsTypeConfig {
  goodsType: GoodsType
  label: string
  /** a listing of this type names its area (大区) and server when the game has them */
  requireServer: boolean
  attributes: AttributeField[]
}

export interface GameConfig {
  gameId: number
  goodsTypes: GoodsTypeConfig[]
  /** days the seller's money stays in escrow after completion (docs/trading-rules.md) */
  protectionDays: number
}

/** A field the seller hands over on delivery (getGameTransferCollectConfig). */
export interface TransferField {
  key: string
  label: string
  /**
   * how the value is checked (src/shared/rules/transfer.ts): free text, password, mainland mobile,
   * long text, e-mail, mainland ID number (GB 11643 checksum), a person's name, QQ number, or a login
   * account (QQ, WeChat id, mobile or e-mail)
   */
  kind: 'text' | 'password' | 'phone' | 'textarea' | 'email' | 'idcard' | 'name' | 'qq' | 'account'
  /** shorter than the kind's own limit, when the game needs it */
  maxLength?: number
  required: boolean
  /** masked to the seller, shown in clear only to the buyer of a paid order */
  secret: boolean
  placeholder?: string
}

export interface GameTransferCollectConfig {
  gameId: number
  fields: TransferField[]
}

const byGame = strict({ gameId: id('游戏编号') })

export const GAME = {
  /** every game on the site, in display order */
  list: endpoint({ method: 'GET', path: '/goods/game/getGames', access: 'public', answer: data<Game[]>() }),
  /** 游戏不存在 (404) for an unknown game */
  detail: endpoint({
    method: 'GET',
    path: '/goods/game/getGamesById',
    access: 'public',
    query: byGame,
    answer: data<GameDetail>(),
  }),
  /** every area and server of a game in one flat list (parentId tells which is which) */
  servers: endpoint({
    method: 'GET',
    path: '/goods/game/getGameServers',
    access: 'public',
    query: byGame,
    answer: data<GameServer[]>(),
  }),
  /** the servers of one area; 大区不存在 (404) for an unknown one */
  areaServers: endpoint({
    method: 'GET',
    path: '/goods/game/getAreaServers',
    access: 'public',
    query: strict({ areaId: id('大区编号') }),
    answer: data<GameServer[]>(),
  }),
  /** the areas of a game with their servers as children */
  areas: endpoint({
    method: 'GET',
    path: '/goods/game/getAreaServersByGameId',
    access: 'public',
    query: byGame,
    answer: data<GameArea[]>(),
  }),
  /** the goods types a game allows and the attribute fields of each (the list's filters, the publish form) */
  config: endpoint({
    method: 'GET',
    path: '/goods/game/getGameConfig',
    access: 'public',
    query: byGame,
    answer: data<GameConfig>(),
  }),
  /** the fields a seller hands over on delivery of an account of this game */
  transferConfig: endpoint({
    method: 'GET',
    path: '/goods/game/getGameTransferCollectConfig',
    access: 'public',
    query: byGame,
    answer: data<GameTransferCollectConfig>(),
  }),
  /** games the caller has listings in (any state) */
  mine: endpoint({ method: 'GET', path: '/goods/game/getMyGames', access: 'user', answer: data<Game[]>() }),
  /** games of the caller's agency-sale (代售) listings: none until agency sale exists */
  myAgencySale: endpoint({
    method: 'GET',
    path: '/goods/game/getMyAgencySaleGames',
    access: 'user',
    answer: data<Game[]>(),
  }),
  /** games of the listings the caller follows */
  followed: endpoint({
    method: 'GET',
    path: '/goods/game/getGamesByFollow',
    access: 'user',
    answer: data<Game[]>(),
  }),
}

// ------------------------------------------------------------------ staff: 游戏管理 (docs/console.md)
// Games (hidden ones too), their areas and servers, and the two configs the public calls serve. Every
// save is checked here by shape (TypeBox) and by the server's rules (game/config-rules.ts), so a bad
// config never reaches the publish page.

/** '0' on the site, '1' hidden from buyers (listings and orders of the game stay as they are). */
export const GAME_STATUSES = ['0', '1'] as const
export type GameStatus = (typeof GAME_STATUSES)[number]
export const GAME_STATUS_LABELS: Record<GameStatus, string> = { '0': '正常', '1': '停用' }

export const ATTRIBUTE_KINDS = ['select', 'multiselect', 'number', 'text', 'boolean'] as const
export const ATTRIBUTE_KIND_LABELS: Record<AttributeField['kind'], string> = {
  select: '单选',
  multiselect: '多选',
  number: '数字',
  text: '文本',
  boolean: '是/否',
}
export const TRANSFER_KINDS = [
  'text',
  'password',
  'phone',
  'textarea',
  'email',
  'idcard',
  'name',
  'qq',
  'account',
] as const
export const TRANSFER_KIND_LABELS: Record<TransferField['kind'], string> = {
  text: '文本',
  password: '密码',
  phone: '手机号',
  textarea: '长文本',
  email: '邮箱',
  idcard: '身份证号',
  name: '姓名',
  qq: 'QQ 号',
  account: '登录账号',
}

export const GAME_LIMITS = {
  name: 30,
  description: 500,
  platforms: 6,
  areas: 100,
  serversPerArea: 300,
  goodsTypes: GOODS_TYPES.length,
  attributes: 30,
  options: 100,
  optionLength: 30,
  transferFields: 20,
  protectionDaysMax: 30,
} as const

/** A game as staff see it: hidden ones too. */
export interface StaffGame extends Game {
  status: GameStatus
  description: string
}

/** An area or server with its display order (the tree editor's rows). */
export interface StaffServer extends GameServer {
  sort: number
}
export type StaffArea = StaffServer & { children: StaffServer[] }

export interface StaffGameDetail extends StaffGame {
  areas: StaffArea[]
  config: GameConfig
  transfer: GameTransferCollectConfig
}

const key = (title: string) => pattern(title, '^[\\S]+$', 30)
const label = (title: string) => text(title, 30)

const attributeSchema = strict(
  {
    key: key('属性标识'),
    label: label('属性名称'),
    kind: oneOf('属性类型', ATTRIBUTE_KINDS),
    required: bool('是否必填'),
    options: optional(list('可选项', text('可选项', GAME_LIMITS.optionLength), GAME_LIMITS.options)),
    min: optional(int('最小值', 0, 1_000_000_000_000)),
    max: optional(int('最大值', 0, 1_000_000_000_000)),
    unit: optional(text('单位', 10, 0)),
    filterable: bool('是否可筛选'),
  },
  '属性',
)

const goodsTypeSchema = strict(
  {
    goodsType: oneOf('商品类型', GOODS_TYPES),
    label: label('类型名称'),
    requireServer: bool('需要区服'),
    attributes: list('属性', attributeSchema, GAME_LIMITS.attributes),
  },
  '商品类型配置',
)

const transferFieldSchema = strict(
  {
    key: key('字段标识'),
    label: label('字段名称'),
    kind: oneOf('字段类型', TRANSFER_KINDS),
    maxLength: optional(int('最大长度', 1, 500)),
    required: bool('是否必填'),
    secret: bool('是否保密'),
    placeholder: optional(text('输入提示', 50, 0)),
  },
  '交接字段',
)

const serverSchema = strict(
  {
    /** absent for a new one */
    serverId: optional(id('区服编号')),
    name: text('区服名称', GAME_LIMITS.name),
    platform: optional(Type.Union([text('平台', 20), Type.Null()], { title: '平台' })),
  },
  '区服',
)
const areaSchema = strict(
  {
    serverId: optional(id('大区编号')),
    name: text('大区名称', GAME_LIMITS.name),
    platform: optional(Type.Union([text('平台', 20), Type.Null()], { title: '平台' })),
    children: list('区服', serverSchema, GAME_LIMITS.serversPerArea),
  },
  '大区',
)

export const GAME_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/game/list',
    access: 'user',
    permission: PERMS.gameList,
    query: strict({
      ...paging(),
      keyword: optional(text('游戏名称', 30, 0)),
      status: optional(oneOf('状态', GAME_STATUSES)),
    }),
    answer: page<StaffGame>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/console/game/detail',
    access: 'user',
    permission: PERMS.gameList,
    query: byGame,
    answer: data<StaffGameDetail>(),
  }),
  /** a new game (no gameId) or a change of one; the icon is an upload of the image module */
  save: endpoint({
    method: 'POST',
    path: '/console/game/save',
    access: 'user',
    permission: PERMS.gameEdit,
    body: strict({
      gameId: optional(id('游戏编号')),
      nameCn: text('游戏名称', GAME_LIMITS.name),
      nameEn: text('英文名', 60, 0),
      initial: pattern('首字母', '^[A-Z]$', 1),
      /** an image the caller uploaded (cropped to a square icon); absent: keep the icon */
      iconImageId: optional(text('图标', 32)),
      platforms: list('平台', text('平台', 20), GAME_LIMITS.platforms, 1),
      hot: bool('热门'),
      sort: int('排序', 0, 9999),
      description: text('简介', GAME_LIMITS.description, 0),
    }),
    answer: data<StaffGame>(),
  }),
  /** '1' hides the game from buyers (list, game pages, new listings); listings and orders stay */
  status: endpoint({
    method: 'POST',
    path: '/console/game/status',
    access: 'user',
    permission: PERMS.gameEdit,
    body: strict({ gameId: id('游戏编号'), status: oneOf('状态', GAME_STATUSES) }),
    answer: data<StaffGame>(),
  }),
  /** the whole area/server tree of a game; rows without serverId are new, missing rows are removed */
  areas: endpoint({
    method: 'POST',
    path: '/console/game/areas',
    access: 'user',
    permission: PERMS.gameEdit,
    body: strict({ gameId: id('游戏编号'), areas: list('大区', areaSchema, GAME_LIMITS.areas) }),
    answer: data<StaffArea[]>(),
  }),
  /** goods types and their attributes (getGameConfig) */
  config: endpoint({
    method: 'POST',
    path: '/console/game/config',
    access: 'user',
    permission: PERMS.gameEdit,
    body: strict({
      gameId: id('游戏编号'),
      goodsTypes: list('商品类型', goodsTypeSchema, GAME_LIMITS.goodsTypes),
      protectionDays: int('保障期天数', 0, GAME_LIMITS.protectionDaysMax),
    }),
    answer: data<GameConfig>(),
  }),
  /** the delivery fields (getGameTransferCollectConfig) */
  transfer: endpoint({
    method: 'POST',
    path: '/console/game/transfer',
    access: 'user',
    permission: PERMS.gameEdit,
    body: strict({
      gameId: id('游戏编号'),
      fields: list('交接字段', transferFieldSchema, GAME_LIMITS.transferFields),
    }),
    answer: data<GameTransferCollectConfig>(),
  }),
}

export type GameStaffListQuery = QueryOf<typeof GAME_STAFF.list>
export type GameSaveBody = BodyOf<typeof GAME_STAFF.save>
export type GameAreasBody = BodyOf<typeof GAME_STAFF.areas>
export type GameConfigBody = BodyOf<typeof GAME_STAFF.config>
export type GameTransferBody = BodyOf<typeof GAME_STAFF.transfer>
