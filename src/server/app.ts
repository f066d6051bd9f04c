/**
 * Builds the API server: database (migrated, seeded when new), plugins, then the /api modules and the
 * web bundle. Tests call buildApp on a temporary directory; server.ts adds listen and signals.
 */
import { mkdirSync } from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import { API_BASE, ROLE_ADMIN } from '../shared/constants'
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
import { sessionCheck } from './modules/common/sessions'
import { ticketService } from './modules/common/tickets'
import { csRoutes } from './modules/cs/routes'
import { csService } from './modules/cs/service'
import { createEventBus } from './modules/events/bus'
import { eventRoutes } from './modules/events/routes'
import { registerAuth } from './plugins/auth'
import { registerEnvelope, sendError } from './plugins/envelope'
import { registerValidation } from './plugins/validation'
import { registerCors } from './plugins/cors'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerWebBundle } from './plugins/web'
import { fieldCipher, loadOrCreateKey } from './modules/delivery/crypto'
import { loadOrCreateSandboxSecret, sandboxGateway } from './modules/funds/gateway'
import { fundsRoutes } from './modules/funds/routes'
import { fundsService } from './modules/funds/service'
import { tradeRoutes } from './modules/trade/routes'
import { tradeService, type TradeService } from './modules/trade/service'
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
    /** trading (issue 4): tests call trade.sweep() after moving the clock */
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
    registerCors(app, opts.corsOrigins ?? [])
    registerAuth(app, auth)
    await app.register(
      async (api) => {
        await api.register(authRoutes, { auth, cipher, now })
        await api.register(systemRoutes, { system, auth })
        // catalogue (issue 3): game configs, listings, images, batch publish, delivery accounts, pushes, follows
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
        // desktop-client issue: live events, tickets, exports, customer-service messages
        const bus = createEventBus(db, { now })
        const tickets = ticketService({ now })
        const sessionAlive = sessionCheck(db, now)
        const exports = exportsService({ db, dataDir: opts.dataDir, now })
        const messages = messageService(db, { bus, exports, now })
        const isAdmin = async (userId: number) => (await auth.roleKeys(userId)).includes(ROLE_ADMIN)
        await api.register(messageRoutes, { messages, isAdmin })
        await api.register(eventRoutes, {
          bus,
          tickets,
          sessionAlive,
          unreadCount: messages.unreadCount,
          heartbeatMs: opts.streamHeartbeatMs,
          now,
        })
        await api.register(commonRoutes, { exports, tickets, auth, sessionAlive, now })
        await api.register(csRoutes, { cs: csService(db, now), now })
        // trading (issue 4): wallet and ledger, gateway top-ups, withdrawals, orders, bids, rooms, records
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
          exports,
          now,
        })
        app.decorate('trade', trade)
        await api.register(fundsRoutes, { funds, sandbox })
        await api.register(tradeRoutes, { trade, warrant: warrantService({ db, trade, bus, now }) })
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
