/** The server-rendered public pages wired from the build outputs (docs/ssr.md). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Invalidation } from '../../cluster/state'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import type { NoticeService } from '../notice/service'
import { pageAssets } from './html'
import { loadPageRenderer } from './renderer'
import { registerPublicPages, type PublicPages } from './routes'

export interface PublicPagesOptions {
  webRoot?: string | null
  ssrEntry?: string | null
  siteOrigin?: string
  pageCacheMs?: number
  goods: GoodsService
  games: GameService
  notices: NoticeService
  now: () => number
  /** the shared invalidation channel (listing, game and notice changes drop the pages) */
  invalidation: Invalidation
}

/** The public pages, or null when the web bundle or the page renderer has not been built. */
export async function publicPages(
  app: FastifyInstance,
  opts: PublicPagesOptions,
): Promise<PublicPages | null> {
  const index = opts.webRoot ? join(opts.webRoot, 'index.html') : null
  if (!index || !existsSync(index)) return null
  const renderer = await loadPageRenderer(opts.ssrEntry)
  if (!renderer) return null
  return registerPublicPages(app, {
    renderer,
    template: readFileSync(index, 'utf8'),
    assets: pageAssets(opts.webRoot!),
    goods: opts.goods,
    games: opts.games,
    notices: opts.notices,
    now: opts.now,
    invalidation: opts.invalidation,
    siteOrigin: opts.siteOrigin,
    cacheMs: opts.pageCacheMs,
  })
}
