import type { FastifyPluginAsync } from 'fastify'
import { GOODS_PATHS, PATHS, areaServersQuerySchema, gameIdQuerySchema } from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok } from '../../plugins/envelope'
import type { GameService } from './service'

type ByGame = { Querystring: { gameId: number } }
const byGame = { schema: { querystring: gameIdQuerySchema } }
const auth = { config: { auth: true } }

export const gameRoutes: FastifyPluginAsync<{ games: GameService }> = async (app, { games }) => {
  app.get(PATHS.games, async () => ok(await games.games()))
  app.get<ByGame>(PATHS.gameById, byGame, async (request) => ok(await games.detail(request.query.gameId)))
  app.get<ByGame>(PATHS.areaServersByGameId, byGame, async (request) =>
    ok(await games.areasWithServers(request.query.gameId)),
  )
  app.get<ByGame>(PATHS.gameServers, byGame, async (request) =>
    ok(await games.flatServers(request.query.gameId)),
  )
  app.get<{ Querystring: { areaId: number } }>(
    PATHS.areaServers,
    { schema: { querystring: areaServersQuerySchema } },
    async (request) => ok(await games.serversOfArea(request.query.areaId)),
  )

  // listing configs: public, the list page's filters and the publish form both read them
  app.get<ByGame>(GOODS_PATHS.gameConfig, byGame, async (request) =>
    ok(await games.config(request.query.gameId)),
  )
  app.get<ByGame>(GOODS_PATHS.gameTransferCollectConfig, byGame, async (request) =>
    ok(await games.transferConfig(request.query.gameId)),
  )

  app.get(GOODS_PATHS.myGames, auth, async (request) => ok(await games.myGames(sessionOf(request).userId)))
  app.get(GOODS_PATHS.myAgencySaleGames, auth, async (request) =>
    ok(await games.myAgencySaleGames(sessionOf(request).userId)),
  )
  app.get(GOODS_PATHS.gamesByFollow, auth, async (request) =>
    ok(await games.gamesByFollow(sessionOf(request).userId)),
  )
}
