/**
 * Delivery accounts: the credentials a seller saves for an account listing ahead of a sale, handed to
 * the buyer after payment (automatically when 自动交付 is on). The seller only ever sees them masked.
 * Plain data: no Node, no DOM.
 */
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, optional, strict, text, Type } from './fields'
import { GOODS_LIMITS, goodsIdBody } from './goods'

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

/** key → value of the game's transfer fields (getGameTransferCollectConfig); '' clears a value */
const deliveryFields = Type.Unsafe<Record<string, string>>({
  type: 'object',
  title: '发货信息',
  maxProperties: 30,
  propertyNames: { maxLength: 40 },
  additionalProperties: {
    type: 'string',
    title: '发货信息',
    maxLength: GOODS_LIMITS.deliveryTextareaMaxLength,
  },
})

export const DELIVERY = {
  /** the caller's account listings with their delivery-account state (values masked) */
  list: endpoint({
    method: 'GET',
    path: '/goods/seller/deliveryAccount/list',
    access: 'user',
    query: strict({
      pageNum: optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
      pageSize: optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000, default: 20 })),
      gameId: optional(id('游戏编号')),
      keyword: optional(text('关键词', 50, 0)),
    }),
    answer: page<DeliveryAccount>(),
  }),
  /** the new values merged over the saved ones (a key left out keeps its value) */
  save: endpoint({
    method: 'POST',
    path: '/goods/seller/deliveryAccount/save',
    access: 'user',
    body: strict({ goodsId: id('商品编号'), fields: deliveryFields }),
    answer: data<DeliveryAccount>(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/goods/seller/deliveryAccount/remove',
    access: 'user',
    body: goodsIdBody,
    answer: none(),
  }),
  /** 自动交付: only for a complete delivery account */
  autoDelivery: endpoint({
    method: 'POST',
    path: '/goods/seller/deliveryAccount/autoDelivery',
    access: 'user',
    body: strict({ goodsId: id('商品编号'), enabled: bool('自动交付') }),
    answer: none(),
  }),
}

export type DeliveryAccountQuery = QueryOf<typeof DELIVERY.list>
export type SaveDeliveryAccountBody = BodyOf<typeof DELIVERY.save>
export type AutoDeliveryBody = BodyOf<typeof DELIVERY.autoDelivery>
