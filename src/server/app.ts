/**
 * Builds the API server (docs/architecture.md, "Modules"): the database (migrated, its reference data
 * reconciled, seeded when new),
 * the shared state, the plugins every request passes, then the modules in the order of MODULES —
 * each builds its services, subscribes to the domain events it reacts to, schedules its jobs and
 * declares its routes (its module.ts) — then the routes under /api and the web bundle. Tests call
 * buildApp on a temporary directory; server.ts adds listen and signals.
 */
import { mkdirSync } from 'node:fs'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { API_BASE, DESKTOP_APP_ORIGIN } from '../shared/constants'
import { ACCOUNT } from '../shared/api/account'
import { ORDER } from '../shared/api/trade'
import { EVENTS } from '../shared/api/events'
import { createJobs } from './cluster/jobs'
import { redisState } from './cluster/redis'
import { invalidation, memoryState, type Invalidation, type SharedState } from './cluster/state'
import { openDatabase, type Db } from './db'
import { migrateToLatest, pendingMigrations } from './db/migrate'
import { seedBase, seedDemo } from './db/seed'
import { reconcileReference } from './db/seed/reference'
import { closeUnusedConnections } from './http/graceful-close'
import { registerModules, type ModuleContext, type Services } from './module'
import { createEventBus } from './modules/events/bus'
import { createDomainEvents } from './modules/events/domain'
import { registerAuth } from './plugins/auth'
import { registerEnvelope, sendError } from './plugins/envelope'
import { registerHealth } from './plugins/health'
import { createMetrics, registerMetrics, watchApp } from './plugins/metrics'
import { REQUEST_ID_HEADER, registerRequestId, requestIdOf } from './plugins/request-id'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerValidation } from './plugins/validation'
import { registerWebBundle } from './plugins/web'
import { MODULES } from './modules'
import { checkSecrets } from './keys'
import { resolveSettings, secretsInUse, type BuildAppOptions } from './settings'

export type { BuildAppOptions } from './settings'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** the shared invalidation channel (the kept caches listen to their topics here: cluster/cache.ts) */
    invalidation: Invalidation
    /** every module's services (tests reach one directly: app.services.delivery) */
    services: Services
  }
}

const BODY_LIMIT = 1024 * 1024

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const settings = resolveSettings(opts)
  const { now } = settings
  // with shared state no secret may be made per process: stop before anything starts (keys.ts)
  const inUse = secretsInUse(settings)
  checkSecrets(settings.keys, inUse.files, inUse.more)
  mkdirSync(settings.dataDir, { recursive: true })

  const handle = openDatabase({ ...settings, sqlProfile: settings.env.sqlProfile })
  const { db } = handle
  const app = Fastify({
    logger: settings.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy:
      typeof settings.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (settings.trustProxy as number)
        : (settings.trustProxy ?? false),
    frameworkErrors: (err, _request, reply) => sendError(reply, err),
    // the balancer's x-request-id when sane, else our own (plugins/request-id.ts); logged as reqId
    genReqId: requestIdOf,
  })
  app.decorate('db', db)
  app.addHook('onClose', () => db.destroy())
  let shared: SharedState = memoryState()
  app.decorate('shared', shared)
  app.addHook('onClose', () => shared.close())

  try {
    if (settings.redisUrl) app.shared = shared = await redisState(settings.redisUrl, settings.redisPrefix)
    const changes = invalidation(shared, (err) => app.log.error({ err }, 'invalidation failed'))
    app.decorate('invalidation', changes)
    const { isNew } = await migrateToLatest(handle)
    // reference data (menus, grants, dictionaries, parameters) follows the code at every start;
    // a new database gets its first rows besides (docs/operations.md, "Upgrades")
    const reference = isNew ? await seedBase(db, now()) : await reconcileReference(db)
    if (!isNew && reference.added + reference.removed + reference.updated > 0)
      app.log.info({ reference }, 'reference data reconciled')
    if (isNew && settings.demo)
      await seedDemo(db, now(), {
        dataDir: settings.dataDir,
        dialect: handle.dialect,
        uploadDir: settings.uploadDir,
        keys: settings.keys,
      })

    registerRequestId(app)
    registerEnvelope(app)
    // strict validation: safe integers only, no lenient coercion; unknown fields are refused
    registerValidation(app)
    registerSecurityHeaders(app)
    // Cross-origin access for the desktop renderer (app://marketplace) and the CORS_ORIGINS (e.g. the
    // electron-vite dev server); the web bundle is same-origin. The token travels in the Authorization
    // header, never in cookies, so credentials stay off. Before the auth hook: a 401 is readable too.
    const corsOrigins = new Set([DESKTOP_APP_ORIGIN, ...(settings.corsOrigins ?? [])])
    await app.register(fastifyCors, {
      origin: (origin, allow) => allow(null, origin !== undefined && corsOrigins.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Content-Disposition', REQUEST_ID_HEADER],
      maxAge: 600,
    })
    const pending = () => pendingMigrations(handle)
    registerHealth(app, { db, shared, pendingMigrations: pending })
    closeUnusedConnections(app)
    const metrics = createMetrics()
    registerMetrics(app, metrics, {
      token: settings.metricsToken,
      untimed: [`${API_BASE}${EVENTS.stream.path}`],
    })

    const jobs = createJobs(shared, (err, job) => app.log.error({ err, job }, 'job failed'))
    app.addHook('preClose', () => jobs.stop())
    const routes: Array<[FastifyPluginAsync<never>, object]> = []
    const bus = createEventBus(db, { now, shared })
    watchApp(metrics, { dbKind: handle.dialect, pool: handle.pool ?? null, jobs, bus })
    const ctx: ModuleContext = {
      app,
      db,
      dialect: handle.dialect,
      settings,
      now,
      shared,
      invalidation: changes,
      bus,
      events: createDomainEvents((err, type) => app.log.error({ err, type }, 'domain event handler failed')),
      jobs,
      metrics,
      pendingMigrations: pending,
      routes: (plugin, options) => void routes.push([plugin as FastifyPluginAsync<never>, options]),
    }
    const services = await registerModules(ctx, MODULES)
    app.decorate('services', services)

    // a user whose password staff reset may only change it (and keep the live-event stream open)
    registerAuth(
      app,
      services.auth,
      services.oplog.denied,
      [`${API_BASE}${ACCOUNT.changePassword.path}`, `${API_BASE}${EVENTS.streamTicket.path}`],
      [`${API_BASE}${ORDER.credentials.path}`],
    )
    await app.register(
      async (api) => {
        for (const [plugin, options] of routes) await api.register(plugin, options as never)
      },
      { prefix: API_BASE },
    )
    await registerWebBundle(app, settings.webRoot ?? null, await services.publicPages(app))
    await shared.ready()
    await app.ready()
  } catch (err) {
    await app.close()
    throw err
  }
  return app
}
