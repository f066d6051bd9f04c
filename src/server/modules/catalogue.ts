/**
 * The catalogue wired together: listings, images, batch publish, delivery accounts, pushes and
 * follows, their services built once and their routes registered in one encapsulated plugin (the
 * multipart parser is only needed here). Game configs live in the game module, registered by app.ts;
 * the games of a seller's listings and of a user's follows are answered here, where the listings and
 * follows are known.
 */
import { join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import type { Invalidation } from '../cluster/state'
import type { Db, DbDialect } from '../db'
import { localFiles, type FileStorage } from '../storage/files'
import { registerMultipart } from '../plugins/multipart'
import type { AuthService } from './auth/service'
import { batchRoutes } from './batch/routes'
import { batchService } from './batch/service'
import { fieldCipher, loadOrCreateKey } from './delivery/crypto'
import { deliveryRoutes } from './delivery/routes'
import { deliveryService, type DeliveryService } from './delivery/service'
import { followRoutes } from './follow/routes'
import { followService, type FollowService } from './follow/service'
import type { GameService } from './game/service'
import { goodsRoutes } from './goods/routes'
import { goodsService, type GoodsService, type GoodsServiceDeps } from './goods/service'
import { imageRoutes } from './image/routes'
import { imageService } from './image/service'
import { pushRoutes } from './push/routes'
import { pushService } from './push/service'
import type { SystemService } from './system/service'
import type { Keys } from '../keys'

export interface CatalogueDeps {
  db: Db
  dialect: DbDialect
  dataDir: string
  /** the secrets (the delivery accounts' key) */
  keys: Keys
  games: GameService
  system: SystemService
  auth: AuthService
  now: () => number
  /** ms an identical search answer is reused (default 3000; 0 turns the caches off) */
  searchCacheMs?: number
  /** ms a listing's row is kept as JSON (goods/brief-json.ts; default 30 s, 0 with searchCacheMs 0) */
  briefCacheMs?: number
  /** the shared invalidation channel (cluster/state.ts) */
  invalidation?: Invalidation
  /** where uploaded images live (storage/files.ts) */
  files?: FileStorage
  /** the real-name gate of listings going on sale (the account module) */
  requireRealName?: (userId: number, what: string) => Promise<void>
  /** listings going on sale or getting cheaper, inside their transaction (the saved-search module) */
  onSaleSignal?: GoodsServiceDeps['onSaleSignal']
  /** 包赔 terms of account listings (the protection module, built later) */
  protectionTerms?: GoodsServiceDeps['protectionTerms']
}

export interface Catalogue {
  goods: GoodsService
  delivery: DeliveryService
}

/** Builds the catalogue's services (the trade module reaches listings and delivery accounts through them). */
export function catalogueServices(deps: CatalogueDeps): Catalogue & {
  games: GameService
  images: ReturnType<typeof imageService>
  batch: ReturnType<typeof batchService>
  pushes: ReturnType<typeof pushService>
  follows: FollowService
} {
  const { db, dialect, games, system, now } = deps
  const images = imageService({ db, files: deps.files ?? localFiles(join(deps.dataDir, 'uploads')), now })
  // follows need the listings and the listing's detail says whether the caller follows it
  let follows: FollowService | null = null
  const goods = goodsService({
    db,
    dialect,
    games,
    images,
    system,
    now,
    searchCacheMs: deps.searchCacheMs,
    briefCacheMs: deps.briefCacheMs,
    invalidation: deps.invalidation,
    requireRealName: deps.requireRealName,
    onSaleSignal: deps.onSaleSignal,
    protectionTerms: deps.protectionTerms,
    isFollowing: (userId, goodsId) => follows!.isFollowing(userId, goodsId),
  })
  follows = followService({ db, goods, now })
  return {
    games,
    goods,
    images,
    batch: batchService({ db, games, goods, now }),
    delivery: deliveryService({ db, games, goods, cipher: fieldCipher(loadOrCreateKey(deps.keys)), now }),
    pushes: pushService({ db, dialect, goods, system, now }),
    follows,
  }
}

export const catalogueRoutes: FastifyPluginAsync<{
  services: ReturnType<typeof catalogueServices>
  now: () => number
}> = async (app, { services, now }) => {
  await registerMultipart(app)
  await app.register(goodsRoutes, { goods: services.goods, games: services.games })
  await app.register(imageRoutes, { images: services.images, now })
  await app.register(batchRoutes, { batch: services.batch, now })
  await app.register(deliveryRoutes, { delivery: services.delivery })
  await app.register(pushRoutes, { pushes: services.pushes })
  await app.register(followRoutes, { follows: services.follows, games: services.games })
}
