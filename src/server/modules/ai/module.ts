/**
 * AI drawing (docs/ai-drawing.md): the provider (the sandbox in demo and test installs, off
 * otherwise unless configured), the job queue and its worker (started once the app is ready, stopped
 * before the database closes; it looks for due retries as the job `ai-jobs`).
 */
import { defineModule } from '../../module'
import { providerFrom } from './providers'
import { aiRoutes } from './routes'
import { aiService, type AiService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** AI drawing: tests wait for ai.idle() */
    ai: AiService
  }
}

export const aiModule = defineModule({
  name: 'ai',
  needs: ['images', 'auth', 'system', 'exports'],
  register({ app, db, now, bus, jobs, invalidation, settings, routes }, { images, auth, system, exports }) {
    const config = { provider: settings.demo ? 'sandbox' : 'off', sandboxLatencyMs: 20, ...settings.ai }
    const ai = aiService({
      db,
      provider: providerFrom(config),
      images,
      auth,
      system,
      exports,
      bus,
      now,
      invalidation,
      worker: config,
    })
    app.decorate('ai', ai)
    app.addHook('onReady', () => ai.start())
    app.addHook('preClose', () => ai.stop())
    // every process claims jobs (a claim is one conditional UPDATE): no lease
    jobs.schedule('ai-jobs', ai.pollMs, () => ai.kick(), { mode: 'everywhere' })
    routes(aiRoutes, { ai, now })
  },
})
