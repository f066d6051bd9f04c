/**
 * Goods push: an on-sale listing goes to the top of its game's list for a chosen time (shown as 推荐),
 * within a daily quota. Plain data: no Node, no DOM.
 */
import { data, endpoint, page, type BodyOf } from './contract'
import { id, int, pageQuery, strict } from './fields'

export interface PushQuota {
  dailyQuota: number
  usedToday: number
  /** durations a seller may choose, in hours */
  hourOptions: number[]
}

export interface PushRecord {
  pushId: number
  goodsId: number
  goodsTitle: string
  startAt: number
  endAt: number
  active: boolean
}

export const PUSH = {
  quota: endpoint({
    method: 'GET',
    path: '/goods/seller/push/quota',
    access: 'user',
    answer: data<PushQuota>(),
  }),
  push: endpoint({
    method: 'POST',
    path: '/goods/seller/push',
    access: 'user',
    body: strict({ goodsId: id('商品编号'), hours: int('推送时长', 1, 168) }),
    answer: data<PushRecord>(),
  }),
  list: endpoint({
    method: 'GET',
    path: '/goods/seller/push/list',
    access: 'user',
    query: pageQuery(),
    answer: page<PushRecord>(),
  }),
}

export type PushBody = BodyOf<typeof PUSH.push>
