/**
 * JSON schemas of every catalogue input (Fastify validates with them; see schemas.ts for the idea).
 * `title` is the Chinese field name used in validation messages. The schemas check shapes and plain
 * bounds; the rules that need the database or the game's config (goods type allowed, attributes,
 * area/server of the game, images of the caller, price in 元) are checked by the server's services.
 * Plain data: no Node, no DOM.
 */
import { GOODS_LIMITS } from './goods'
import { pageQuerySchema } from './schemas'

const GOODS_TYPES = ['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE'] as const
const GOODS_STATUSES = ['AUDITING', 'ON_SALE', 'OFF_SHELF', 'SOLD'] as const

const id = (title: string) => ({ type: 'integer', title, minimum: 1, maximum: 2_147_483_647 }) as const

const goodsId = id('商品编号')
const gameId = id('游戏编号')
const goodsType = { type: 'string', title: '商品类型', enum: GOODS_TYPES } as const
/** fen; the range is checked by the service so the message can speak 元 */
const price = { type: 'integer', title: '价格' } as const

export const goodsIdBodySchema = {
  type: 'object',
  required: ['goodsId'],
  additionalProperties: false,
  properties: { goodsId },
} as const

export const goodsIdParamsSchema = {
  type: 'object',
  required: ['goodsId'],
  properties: { goodsId },
} as const

export const shopIdParamsSchema = {
  type: 'object',
  required: ['shopId'],
  properties: { shopId: id('店铺编号') },
} as const

export const imageFileParamsSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', title: '文件名', maxLength: 64 } },
} as const

export const pageOnlyQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageQuerySchema },
} as const

/** attrs[key]=value pairs arrive as query keys named `attrs[key]` (spec §7 flattening). */
export const ATTRS_QUERY_KEY = /^attrs\[(.+)\]$/

export const goodsSearchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pageNum: pageQuerySchema.pageNum,
    pageSize: { ...pageQuerySchema.pageSize, maximum: GOODS_LIMITS.searchPageSizeMax },
    gameId,
    goodsType,
    platform: { type: 'string', title: '平台', maxLength: 20 },
    areaId: id('大区编号'),
    serverId: id('服务器编号'),
    priceMin: { type: 'integer', title: '最低价', minimum: 0, maximum: GOODS_LIMITS.priceMaxFen },
    priceMax: { type: 'integer', title: '最高价', minimum: 0, maximum: GOODS_LIMITS.priceMaxFen },
    keyword: { type: 'string', title: '关键词', maxLength: 50 },
    sort: { type: 'string', title: '排序方式', enum: ['default', 'price_asc', 'price_desc', 'newest'] },
    sellerId: id('卖家编号'),
  },
  patternProperties: {
    '^attrs\\[.{1,40}\\]$': { type: 'string', title: '属性筛选', maxLength: 50 },
  },
} as const

const publishProperties = {
  gameId,
  goodsType,
  platform: { type: 'string', title: '平台', maxLength: 20 },
  areaId: id('大区'),
  serverId: id('服务器'),
  title: { type: 'string', title: '标题', minLength: 1, maxLength: GOODS_LIMITS.titleMaxLength },
  description: { type: 'string', title: '描述', maxLength: GOODS_LIMITS.descriptionMaxLength },
  price,
  stock: { type: 'integer', title: '库存', minimum: 1, maximum: GOODS_LIMITS.stockMax },
  attributes: {
    type: 'object',
    title: '商品属性',
    maxProperties: 50,
    propertyNames: { maxLength: 40 },
    // text, number, yes/no or a list of choices: each value is checked against the game's config
    additionalProperties: { title: '商品属性' },
  },
  imageIds: {
    type: 'array',
    title: '商品图片',
    maxItems: GOODS_LIMITS.imagesMax,
    uniqueItems: true,
    items: { type: 'string', title: '图片编号', pattern: '^[a-f0-9]{32}$' },
  },
} as const

const PUBLISH_REQUIRED = ['gameId', 'goodsType', 'title', 'price', 'stock'] as const

export const publishGoodsBodySchema = {
  type: 'object',
  required: [...PUBLISH_REQUIRED],
  additionalProperties: false,
  properties: publishProperties,
} as const

export const updateGoodsBodySchema = {
  type: 'object',
  required: ['goodsId', ...PUBLISH_REQUIRED],
  additionalProperties: false,
  properties: { goodsId, ...publishProperties },
} as const

export const updatePriceBodySchema = {
  type: 'object',
  required: ['goodsId', 'price'],
  additionalProperties: false,
  properties: { goodsId, price },
} as const

export const myGoodsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema,
    status: { type: 'string', title: '商品状态', enum: GOODS_STATUSES },
    gameId,
    keyword: { type: 'string', title: '关键词', maxLength: 50 },
  },
} as const

export const auditGoodsBodySchema = {
  type: 'object',
  required: ['goodsId', 'approve'],
  additionalProperties: false,
  properties: {
    goodsId,
    approve: { type: 'boolean', title: '审核结果' },
    reason: { type: 'string', title: '驳回原因', maxLength: 200 },
  },
} as const

export const batchTemplateQuerySchema = {
  type: 'object',
  required: ['gameId', 'goodsType'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', title: '模板格式', enum: ['csv', 'xlsx'], default: 'xlsx' },
    gameId,
    goodsType,
  },
} as const

/** batchPreview is multipart: gameId and goodsType come as form fields (or in the query string). */
export const batchPreviewQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { gameId, goodsType },
} as const

export const batchPublishBodySchema = {
  type: 'object',
  required: ['batchId'],
  additionalProperties: false,
  properties: { batchId: { type: 'string', title: '批次编号', pattern: '^[a-f0-9]{32}$' } },
} as const

export const deliveryAccountsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pageNum: pageQuerySchema.pageNum,
    pageSize: { ...pageQuerySchema.pageSize, maximum: 1000 },
    gameId,
    keyword: { type: 'string', title: '关键词', maxLength: 50 },
  },
} as const

export const saveDeliveryAccountBodySchema = {
  type: 'object',
  required: ['goodsId', 'fields'],
  additionalProperties: false,
  properties: {
    goodsId,
    fields: {
      type: 'object',
      title: '发货信息',
      maxProperties: 30,
      propertyNames: { maxLength: 40 },
      additionalProperties: {
        type: 'string',
        title: '发货信息',
        maxLength: GOODS_LIMITS.deliveryTextareaMaxLength,
      },
    },
  },
} as const

export const autoDeliveryBodySchema = {
  type: 'object',
  required: ['goodsId', 'enabled'],
  additionalProperties: false,
  properties: { goodsId, enabled: { type: 'boolean', title: '自动交付' } },
} as const

export const pushBodySchema = {
  type: 'object',
  required: ['goodsId', 'hours'],
  additionalProperties: false,
  properties: { goodsId, hours: { type: 'integer', title: '推送时长', minimum: 1, maximum: 168 } },
} as const
