/**
 * Server modules (docs/architecture.md, "Modules"): each folder under modules/ has one module.ts that
 * `defineModule`s it — its name, the services it needs from earlier modules, the services it
 * provides, and `register`, which builds its services, subscribes to the domain events it reacts
 * to, schedules its jobs and declares its routes. The list of modules is
 * MODULES in modules/index.ts.
 *
 * The services are one typed registry: each module adds its own to `Services` by declaration merging
 * in its module.ts, so `deps.trade` is a TradeService wherever it is needed. A module may only need
 * what a module listed before it provides; `registerModules` checks the whole list before it builds
 * anything and refuses to start with a message naming the module, the service and where it is
 * provided. So there is no late-bound reference: a module that must react to a later one's change
 * subscribes to its domain events instead, and a module that offers a later one a place to plug in
 * (trade's settlement, the account's write-off checks) takes it through a registration call made by
 * the later module.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Invalidation, SharedState } from './cluster/state'
import type { Jobs } from './cluster/jobs'
import type { Db, DbDialect } from './db'
import type { EventBus } from './modules/events/bus'
import type { AppMetrics } from './plugins/metrics'
import type { DomainEvents } from './modules/events/domain'
import type { AppSettings } from './settings'

/** Every module's services, by name (each module.ts adds its own). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
export type ServiceName = keyof Services

/** What every module gets besides the services it needs. */
export interface ModuleContext {
  /** the root instance: decorations tests use (app.trade …) and lifecycle hooks */
  app: FastifyInstance
  db: Db
  dialect: DbDialect
  settings: AppSettings
  now: () => number
  shared: SharedState
  /** the cache invalidation channel shared by the processes (cluster/state.ts) */
  invalidation: Invalidation
  /** users' live events (modules/events/bus.ts): notifications to people, resumable streams */
  bus: EventBus
  /** domain events between modules (modules/events/domain.ts) */
  events: DomainEvents
  /** periodic and queued work (cluster/jobs.ts) */
  jobs: Jobs
  /** the app's metrics registry (plugins/metrics.ts): a module adds gauges read at each scrape */
  metrics: AppMetrics
  /** the migrations the database has not run (db/migrate.ts) */
  pendingMigrations: () => Promise<string[]>
  /** declares route plugins, registered under /api once every module is built, in module order */
  routes<O extends object>(plugin: FastifyPluginAsync<O>, options: O): void
}

export interface ServerModule<N extends ServiceName = ServiceName, P extends ServiceName = ServiceName> {
  name: string
  needs: readonly N[]
  provides: readonly P[]
  register(
    ctx: ModuleContext,
    deps: Pick<Services, N>,
  ): Promise<Pick<Services, P>> | Pick<Services, P> | Promise<void> | void
}

/** Declares a module; `needs` and `provides` are checked against the registry's types. */
export function defineModule<
  const N extends ServiceName = never,
  const P extends ServiceName = never,
>(module: {
  name: string
  needs?: readonly N[]
  provides?: readonly P[]
  register(
    ctx: ModuleContext,
    deps: Pick<Services, N>,
  ): Promise<Pick<Services, P>> | Pick<Services, P> | Promise<void> | void
}): ServerModule<N, P> {
  return { needs: [], provides: [], ...module } as ServerModule<N, P>
}

/**
 * Checks the order of `modules` (every need provided by an earlier module, no service provided
 * twice), then registers them one by one. Throws before building anything when the list cannot work.
 */
export async function registerModules(
  ctx: ModuleContext,
  // each module's own types were checked where it was defined
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  modules: readonly ServerModule<any, any>[],
): Promise<Services> {
  checkOrder(modules)
  const services: Record<string, unknown> = {}
  for (const module of modules) {
    const deps = Object.fromEntries(module.needs.map((name: string) => [name, services[name]]))
    const provided = ((await module.register(ctx, deps as never)) ?? {}) as Record<string, unknown>
    for (const name of module.provides as string[]) {
      if (provided[name] === undefined)
        throw new Error(`module ${module.name} declares that it provides "${name}" but did not return it`)
      services[name] = provided[name]
    }
  }
  return services as unknown as Services
}

export function checkOrder(modules: readonly Pick<ServerModule, 'name' | 'needs' | 'provides'>[]): void {
  const providerOf = new Map<string, { module: string; index: number }>()
  modules.forEach((module, index) => {
    for (const name of module.provides) {
      const other = providerOf.get(name)
      if (other) throw new Error(`service "${name}" is provided by both ${other.module} and ${module.name}`)
      providerOf.set(name, { module: module.name, index })
    }
  })
  modules.forEach((module, index) => {
    for (const need of module.needs) {
      const provider = providerOf.get(need)
      if (!provider) throw new Error(`module ${module.name} needs "${need}", which no listed module provides`)
      if (provider.index >= index)
        throw new Error(
          `module ${module.name} needs "${need}" from module ${provider.module}, listed ${provider.index === index ? 'as itself' : 'after it'}: ` +
            "list the provider first (modules/index.ts); if both need each other, let one react to the other's domain events",
        )
    }
  })
}
