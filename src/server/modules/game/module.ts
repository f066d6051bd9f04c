/** Games and their listing configuration; the console's 游戏管理 (docs/console.md). */
import { defineModule } from '../../module'
import { gameStaffRoutes } from './staff-routes'
import { gameStaffService } from './staff'
import { gameRoutes } from './routes'
import { gameService, type GameService } from './service'

declare module '../../module' {
  interface Services {
    games: GameService
  }
}

export const gameModule = defineModule({
  name: 'game',
  needs: ['images'],
  provides: ['games'],
  register({ db, now, invalidation, events, routes }, { images }) {
    // the games' caches listen to the shared channel: a console change clears them in every process
    const games = gameService(db, now, invalidation)
    routes(gameRoutes, { games })
    routes(gameStaffRoutes, {
      staff: gameStaffService({
        db,
        games,
        squareImage: (ownerId, imageId) => images.squareAvatar(ownerId, imageId),
        events,
        now,
      }),
    })
    return { games }
  },
})
