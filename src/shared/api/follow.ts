/**
 * Following listings: follow one on sale, unfollow, and the caller's follows with the price when
 * followed and its change since. Plain data: no Node, no DOM.
 */
import { endpoint, none, page, type QueryOf } from './contract'
import { pageQuery } from './fields'
import { goodsIdBody, type GoodsBrief } from './goods'

export interface FollowedGoods extends GoodsBrief {
  followedAt: number
  /** fen, the price when followed */
  priceWhenFollowed: number
  /** fen, current price − price when followed (negative: cheaper now) */
  priceChange: number
}

export const FOLLOW = {
  follow: endpoint({
    method: 'POST',
    path: '/goods/follow',
    access: 'user',
    body: goodsIdBody,
    answer: none(),
  }),
  unfollow: endpoint({
    method: 'POST',
    path: '/goods/unfollow',
    access: 'user',
    body: goodsIdBody,
    answer: none(),
  }),
  /** newest follow first; deleted listings drop out */
  list: endpoint({
    method: 'GET',
    path: '/goods/follow/list',
    access: 'user',
    query: pageQuery(),
    answer: page<FollowedGoods>(),
  }),
}

export type FollowListQuery = QueryOf<typeof FOLLOW.list>
