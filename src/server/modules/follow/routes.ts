import type { FastifyPluginAsync } from 'fastify'
import { FOLLOW, GAME } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { GameService } from '../game/service'
import type { FollowService } from './service'

export const followRoutes: FastifyPluginAsync<{ follows: FollowService; games: GameService }> = async (
  app,
  { follows, games },
) => {
  route(app, FOLLOW.follow, { message: '关注成功' }, (r) => follows.follow(uid(r), r.body.goodsId))
  route(app, FOLLOW.unfollow, { message: '已取消关注' }, (r) => follows.unfollow(uid(r), r.body.goodsId))
  route(app, FOLLOW.list, (r) => follows.list(uid(r), r.query))
  // the games of the listings the caller follows
  route(app, GAME.followed, async (r) => games.byIds(await follows.gameIdsOf(uid(r))))
}
