import type { FastifyPluginAsync } from 'fastify'
import {
  GOODS_PATHS,
  goodsIdBodySchema,
  pageOnlyQuerySchema,
  type GoodsIdBody,
  type PageQuery,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { FollowService } from './service'

export const followRoutes: FastifyPluginAsync<{ follows: FollowService }> = async (app, { follows }) => {
  const auth = { config: { auth: true } }

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.follow,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      await follows.follow(sessionOf(request).userId, request.body.goodsId)
      return ok(undefined, '关注成功')
    },
  )

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.unfollow,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      await follows.unfollow(sessionOf(request).userId, request.body.goodsId)
      return ok(undefined, '已取消关注')
    },
  )

  app.get<{ Querystring: PageQuery }>(
    GOODS_PATHS.followList,
    { ...auth, schema: { querystring: pageOnlyQuerySchema } },
    async (request) => table(await follows.list(sessionOf(request).userId, request.query)),
  )
}
