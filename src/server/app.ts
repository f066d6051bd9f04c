/**
 * Builds the API server: database (migrated, seeded when new), plugins, then the /api modules and the
 * web bundle. Tests call buildApp on a temporary directory; server.ts adds listen and signals.
 */
import { mkdirSync } from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import { API_BASE } from '../shared/constants'
import { openDatabase, type Db } from './db'
import { migrateToLatest } from './db/migrate'
import { seedDemo } from './db/seed'
import { authRoutes } from './modules/auth/routes'
import { loadOrCreateKeyPair } from './modules/auth/rsa'
import { authService } from './modules/auth/service'
import { gameRoutes } from './modules/game/routes'
import { gameService } from './modules/game/service'
import { messageRoutes } from './modules/message/routes'
import { messageService } from './modules/message/service'
import { noticeRoutes } from './modules/notice/routes'
import { noticeService } from './modules/notice/service'
import { systemRoutes } from './modules/system/routes'
import { systemService } from './modules/system/service'
import { registerAuth } from './plugins/auth'
import { registerEnvelope, sendError } from './plugins/envelope'
import { registerCors } from './plugins/cors'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerWebBundle } from './plugins/web'

export interface BuildAppOptions {
  dataDir: string
  databaseUrl?: string
  seedDemo?: boolean
  captchaEnabled?: boolean
  /** the built web bundle (dist/web); null or missing: pages answer 503 */
  webRoot?: string | null
  /** origins besides the desktop app's that may call the API cross-origin */
  corsOrigins?: readonly string[]
  logger?: boolean
  /** clock in epoch ms (tests move it to expire captchas, tokens and lockouts) */
  now?: () => number
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

const BODY_LIMIT = 1024 * 1024

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? Date.now
  const captchaEnabled = opts.captchaEnabled ?? true
  mkdirSync(opts.dataDir, { recursive: true })

  const handle = openDatabase(opts)
  const { db } = handle
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Unknown fields are refused (schemas say additionalProperties: false) rather than silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
    frameworkErrors: (err, _request, reply) => sendError(reply, err),
  })
  app.decorate('db', db)
  app.addHook('onClose', () => db.destroy())

  try {
    const { isNew } = await migrateToLatest(handle)
    if (isNew && (opts.seedDemo ?? true)) await seedDemo(db, now())

    const system = systemService(db)
    await system.syncCaptchaFlag(captchaEnabled)
    const cipher = loadOrCreateKeyPair(opts.dataDir)
    const auth = authService({ db, system, cipher, captchaEnabled, now })

    registerEnvelope(app)
    registerSecurityHeaders(app)
    registerCors(app, opts.corsOrigins ?? [])
    registerAuth(app, auth)
    await app.register(
      async (api) => {
        await api.register(authRoutes, { auth, cipher, now })
        await api.register(systemRoutes, { system, auth })
        await api.register(gameRoutes, { games: gameService(db) })
        await api.register(noticeRoutes, { notices: noticeService(db) })
        await api.register(messageRoutes, { messages: messageService(db) })
      },
      { prefix: API_BASE },
    )
    await registerWebBundle(app, opts.webRoot ?? null)
    await app.ready()
  } catch (err) {
    await app.close()
    throw err
  }
  return app
}
