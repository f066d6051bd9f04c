/**
 * Builds the API server: database (migrated, seeded when new), plugins, then the /api modules and the
 * web bundle. Tests call buildApp on a temporary directory; server.ts adds listen and signals.
 */
import { mkdirSync } from 'node:fs'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { API_BASE, DESKTOP_APP_ORIGIN } from '../shared/constants'
import { openDatabase, type Db } from './db'
import { migrateToLatest } from './db/migrate'
import { seedBase, seedDemo } from './db/seed'
import { authRoutes } from './modules/auth/routes'
import { loadOrCreateKeyPair } from './modules/auth/rsa'
import { authService } from './modules/auth/service'
import { gameRoutes } from './modules/game/routes'
import { gameService } from './modules/game/service'
import { catalogueRoutes, catalogueServices } from './modules/catalogue'
import { messageRoutes } from './modules/message/routes'
import { messageService } from './modules/message/service'
import { noticeRoutes } from './modules/notice/routes'
import { noticeService } from './modules/notice/service'
import { systemRoutes } from './modules/system/routes'
import { systemService } from './modules/system/service'
import { commonRoutes } from './modules/common/routes'
import { exportsService } from './modules/common/exports'
import { ticketService } from './modules/common/tickets'
import { csRoutes } from './modules/cs/routes'
import { csService } from './modules/cs/service'
import { csVerifyService } from './modules/cs/verify-service'
import { feedbackRoutes } from './modules/feedback/routes'
import { feedbackService } from './modules/feedback/service'
import { createEventBus } from './modules/events/bus'
import { eventRoutes } from './modules/events/routes'
import { registerAuth } from './plugins/auth'
import { registerEnvelope, sendError } from './plugins/envelope'
import { registerValidation } from './plugins/validation'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerWebBundle } from './plugins/web'
import { fieldCipher, loadOrCreateKey } from './modules/delivery/crypto'
import { loadOrCreateSandboxSecret, sandboxGateway } from './modules/funds/gateway'
import { fundsRoutes } from './modules/funds/routes'
import { fundsService } from './modules/funds/service'
import { tradeRoutes } from './modules/trade/routes'
import { tradeService, type TradeService } from './modules/trade/service'
import { warrantRoutes } from './modules/warrant/routes'
import { warrantService } from './modules/warrant/service'

export interface BuildAppOptions {
  dataDir: string
  databaseUrl?: string
  seedDemo?: boolean
  captchaEnabled?: boolean
  /** the built web bundle (dist/web); null or missing: pages answer 503 */
  webRoot?: string | null
  /** origins besides the desktop app's that may call the API cross-origin */
  corsOrigins?: readonly string[]
  /** the built-in sandbox payment gateway (pay without money); default: on when demo data is seeded */
  paySandbox?: boolean
  logger?: boolean
  /** clock in epoch ms (tests move it to expire captchas, tokens and lockouts) */
  now?: () => number
  /** ms an identical goods search answer is reused (default 3000; 0: off, e.g. to measure the database) */
  goodsSearchCacheMs?: number
  /** heartbeat interval of the live event stream (default 25 s; tests shorten it) */
  streamHeartbeatMs?: number
  /** trading's time-rule sweeper interval (default 30 s; 0: off — tests call app.trade.sweep()) */
  tradeSweepMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** trading: tests call trade.sweep() after moving the clock */
    trade: TradeService
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
    frameworkErrors: (err, _request, reply) => sendError(reply, err),
  })
  app.decorate('db', db)
  app.addHook('onClose', () => db.destroy())

  try {
    const { isNew } = await migrateToLatest(handle)
    if (isNew) await seedBase(db, now())
    if (isNew && (opts.seedDemo ?? true))
      await seedDemo(db, now(), { dataDir: opts.dataDir, dialect: handle.dialect })

    const system = systemService(db)
    await system.syncCaptchaFlag(captchaEnabled)
    const cipher = loadOrCreateKeyPair(opts.dataDir)
    const auth = authService({ db, system, cipher, captchaEnabled, now })

    registerEnvelope(app)
    // strict validation: safe integers only, no lenient coercion; unknown fields are refused
    registerValidation(app)
    registerSecurityHeaders(app)
    // Cross-origin access for the desktop renderer (app://marketplace) and the CORS_ORIGINS (e.g. the
    // electron-vite dev server); the web bundle is same-origin. The token travels in the Authorization
    // header, never in cookies, so credentials stay off. Before the auth hook: a 401 is readable too.
    const corsOrigins = new Set([DESKTOP_APP_ORIGIN, ...(opts.corsOrigins ?? [])])
    await app.register(fastifyCors, {
      origin: (origin, allow) => allow(null, origin !== undefined && corsOrigins.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    })
    registerAuth(app, auth)
    await app.register(
      async (api) => {
        await api.register(authRoutes, { auth, cipher, now })
        await api.register(systemRoutes, { system, auth })
        // catalogue: game configs, listings, images, batch publish, delivery accounts, pushes, follows
        const games = gameService(db, now)
        await api.register(gameRoutes, { games })
        const catalogue = catalogueServices({
          db,
          dialect: handle.dialect,
          dataDir: opts.dataDir,
          games,
          system,
          auth,
          now,
          searchCacheMs: opts.goodsSearchCacheMs,
        })
        await api.register(catalogueRoutes, { services: catalogue, now })
        await api.register(noticeRoutes, { notices: noticeService(db) })
        // live events, tickets, exports, customer-service messages
        const bus = createEventBus(db, { now })
        const tickets = ticketService({ now })
        const sessionAlive = auth.sessionAlive
        const exports = exportsService({ db, dataDir: opts.dataDir, now })
        const messages = messageService(db, { bus, exports, users: auth, now })
        await api.register(messageRoutes, { messages, isAdmin: auth.isStaff })
        await api.register(eventRoutes, {
          bus,
          tickets,
          sessionAlive,
          unreadCount: messages.unreadCount,
          heartbeatMs: opts.streamHeartbeatMs,
          now,
        })
        await api.register(commonRoutes, { exports, tickets, auth, sessionAlive, now })
        await api.register(csRoutes, { cs: csService(db, now), verify: csVerifyService(db, now), now })
        // feedback: screenshots through the image module, staff replies as in-site messages
        await api.register(feedbackRoutes, {
          feedback: feedbackService({ db, images: catalogue.images, messages, system, now }),
          now,
        })
        // trading: wallet and ledger, gateway top-ups, withdrawals, orders, bids, rooms, records
        // the sandbox gateway credits wallets without real money: demo and test installs only
        const sandbox =
          (opts.paySandbox ?? opts.seedDemo ?? true)
            ? sandboxGateway(loadOrCreateSandboxSecret(opts.dataDir), now)
            : null
        const funds = fundsService({
          db,
          cipher,
          confirmLoginPassword: auth.confirmPassword,
          gateways: sandbox ? [sandbox] : [],
          messages,
          exports,
          isStaff: auth.isStaff,
          // the wallet shows the escrow of the user's orders (read through the trade service, built next)
          escrowOf: (userId, side) => trade.escrowOf(userId, side),
          now,
        })
        const trade = tradeService({
          db,
          games,
          goods: catalogue.goods,
          delivery: catalogue.delivery,
          funds,
          messages,
          bus,
          cipher: fieldCipher(loadOrCreateKey(opts.dataDir)),
          isStaff: auth.isStaff,
          exports,
          now,
        })
        app.decorate('trade', trade)
        await api.register(fundsRoutes, { funds, sandbox })
        await api.register(tradeRoutes, { trade })
        const warrant = warrantService({
          db,
          trade,
          funds,
          messages,
          isStaff: auth.isStaff,
          staffIds: auth.staffIds,
          bus,
          now,
        })
        await api.register(warrantRoutes, { warrant })
        const sweepMs = opts.tradeSweepMs ?? 30_000
        if (sweepMs > 0) {
          let sweeping = false
          const timer = setInterval(() => {
            if (sweeping) return
            sweeping = true
            trade
              .sweep()
              .catch((err: unknown) => app.log.error({ err }, 'trade sweep failed'))
              .finally(() => (sweeping = false))
          }, sweepMs)
          timer.unref()
          app.addHook('onClose', async () => clearInterval(timer))
        }
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
