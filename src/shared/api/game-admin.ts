/**
 * Console: 游戏管理 (docs/console.md) — games, their areas and servers, and the two configs the public
 * calls serve: the goods types with their attribute fields (getGameConfig) and the delivery fields
 * (getGameTransferCollectConfig). Every save is checked here by shape (TypeBox) and by the server's
 * rules (game/config-rules.ts) so a bad config never reaches the publish page. Plain data: no Node,
 * no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, int, list, oneOf, optional, paging, pattern, strict, text, Type } from './fields'
import type {
  AttributeField,
  Game,
  GameConfig,
  GameServer,
  GameTransferCollectConfig,
  TransferField,
} from './game'
import { GOODS_TYPES } from './goods'

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

const byGame = strict({ gameId: id('游戏编号') })

export const GAME_ADMIN = {
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

export type GameAdminListQuery = QueryOf<typeof GAME_ADMIN.list>
export type GameSaveBody = BodyOf<typeof GAME_ADMIN.save>
export type GameAreasBody = BodyOf<typeof GAME_ADMIN.areas>
export type GameConfigBody = BodyOf<typeof GAME_ADMIN.config>
export type GameTransferBody = BodyOf<typeof GAME_ADMIN.transfer>
