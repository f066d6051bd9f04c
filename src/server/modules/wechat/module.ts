/**
 * The WeChat official account (docs/wechat.md): the provider (the real official account when
 * configured, else the sandbox in demo and test installs, else none), scan login and binding, and
 * template messages — the bus tap queues them after the events' transactions committed, the job
 * `wechat-outbox` sends them.
 */
import { API_BASE } from '../../../shared/constants'
import { WECHAT } from '../../../shared/api/wechat'
import { loadOrCreateSecret } from '../../keys'
import { defineModule } from '../../module'
import { disabledProvider, officialProvider, sandboxProvider, type WechatProvider } from './provider'
import { wechatRoutes } from './routes'
import { wechatService, type WechatService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** the WeChat official account: tests call wechat.drain() to send due template messages */
    wechat: WechatService
  }
}

export const wechatModule = defineModule({
  name: 'wechat',
  needs: ['auth', 'messages'],
  register({ app, db, now, bus, jobs, invalidation, settings, routes }, { auth, messages }) {
    const official = settings.wechatOfficial ?? null
    const phonePath = `${API_BASE}${WECHAT.sandboxPhone.path}`
    const sandboxOn = !official && (settings.wechatSandbox ?? settings.demo)
    const sandboxToken = sandboxOn
      ? loadOrCreateSecret(settings.keys, 'wechat-sandbox.key').toString('hex')
      : null
    const provider: WechatProvider =
      settings.wechatProvider ??
      (official
        ? officialProvider(official, { now })
        : sandboxToken
          ? sandboxProvider({ db, token: sandboxToken, now, phonePath })
          : disabledProvider())
    const wechat = wechatService({
      db,
      provider,
      auth,
      messages,
      sandboxPhonePath: sandboxOn ? phonePath : null,
      now,
      invalidation,
    })
    app.decorate('wechat', wechat)
    app.addHook('preClose', async () => wechat.stop())

    // the outbox is drained by every process, as rows are claimed one by one; and soon after an event
    jobs.schedule('wechat-outbox', settings.wechatOutboxMs ?? 5_000, () => wechat.drain(), {
      mode: 'everywhere',
    })
    // after the event's own transaction committed (the bus publishes then): queue, then send soon
    bus.tap(async (userId, event) => {
      if (await wechat.onEvent(userId, event)) jobs.kick('wechat-outbox')
    })
    routes(wechatRoutes, { wechat, sandboxToken, now })
  },
})
