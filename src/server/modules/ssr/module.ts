/**
 * The public pages rendered on the server (docs/ssr.md): their data comes from the goods, game and
 * notice services. app.ts registers them with the web bundle, after the API routes.
 */
import type { FastifyInstance } from 'fastify'
import { defineModule } from '../../module'
import { publicPages } from './index'
import type { PublicPages } from './routes'

declare module '../../module' {
  interface Services {
    publicPages: (app: FastifyInstance) => Promise<PublicPages | null>
  }
}

export const ssrModule = defineModule({
  name: 'ssr',
  needs: ['goods', 'games', 'notices'],
  provides: ['publicPages'],
  register({ now, settings, invalidation }, { goods, games, notices }) {
    return {
      publicPages: (app: FastifyInstance) =>
        publicPages(app, {
          webRoot: settings.webRoot,
          ssrEntry: settings.ssrEntry,
          siteOrigin: settings.siteOrigin,
          pageCacheMs: settings.pageCacheMs,
          goods,
          games,
          notices,
          now,
          invalidation,
        }),
    }
  },
})
