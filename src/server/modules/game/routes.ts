import type { FastifyPluginAsync } from 'fastify'
import { GAME } from '../../../shared/api'
import { route } from '../../http/route'
import type { GameService } from './service'

/**
 * Games, areas and servers, and the listing configs (public: the list page's filters and the publish
 * form both read them). The games of the caller's listings and follows are answered by the catalogue
 * (modules/catalogue.ts), which knows the listings and follows; the games of the caller's agency
 * applications by the agency module (getMyAgencySaleGames).
 */
export const gameRoutes: FastifyPluginAsync<{ games: GameService }> = async (app, { games }) => {
  route(app, GAME.list, () => games.games())
  route(app, GAME.detail, (r) => games.detail(r.query.gameId))
  route(app, GAME.areas, (r) => games.areasWithServers(r.query.gameId))
  route(app, GAME.servers, (r) => games.flatServers(r.query.gameId))
  route(app, GAME.areaServers, (r) => games.serversOfArea(r.query.areaId))
  route(app, GAME.config, (r) => games.config(r.query.gameId))
  route(app, GAME.transferConfig, (r) => games.transferConfig(r.query.gameId))
}
