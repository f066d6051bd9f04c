/**
 * Long because it is the domain's one list of endpoint declarations, public and staff (GOODS_STAFF):
 * a list, not logic (docs/api-conventions.md).
 *
 * Listings: the buyer side (search, home, detail, shop) and the seller's management (publish, edit,
 * shelf, price, delete), and the staff audit (GOODS_STAFF). Money is integer fen everywhere. The request schemas
 * check shapes and plain bounds; the rules that need the database or the game's config (goods type
 * allowed, attributes, area/server of the game, images of the caller, price in 元) are checked by the
 * server's services, so their messages can speak 元. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type Page, type QueryOf } from './contract'
import { bool, id, int, list, nonBlank, oneOf, optional, paging, strict, text, Type } from './fields'
import type { Static } from 'typebox'

export const GOODS_TYPES = ['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE'] as const
export type GoodsType = (typeof GOODS_TYPES)[number]
/** 审核中 → 在售 → 已下架 / 已售出 */
export const GOODS_STATUSES = ['AUDITING', 'ON_SALE', 'OFF_SHELF', 'SOLD'] as const
export type GoodsStatus = (typeof GOODS_STATUSES)[number]
export const GOODS_SORTS = ['default', 'price_asc', 'price_desc', 'newest'] as const
export type GoodsSort = (typeof GOODS_SORTS)[number]

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
  /** the zip of screenshots beside a batch file (docs/seller-tools.md, "Batch publish") */
  batchZipMaxBytes: 50 * 1024 * 1024,
  /** entries of that zip (folders included), and their size once unpacked, all together */
  batchZipMaxEntries: 2000,
  batchZipMaxUnpackedBytes: 200 * 1024 * 1024,
  /** uploaded images are scaled down to fit this box (px), thumbnails to the second */
  imageMaxDimension: 1920,
  thumbMaxDimension: 360,
  /** the screen-wide copy for phones and the detail page's gallery (made on its first request) */
  mediumMaxDimension: 800,
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
  BATCH_ZIP_TOO_LARGE: '截图压缩包不能超过 50 MB',
  BATCH_ZIP_BAD: '截图压缩包无法读取，请上传 ZIP 格式的压缩包',
  BATCH_ZIP_TOO_MANY: '截图压缩包最多包含 2000 个文件',
  BATCH_ZIP_UNPACKED: '截图压缩包解压后不能超过 200 MB',
  BATCH_ZIP_BOMB: '截图压缩包的压缩比异常，请直接打包图片文件',
  BATCH_ZIP_PATH: '截图压缩包中有不安全的文件路径',
  SOLD_LOCKED: '已售出的商品不能修改',
  /** an account listing is published and edited with at least one screenshot */
  SCREENSHOT_REQUIRED: '账号类商品请至少上传 1 张截图',
  /** a batch account row without screenshots (none in the zip for its row) is created off the shelf with this reason */
  SCREENSHOT_HOLD: '请上传至少 1 张截图后上架',
  /** a listing that was on sale and was taken off it: shown to everyone as 已下架, not sold */
  OFF_SHELF: '商品已下架',
} as const

export type AttributeValue = string | number | boolean | string[]
export type Attributes = Record<string, AttributeValue>

export interface GoodsImage {
  imageId: string
  /** watermarked, re-encoded at quality 90 */
  url: string
  /** fits GOODS_LIMITS.mediumMaxDimension: what a phone's screen needs (the gallery's srcset) */
  mediumUrl: string
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
  /** 官方代售: the platform sells it for its owner (docs/agency-sale.md) and delivers it */
  agency: boolean
  /** 包赔 days the listing offers (0: none; docs/recovery-protection.md) */
  protectionDays: number
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
  /**
   * set only for staff with the goods-review permission looking at a listing that is not on sale
   * (held, in review, off the shelf): its state and the hold's or rejection's reason
   */
  preview: { status: GoodsStatus; reason: string } | null
}

export interface ShopProfile extends ShopCard {
  intro: string
  /** games the shop sells in */
  games: Array<{ gameId: number; nameCn: string; count: number }>
}

export interface HomeGoods {
  recommended: GoodsBrief[]
  newest: GoodsBrief[]
}

export interface PublishGoodsResult {
  goodsId: number
  /** ON_SALE when listings are approved automatically (sys_config goods.autoApprove), else AUDITING */
  status: GoodsStatus
}

/** The search answer: the list plus whether `total` stopped at GOODS_LIMITS.searchCountCap. */
export type GoodsSearchResult = Page<GoodsBrief, { totalCapped: boolean }>

// ---------------------------------------------------------------------------- request schemas

/** attrs[key]=value pairs arrive as query keys named `attrs[key]` (the request layer flattens objects). */
export const ATTRS_QUERY_KEY = /^attrs\[(.+)\]$/

const goodsId = id('商品编号')
/** fen; the range is checked by the service so the message can speak 元 */
const price = Type.Integer({ title: '价格' })

/** A body naming one listing. */
export const goodsIdBody = strict({ goodsId })
export const goodsIdParams = strict({ goodsId })

const searchFields = strict({
  ...paging(GOODS_LIMITS.searchPageSizeMax),
  gameId: optional(id('游戏编号')),
  goodsType: optional(oneOf('商品类型', GOODS_TYPES)),
  platform: optional(text('平台', 20, 0)),
  areaId: optional(id('大区编号')),
  serverId: optional(id('服务器编号')),
  priceMin: optional(int('最低价', 0, GOODS_LIMITS.priceMaxFen)),
  priceMax: optional(int('最高价', 0, GOODS_LIMITS.priceMaxFen)),
  keyword: optional(text('关键词', 50, 0)),
  sort: optional(oneOf('排序方式', GOODS_SORTS)),
  /** a shop's listings */
  sellerId: optional(id('卖家编号')),
  /** only listings with 包赔 (docs/recovery-protection.md, "In lists") */
  protection: optional(bool('只看包赔')),
})

/**
 * The search query: its fields, plus attribute filters the renderer passes as `attrs` — sent (and
 * validated) as `attrs[key]=value` query keys.
 */
const searchQuery = Type.Unsafe<Static<typeof searchFields> & { attrs?: Record<string, string> }>({
  ...searchFields,
  patternProperties: { '^attrs\\[.{1,40}\\]$': { type: 'string', title: '属性筛选', maxLength: 50 } },
})

/** Attribute values: text, number, yes/no or a list of choices, each checked against the game's config. */
const attributes = Type.Unsafe<Attributes>({
  type: 'object',
  title: '商品属性',
  maxProperties: 50,
  propertyNames: { maxLength: 40 },
  additionalProperties: { title: '商品属性' },
})

const publishFields = {
  gameId: id('游戏编号'),
  goodsType: oneOf('商品类型', GOODS_TYPES),
  platform: optional(text('平台', 20, 0)),
  areaId: optional(id('大区')),
  serverId: optional(id('服务器')),
  title: text('标题', GOODS_LIMITS.titleMaxLength),
  description: optional(text('描述', GOODS_LIMITS.descriptionMaxLength, 0)),
  price,
  stock: int('库存', 1, GOODS_LIMITS.stockMax),
  attributes: optional(attributes),
  /** ids from the image upload, in display order; the first is the cover */
  imageIds: optional(
    Type.Array(Type.String({ title: '图片编号', pattern: '^[a-f0-9]{32}$' }), {
      title: '商品图片',
      maxItems: GOODS_LIMITS.imagesMax,
      uniqueItems: true,
    }),
  ),
  /** 包赔 days of an account listing (0: none; docs/recovery-protection.md) */
  protectionDays: optional(int('包赔期限', 0, 365)),
  /**
   * 额外包赔 the buyer may add at checkout (docs/recovery-protection.md, "额外包赔"): its fee in fen
   * (0: not offered) and the days it adds to the period; undefined: unchanged
   */
  protectionExtraFee: optional(Type.Integer({ title: '额外包赔费用', minimum: 0, maximum: 100_000_000 })),
  protectionExtraDays: optional(int('额外包赔延长天数', 0, 365)),
}

export const GOODS = {
  // ---------------------------------------------------------------- buyer side
  /** listings on sale; identical searches within a few seconds share one answer */
  search: endpoint({
    method: 'GET',
    path: '/goods/search',
    access: 'public',
    query: searchQuery,
    answer: page<GoodsBrief, { totalCapped: boolean }>(),
  }),
  home: endpoint({ method: 'GET', path: '/goods/home', access: 'public', answer: data<HomeGoods>() }),
  /** counts a view; 404 商品已下架 for a listing that was on sale and is hidden now */
  detail: endpoint({
    method: 'GET',
    path: '/goods/detail/:goodsId',
    access: 'optional',
    params: goodsIdParams,
    answer: data<GoodsDetail>(),
  }),
  shop: endpoint({
    method: 'GET',
    path: '/goods/shop/:shopId',
    access: 'public',
    params: strict({ shopId: id('店铺编号') }),
    answer: data<ShopProfile>(),
  }),

  // ---------------------------------------------------------------- seller side
  publish: endpoint({
    method: 'POST',
    path: '/goods/seller/publish',
    access: 'user',
    body: strict(publishFields),
    answer: data<PublishGoodsResult>(),
  }),
  update: endpoint({
    method: 'POST',
    path: '/goods/seller/update',
    access: 'user',
    body: strict({ goodsId, ...publishFields }),
    answer: data<PublishGoodsResult>(),
  }),
  /** the caller's listings (any state but deleted), newest first, with their review remarks */
  mine: endpoint({
    method: 'GET',
    path: '/goods/seller/list',
    access: 'user',
    query: strict({
      ...paging(),
      status: optional(oneOf('商品状态', GOODS_STATUSES)),
      gameId: optional(id('游戏编号')),
      keyword: optional(text('关键词', 50, 0)),
    }),
    answer: page<GoodsBrief>(),
  }),
  /** the caller's own listing in any state (403 someone else's, 404 unknown or deleted) */
  mineDetail: endpoint({
    method: 'GET',
    path: '/goods/seller/detail/:goodsId',
    access: 'user',
    params: goodsIdParams,
    answer: data<GoodsDetail>(),
  }),
  /** answers the new state: ON_SALE, or AUDITING when it waits for approval */
  onShelf: endpoint({
    method: 'POST',
    path: '/goods/seller/onShelf',
    access: 'user',
    body: goodsIdBody,
    answer: data<{ status: GoodsStatus }>(),
  }),
  offShelf: endpoint({
    method: 'POST',
    path: '/goods/seller/offShelf',
    access: 'user',
    body: goodsIdBody,
    answer: none(),
  }),
  updatePrice: endpoint({
    method: 'POST',
    path: '/goods/seller/updatePrice',
    access: 'user',
    body: strict({ goodsId, price }),
    answer: none(),
  }),
  /** soft delete */
  remove: endpoint({
    method: 'POST',
    path: '/goods/seller/remove',
    access: 'user',
    body: goodsIdBody,
    answer: none(),
  }),
}

export type GoodsSearchQuery = QueryOf<typeof GOODS.search>
export type MyGoodsQuery = QueryOf<typeof GOODS.mine>
export type PublishGoodsBody = BodyOf<typeof GOODS.publish>
export type UpdateGoodsBody = BodyOf<typeof GOODS.update>
export type AuditGoodsBody = BodyOf<typeof GOODS_STAFF.audit>
export type GoodsIdBody = BodyOf<typeof GOODS.offShelf>
export type UpdatePriceBody = BodyOf<typeof GOODS.updatePrice>

// ------------------------------------------------------------------ staff: 商品审核 (docs/console.md)

/** A listing as the review queue shows it. */
export interface StaffGoods {
  goodsId: number
  title: string
  gameId: number
  gameName: string
  goodsType: string
  price: number
  stock: number
  status: string
  sellerId: number
  sellerName: string
  /** held for review: why (contact details in the text, a missing screenshot…); a rejection's reason */
  auditRemark: string
  /** in review with a hold reason (not only the audit switch) */
  held: boolean
  createdAt: number
  updatedAt: number
}

const goodsIds = list('商品', id('商品编号'), 50, 1)
/** the seller reads it */
const reason = nonBlank('原因', 200)

export const GOODS_STAFF = {
  /** approve (→ ON_SALE) or reject (→ OFF_SHELF, the reason shown to the seller) a listing in review */
  audit: endpoint({
    method: 'POST',
    path: '/goods/admin/audit',
    access: 'user',
    permission: PERMS.goodsAuditApprove,
    body: strict({
      goodsId,
      approve: bool('审核结果'),
      reason: optional(text('驳回原因', 200, 0)),
    }),
    answer: data<{ status: GoodsStatus }>(),
  }),
  list: endpoint({
    method: 'GET',
    path: '/console/goods/list',
    access: 'user',
    permission: PERMS.goodsAuditList,
    query: strict({
      ...paging(),
      /** AUDITING: the review queue */
      status: optional(oneOf('状态', GOODS_STATUSES)),
      keyword: optional(text('标题', 50)),
      sellerName: optional(text('卖家', 64)),
      goodsId: optional(id('商品编号')),
    }),
    answer: page<StaffGoods>(),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/console/goods/approve',
    access: 'user',
    permission: PERMS.goodsAuditApprove,
    body: strict({ goodsIds }),
    answer: data<{ done: number }>(),
  }),
  /** back to the seller (已下架) with the reason, which the seller reads on the listing */
  reject: endpoint({
    method: 'POST',
    path: '/console/goods/reject',
    access: 'user',
    permission: PERMS.goodsAuditReject,
    body: strict({ goodsIds, reason }),
    answer: data<{ done: number }>(),
  }),
  /** forced take-down of a listing on sale or in review */
  takedown: endpoint({
    method: 'POST',
    path: '/console/goods/takedown',
    access: 'user',
    permission: PERMS.goodsTakedown,
    body: strict({ goodsId: id('商品编号'), reason }),
    answer: none(),
  }),
}

export type StaffGoodsQuery = QueryOf<typeof GOODS_STAFF.list>
