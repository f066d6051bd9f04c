/**
 * Following listings: only ON_SALE listings (not one's own) can be followed; following twice or
 * unfollowing something not followed changes nothing. The price at the time of following is kept so
 * the follow list shows the change; the listing's follow count moves in the same transaction.
 */
import type { FollowedGoods } from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest } from '../../http/errors'
import type { GoodsService } from '../goods/service'
import { followRepo } from './repo'

export function followService(deps: { db: Db; goods: GoodsService; now: () => number }) {
  const { db, goods, now } = deps
  const repo = followRepo(db)

  return {
    async follow(userId: number, goodsId: number) {
      await db.transaction().execute(async (trx) => {
        const listing = await goods.listing(trx, goodsId)
        if (listing.seller_id === userId) throw badRequest('不能关注自己的商品')
        if (listing.status !== 'ON_SALE') throw badRequest('只能关注在售的商品')
        const tx = followRepo(trx)
        if (await tx.add(userId, goodsId, Number(listing.price), now()))
          await goods.addFollowCount(trx, goodsId, 1)
      })
    },

    async unfollow(userId: number, goodsId: number) {
      await db.transaction().execute(async (trx) => {
        if (await followRepo(trx).remove(userId, goodsId)) await goods.addFollowCount(trx, goodsId, -1)
      })
    },

    isFollowing: (userId: number, goodsId: number) => repo.has(userId, goodsId),

    /** The games of the listings the user follows. */
    async gameIdsOf(userId: number): Promise<number[]> {
      return goods.gameIdsOf(await repo.goodsIdsOf(userId))
    },

    async list(userId: number, query: { pageNum?: number; pageSize?: number }): Promise<Page<FollowedGoods>> {
      // follows of listings that still exist (deleted ones drop out)
      const live = await goods.existingIds(await repo.goodsIdsOf(userId))
      const page = await repo.page(userId, live, query)
      const briefs = await goods.briefs(page.rows.map((r) => r.goods_id))
      const byId = new Map(briefs.map((b) => [b.goodsId, b]))
      return {
        rows: page.rows.flatMap((r) => {
          const brief = byId.get(r.goods_id)
          if (!brief) return []
          const was = Number(r.price_at_follow)
          return [
            {
              ...brief,
              // a listing in review is not for sale: to its followers it is 已下架 (as its detail says)
              status: brief.status === 'AUDITING' ? ('OFF_SHELF' as const) : brief.status,
              followedAt: Number(r.created_at),
              priceWhenFollowed: was,
              priceChange: brief.price - was,
            },
          ]
        }),
        total: Number(page.total),
      }
    },
  }
}

export type FollowService = ReturnType<typeof followService>
