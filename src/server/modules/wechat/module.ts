/**
 * Puts the WeChat module together (app.ts calls this once): the provider (the real official
 * account when configured, else the sandbox in demo and test installs, else none), the service, the
 * bus tap that queues template messages after the events' transactions committed, the outbox timer
 * and the routes.
 */
import type { FastifyInstance } from 'fastify'
import { API_BASE } from '../../../shared/constants'
import { WECHAT } from '../../../shared/api/wechat'
import type { Invalidation } from '../../cluster/state'
import type { Db } from '../../db'
import { loadOrCreateSecret, type Keys } from '../../keys'
import type { AuthService } from '../auth/service'
import type { EventBus } from '../events/bus'
import type { MessageService } from '../message/service'
import {
  disabledProvider,
  officialProvider,
  sandboxProvider,
  type OfficialConfig,
  type WechatProvider,
} from './provider'
import { wechatRoutes } from './routes'
import { wechatService } from './service'

export async function wechatModule(
  root: FastifyInstance,
  api: FastifyInstance,
  deps: {
    db: Db
    /** the secrets (the sandbox's token key) */
    keys: Keys
    auth: AuthService
    messages: MessageService
    bus: EventBus
    official: OfficialConfig | null
    sandbox: boolean
    provider?: WechatProvider
    outboxMs?: number
    now: () => number
    invalidation?: Invalidation
  },
) {
  const { now } = deps
  const phonePath = `${API_BASE}${WECHAT.sandboxPhone.path}`
  const sandboxOn = !deps.official && deps.sandbox
  const sandboxToken = sandboxOn ? loadOrCreateSecret(deps.keys, 'wechat-sandbox.key').toString('hex') : null
  const provider: WechatProvider =
    deps.provider ??
    (deps.official
      ? officialProvider(deps.official, { now })
      : sandboxToken
        ? sandboxProvider({ db: deps.db, token: sandboxToken, now, phonePath })
        : disabledProvider())
  const wechat = wechatService({
    db: deps.db,
    provider,
    auth: deps.auth,
    messages: deps.messages,
    sandboxPhonePath: sandboxOn ? phonePath : null,
    now,
    invalidation: deps.invalidation,
  })
  root.decorate('wechat', wechat)
  root.addHook('preClose', async () => wechat.stop())

  const drain = () =>
    wechat.drain().catch((err: unknown) => root.log.error({ err }, 'wechat outbox drain failed'))
  // after the event's own transaction committed (the bus publishes then): queue, then send soon
  deps.bus.tap(async (userId, event) => {
    if (await wechat.onEvent(userId, event)) setImmediate(() => void drain())
  })
  const every = deps.outboxMs ?? 5_000
  if (every > 0) {
    const timer = setInterval(() => void drain(), every)
    timer.unref()
    root.addHook('onClose', async () => clearInterval(timer))
  }
  await api.register(wechatRoutes, { wechat, sandboxToken, now })
}
