import type { FastifyPluginAsync } from 'fastify'
import { PATHS, areaServersQuerySchema, gameIdQuerySchema } from '../../../shared/api'
import { ok } from '../../plugins/envelope'
import type { GameService } from './service'

type ByGame = { Querystring: { gameId: number } }
const byGame = { schema: { querystring: gameIdQuerySchema } }

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
}
