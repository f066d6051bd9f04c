/**
 * The catalogue contract (issue: catalogue and listings): games' listing configs, listings, search,
 * images, batch publish, delivery accounts, push, follow, shops. Money is integer fen everywhere.
 */
import type { PageQuery, TableResult } from './envelope'

export type GoodsType = 'ACCOUNT' | 'COIN' | 'ITEM' | 'RECHARGE'
/** 审核中 → 在售 → 已下架 / 已售出 */
export type GoodsStatus = 'AUDITING' | 'ON_SALE' | 'OFF_SHELF' | 'SOLD'
export type GoodsSort = 'default' | 'price_asc' | 'price_desc' | 'newest'

export const GOODS_TYPE_LABELS: Record<GoodsType, string> = {
  ACCOUNT: '账号',
  COIN: '游戏币',
  ITEM: '道具',
  RECHARGE: '代充',
}
export const GOODS_STATUS_LABELS: Record<GoodsStatus, string> = {
  AUDITING: '审核中',
  ON_SALE: '在售',
  OFF_SHELF: '已下架',
  SOLD: '已售出',
}
export const GOODS_SORT_LABELS: Record<GoodsSort, string> = {
  default: '综合',
  price_asc: '价格从低到高',
  price_desc: '价格从高到低',
  newest: '最新发布',
}

export const GOODS_LIMITS = {
  /** 0.01 元 */
  priceMinFen: 1,
  /** 99,999,999.99 元 (needs a 64-bit column) */
  priceMaxFen: 9_999_999_999,
  titleMaxLength: 60,
  descriptionMaxLength: 2000,
  stockMax: 99_999,
  imagesMax: 12,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  batchMaxRows: 1000,
  batchMaxBytes: 5 * 1024 * 1024,
  /** uploaded images are scaled down to fit this box (px), thumbnails to the second */
  imageMaxDimension: 1920,
  thumbMaxDimension: 360,
  /** search counts stop here: `total` is min(matches, cap) and `totalCapped` says when there are more */
  searchCountCap: 10_000,
  searchPageSizeMax: 50,
  /** length of one delivery-account value (textarea fields: 1000) */
  deliveryValueMaxLength: 200,
  deliveryTextareaMaxLength: 1000,
} as const

/** Fixed Chinese answers of the catalogue (the renderer may check the same things first). */
export const GOODS_MSG = {
  NOT_FOUND: '商品不存在',
  IMAGE_FORMAT: '图片格式不支持，仅支持 JPEG/PNG/WebP',
  IMAGE_TOO_LARGE: '图片不能超过 5 MB',
  IMAGE_REQUIRED: '请选择要上传的图片',
  IMAGE_TOO_MANY_PIXELS: '图片尺寸过大',
  IMAGE_NOT_AVAILABLE: '图片不存在或已被使用，请重新上传',
  BATCH_TOO_MANY_ROWS: '单次最多导入 1000 行',
  BATCH_ENCODING: '文件编码无法识别，请使用 UTF-8 或 GBK 编码保存',
  BATCH_FILE_TOO_LARGE: '文件不能超过 5 MB',
  BATCH_FILE_REQUIRED: '请选择要导入的文件',
  BATCH_BAD_FILE: '文件格式不正确，请上传 CSV 或 XLSX 文件',
  BATCH_NOT_FOUND: '批次不存在或已过期，请重新上传',
  BATCH_PUBLISHED: '该批次已发布，请勿重复提交',
  BATCH_EMPTY: '没有可发布的商品',
  SOLD_LOCKED: '已售出的商品不能修改',
  /** an account listing is published and edited with at least one screenshot */
  SCREENSHOT_REQUIRED: '账号类商品请至少上传 1 张截图',
  /** a batch account row (a spreadsheet carries no images) is created off the shelf with this reason */
  SCREENSHOT_HOLD: '请上传至少 1 张截图后上架',
  /** a listing that was on sale and was taken off it: shown to everyone as 已下架, not sold */
  OFF_SHELF: '商品已下架',
} as const

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

export type AttributeValue = string | number | boolean | string[]
export type Attributes = Record<string, AttributeValue>

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
  /** days the seller's money stays in escrow after completion (trading issue) */
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

export interface GoodsImage {
  imageId: string
  /** watermarked, re-encoded at quality 90 */
  url: string
  thumbUrl: string
  width: number
  height: number
}

/** A row of the search / list / shop / follow lists. */
export interface GoodsBrief {
  goodsId: number
  gameId: number
  gameName: string
  goodsType: GoodsType
  title: string
  /** fen */
  price: number
  stock: number
  status: GoodsStatus
  platform: string | null
  areaId: number | null
  areaName: string | null
  serverId: number | null
  serverName: string | null
  coverUrl: string | null
  /** the listing's attribute values (labels are in GameConfig) */
  attributes: Attributes
  sellerId: number
  shopName: string
  /** shown as 推荐 while a push is active */
  pushed: boolean
  viewCount: number
  followCount: number
  createdAt: number
  /** seller views only (seller list / detail): why an audit rejected it */
  auditRemark?: string
}

export interface ShopCard {
  shopId: number
  shopName: string
  avatar: string
  /** when the seller registered */
  since: number
  onSaleCount: number
  soldCount: number
}

export interface GoodsDetail extends GoodsBrief {
  description: string
  images: GoodsImage[]
  seller: ShopCard
  /** the caller follows it (false when logged out) */
  followed: boolean
  /** the caller is the seller */
  isOwner: boolean
  /** the seller's delivery account is handed over by the platform the moment the buyer pays */
  autoDelivery: boolean
}

export interface ShopProfile extends ShopCard {
  intro: string
  /** games the shop sells in */
  games: Array<{ gameId: number; nameCn: string; count: number }>
}

export interface GoodsSearchQuery extends PageQuery {
  gameId?: number
  goodsType?: GoodsType
  platform?: string
  areaId?: number
  serverId?: number
  /** fen, inclusive */
  priceMin?: number
  priceMax?: number
  keyword?: string
  /** attribute filters, sent as attrs[key]=value (the request layer flattens objects this way) */
  attrs?: Record<string, string>
  sort?: GoodsSort
  /** a shop's listings */
  sellerId?: number
}

export interface PublishGoodsBody {
  gameId: number
  goodsType: GoodsType
  platform?: string
  areaId?: number
  serverId?: number
  title: string
  description: string
  /** fen */
  price: number
  stock: number
  attributes: Attributes
  /** ids from the image upload, in display order; the first is the cover */
  imageIds: string[]
}

export type UpdateGoodsBody = PublishGoodsBody & { goodsId: number }

export interface PublishGoodsResult {
  goodsId: number
  /** ON_SALE when listings are approved automatically (sys_config goods.autoApprove), else AUDITING */
  status: GoodsStatus
}

/** Admin decision on a listing waiting in AUDITING: approve → ON_SALE, reject → OFF_SHELF. */
export interface AuditGoodsBody {
  goodsId: number
  approve: boolean
  /** shown to the seller when rejected */
  reason?: string
}

/** The search answer: the list envelope plus whether `total` stopped at GOODS_LIMITS.searchCountCap. */
export interface GoodsSearchResult extends TableResult<GoodsBrief> {
  totalCapped: boolean
}

export interface GoodsIdBody {
  goodsId: number
}

export interface UpdatePriceBody {
  goodsId: number
  price: number
}

export interface MyGoodsQuery extends PageQuery {
  status?: GoodsStatus
  gameId?: number
  keyword?: string
}

export interface HomeGoods {
  recommended: GoodsBrief[]
  newest: GoodsBrief[]
}

export interface FollowedGoods extends GoodsBrief {
  followedAt: number
  /** fen, the price when followed */
  priceWhenFollowed: number
  /** fen, current price − price when followed (negative: cheaper now) */
  priceChange: number
}

export interface BatchRowResult {
  /** 1-based row number in the file, header excluded */
  rowNo: number
  ok: boolean
  /** Chinese reasons, empty when ok */
  errors: string[]
  title: string
  price: number | null
  /** a valid row that will not go on sale by itself: why (no screenshot yet, held for review) */
  notes?: string[]
}

export interface BatchPreview {
  batchId: string
  gameId: number
  goodsType: GoodsType
  totalRows: number
  validRows: number
  invalidRows: number
  rows: BatchRowResult[]
}

export interface BatchPublishResult {
  published: number
  goodsIds: number[]
  /** of those, listings not put on sale (account rows without a screenshot, text held for review) */
  held: number
}

export interface DeliveryAccount {
  goodsId: number
  goodsTitle: string
  gameId: number
  /** values masked for the seller (e.g. ab****yz) */
  fields: Record<string, string>
  /** false: no credentials saved yet (fields empty, updatedAt 0) */
  saved: boolean
  /** every required field is filled and valid: automatic delivery may be switched on */
  complete: boolean
  /** the platform hands these over at payment (only while complete) */
  autoDelivery: boolean
  updatedAt: number
}

export interface AutoDeliveryBody {
  goodsId: number
  enabled: boolean
}

export interface SaveDeliveryAccountBody {
  goodsId: number
  fields: Record<string, string>
}

export interface PushQuota {
  dailyQuota: number
  usedToday: number
  /** durations a seller may choose, in hours */
  hourOptions: number[]
}

export interface PushBody {
  goodsId: number
  hours: number
}

export interface PushRecord {
  pushId: number
  goodsId: number
  goodsTitle: string
  startAt: number
  endAt: number
  active: boolean
}

/** Paths of the catalogue, relative to /api. */
export const GOODS_PATHS = {
  gameConfig: '/goods/game/getGameConfig',
  gameTransferCollectConfig: '/goods/game/getGameTransferCollectConfig',
  myGames: '/goods/game/getMyGames',
  myAgencySaleGames: '/goods/game/getMyAgencySaleGames',
  gamesByFollow: '/goods/game/getGamesByFollow',

  search: '/goods/search',
  home: '/goods/home',
  detail: '/goods/detail/:goodsId',
  shop: '/goods/shop/:shopId',

  uploadImage: '/goods/image/upload',
  /** served files (not JSON): /api/goods/image/file/<name> */
  imageFile: '/goods/image/file/:name',

  publish: '/goods/seller/publish',
  update: '/goods/seller/update',
  myGoods: '/goods/seller/list',
  myGoodsDetail: '/goods/seller/detail/:goodsId',
  onShelf: '/goods/seller/onShelf',
  offShelf: '/goods/seller/offShelf',
  updatePrice: '/goods/seller/updatePrice',
  remove: '/goods/seller/remove',

  batchTemplate: '/goods/seller/batch/template',
  batchPreview: '/goods/seller/batch/preview',
  batchPublish: '/goods/seller/batch/publish',

  deliveryAccounts: '/goods/seller/deliveryAccount/list',
  saveDeliveryAccount: '/goods/seller/deliveryAccount/save',
  removeDeliveryAccount: '/goods/seller/deliveryAccount/remove',
  autoDelivery: '/goods/seller/deliveryAccount/autoDelivery',

  pushQuota: '/goods/seller/push/quota',
  push: '/goods/seller/push',
  pushList: '/goods/seller/push/list',

  follow: '/goods/follow',
  unfollow: '/goods/unfollow',
  followList: '/goods/follow/list',

  /** admin only: approve or reject a listing in AUDITING */
  adminAudit: '/goods/admin/audit',
} as const
