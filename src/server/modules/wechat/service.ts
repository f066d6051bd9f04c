/**
 * The WeChat official account (docs/wechat.md): temporary QR scenes for scan-to-login and binding,
 * the scan events of the callback, /bind.html's log-in-and-bind and register-and-bind, unbinding,
 * the user's switches, and the outbox that sends template messages after the events' transactions
 * committed (retries with back-off, one row per event and user).
 */
import { createHash, randomBytes } from 'node:crypto'
import QRCode from 'qrcode'
import type { LoginResult } from '../../../shared/api/auth'
import {
  WECHAT_TEMPLATE_KEYS,
  WECHAT_TEMPLATE_LABELS,
  type BindLoginBody,
  type BindRegisterBody,
  type WechatBindResult,
  type WechatBinding,
  type WechatLoginCheck,
  type WechatQrCode,
  type WechatQrPurpose,
  type WechatTemplate,
  type WechatTemplateKey,
} from '../../../shared/api/wechat'
import type { StoredLiveEvent } from '../../../shared/live-events'
import { isUniqueViolation, type Db } from '../../db'
import { badRequest, unauthorized } from '../../http/errors'
import type { Invalidation } from '../../cluster/state'
import type { AuthService, ClientInfo } from '../auth/service'
import type { MessageService } from '../message/service'
import { bindingCache } from './binding-cache'
import type { TemplateMessage, WechatProvider } from './provider'
import { wechatRepo } from './repo'
import { templateFor } from './templates'

/** A QR code works this long after it was made. */
export const SCENE_TTL_MS = 5 * 60_000
/** /bind.html's ticket works this long after the scan. */
export const BIND_TICKET_TTL_MS = 10 * 60_000
/** Send attempts of one template message before it is given up. */
export const OUTBOX_MAX_ATTEMPTS = 6
/** A claimed send that has not finished after this long is abandoned (never re-sent). */
export const OUTBOX_LEASE_MS = 2 * 60_000
/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … at most an hour. */
export const outboxBackoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1))

export interface WechatServiceDeps {
  db: Db
  provider: WechatProvider
  auth: Pick<AuthService, 'login' | 'register' | 'logout' | 'sessionFor' | 'userIdByName'>
  messages: Pick<MessageService, 'create' | 'find'>
  /** the sandbox's phone page, when the sandbox is the provider */
  sandboxPhonePath: string | null
  now: () => number
  /** the shared invalidation channel: a bind or unbind in any process clears every process's `hasBinding` */
  invalidation?: Invalidation
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const token = (bytes: number) => randomBytes(bytes).toString('base64url')
const EXPIRED = { status: 'EXPIRED' } as const

export function wechatService(deps: WechatServiceDeps) {
  const { db, provider, now } = deps
  const repo = wechatRepo(db)

  const { hasBinding, bindingsChanged } = bindingCache(
    async (userId) => (await repo.bindingOf(userId)) !== undefined,
    deps.invalidation,
  )

  /** In-site message to the user about their binding; a failure is only logged. */
  async function tell(userId: number, title: string, content: string) {
    try {
      await deps.messages.create(userId, { title, content, messageType: 'SYSTEM' })
    } catch (err) {
      console.error('[wechat] binding message not written', err)
    }
  }

  /** Binds an identity to an account: refuses when either side is bound already. */
  async function bind(userId: number, openid: string, nickname: string): Promise<string | null> {
    if (await repo.bindingOf(userId)) return '该账号已绑定其他微信，请先解绑'
    const other = await repo.bindingByOpenid(openid)
    if (other) return other.user_id === userId ? null : '该微信已绑定其他账号'
    try {
      await repo.insertBinding({ user_id: userId, openid, nickname, created_at: now() })
    } catch (err) {
      if (isUniqueViolation(err)) return '该微信已绑定其他账号'
      throw err
    } finally {
      bindingsChanged()
    }
    await tell(
      userId,
      '微信绑定成功',
      `您的账号已绑定微信「${nickname}」，可以微信扫码登录并接收微信通知。如非本人操作，请立即修改密码并解绑。`,
    )
    return null
  }

  async function prefs(userId: number) {
    const row = await repo.prefsOf(userId)
    const disabled = row ? (JSON.parse(row.disabled) as WechatTemplateKey[]) : []
    return { isSend: row ? row.is_send === 1 : true, disabled }
  }

  async function templates(userId: number | null): Promise<WechatTemplate[]> {
    const p = userId === null ? { isSend: true, disabled: [] as WechatTemplateKey[] } : await prefs(userId)
    return provider.templateKeys().map((key) => ({
      key,
      name: WECHAT_TEMPLATE_LABELS[key],
      enabled: p.isSend && !p.disabled.includes(key),
    }))
  }

  /** Whether the user receives this template: bound, master switch on, the template's switch on. */
  async function receives(userId: number, key: WechatTemplateKey) {
    if (!provider.templateKeys().includes(key)) return null
    const binding = await repo.bindingOf(userId)
    if (!binding) return null
    const p = await prefs(userId)
    return p.isSend && !p.disabled.includes(key) ? binding : null
  }

  /** A ticket of /bind.html that still works, or an error. */
  async function openTicket(bindTicket: string) {
    const hash = sha256(bindTicket)
    const scene = await repo.sceneByTicket(hash)
    if (!scene || !scene.openid || (scene.ticket_expires_at ?? 0) <= now())
      throw badRequest('绑定凭证已失效，请重新扫码')
    return { scene, hash, openid: scene.openid, nickname: scene.nickname ?? '' }
  }

  // ---------------------------------------------------------------- outbox
  let draining: Promise<void> | null = null
  let stopped = false

  async function drainOnce(): Promise<number> {
    if (stopped) return 0
    const at = now()
    await repo.abandonStale(at)
    let sent = 0
    for (const row of await repo.dueOutbox(at, 50)) {
      if (!(await repo.claim(row.id, at, at + OUTBOX_LEASE_MS))) continue
      const attempts = row.attempts + 1
      const binding = await receives(row.user_id, row.template_key)
      if (!binding) {
        await repo.finish(row.id, { status: 'FAILED', last_error: '未绑定微信或已关闭该通知' })
        continue
      }
      try {
        await provider.sendTemplate(binding.openid, JSON.parse(row.payload) as TemplateMessage)
        await repo.finish(row.id, { status: 'SENT', sent_at: now(), last_error: null })
        sent += 1
      } catch (err) {
        const retry = (err as { retry?: boolean }).retry !== false && attempts < OUTBOX_MAX_ATTEMPTS
        await repo.finish(row.id, {
          status: retry ? 'PENDING' : 'FAILED',
          next_at: now() + outboxBackoffMs(attempts),
          last_error: String((err as Error).message ?? err).slice(0, 500),
        })
      }
    }
    return sent
  }

  return {
    provider,

    /** `origin`: the site's address as the caller reached it (the sandbox's QR code points a phone there) */
    async buildQr(purpose: WechatQrPurpose, userId: number | null, origin?: string): Promise<WechatQrCode> {
      if (purpose === 'BIND') {
        if (userId === null) throw unauthorized('请先登录')
        if (await repo.bindingOf(userId)) throw badRequest('该账号已绑定微信，请先解绑')
      }
      const at = now()
      await repo.pruneScenes(at - 24 * 3600_000)
      const sceneStr = token(18)
      const sceneId = token(24)
      let qrContent: string
      try {
        ;({ qrContent } = await provider.createQr(sceneStr, SCENE_TTL_MS / 1000))
      } catch (err) {
        if (provider.kind === 'none') throw badRequest('暂未开通微信扫码，请使用账号密码登录')
        console.error('[wechat] QR code not made', err)
        throw badRequest('微信服务暂时不可用，请稍后再试')
      }
      if (qrContent.startsWith('/') && origin) qrContent = `${origin}${qrContent}`
      await repo.insertScene({
        scene_str: sceneStr,
        poll_hash: sha256(sceneId),
        purpose,
        user_id: purpose === 'BIND' ? userId : null,
        status: 'WAITING',
        openid: null,
        nickname: null,
        reason: null,
        ticket_hash: null,
        ticket_expires_at: null,
        created_at: at,
        expires_at: at + SCENE_TTL_MS,
      })
      return {
        sceneId,
        qrImage: await QRCode.toDataURL(qrContent, { margin: 1, width: 240 }),
        qrContent,
        expiresAt: at + SCENE_TTL_MS,
        sandboxUrl: deps.sandboxPhonePath
          ? `${deps.sandboxPhonePath}?scene=${encodeURIComponent(sceneStr)}`
          : null,
      }
    },

    /**
     * A verified scan event (subscribe with qrscene_, or SCAN): the scene's first scan counts, a
     * later one or one of an expired scene is ignored. LOGIN remembers who scanned; BIND binds.
     */
    async onScan(openid: string, sceneStr: string): Promise<void> {
      const scene = await repo.sceneByStr(sceneStr)
      if (!scene || scene.status !== 'WAITING' || scene.expires_at <= now()) return
      const nickname = provider.nicknameOf(openid)
      if (scene.purpose === 'LOGIN') {
        await repo.moveScene(scene.id, 'WAITING', { status: 'SCANNED', openid, nickname })
        return
      }
      // BIND: take the scene first (single use), then bind
      if (!(await repo.moveScene(scene.id, 'WAITING', { status: 'SCANNED', openid, nickname }))) return
      const refusal = await bind(scene.user_id!, openid, nickname)
      await repo.moveScene(
        scene.id,
        'SCANNED',
        refusal ? { status: 'FAILED', reason: refusal } : { status: 'BOUND' },
      )
    },

    async checkLogin(sceneId: string, client: ClientInfo): Promise<WechatLoginCheck> {
      const scene = await repo.sceneByPoll(sha256(sceneId))
      if (!scene || scene.purpose !== 'LOGIN' || scene.expires_at <= now()) return EXPIRED
      if (scene.status === 'WAITING') return { status: 'WAITING' }
      if (scene.status !== 'SCANNED' || !scene.openid) return EXPIRED
      const binding = await repo.bindingByOpenid(scene.openid)
      if (binding) {
        if (!(await repo.moveScene(scene.id, 'SCANNED', { status: 'USED' }))) return EXPIRED
        return { status: 'LOGGED_IN', ...(await deps.auth.sessionFor(binding.user_id, client)) }
      }
      const bindTicket = token(24)
      const moved = await repo.moveScene(scene.id, 'SCANNED', {
        status: 'USED',
        ticket_hash: sha256(bindTicket),
        ticket_expires_at: now() + BIND_TICKET_TTL_MS,
      })
      if (!moved) return EXPIRED
      return { status: 'UNBOUND', bindTicket, wechatNickname: scene.nickname ?? '' }
    },

    async bindResult(userId: number, sceneId: string): Promise<WechatBindResult> {
      const scene = await repo.sceneByPoll(sha256(sceneId))
      if (!scene || scene.purpose !== 'BIND' || scene.user_id !== userId || scene.expires_at <= now())
        return EXPIRED
      if (scene.status === 'BOUND') return { status: 'BOUND' }
      if (scene.status === 'FAILED') return { status: 'FAILED', reason: scene.reason ?? '绑定失败' }
      return { status: 'WAITING' }
    },

    /** /bind.html, existing account: log in with its password, then bind the scanned identity. */
    async bindLogin(body: BindLoginBody, client: ClientInfo): Promise<LoginResult> {
      const t = await openTicket(body.bindTicket)
      const { bindTicket: _ticket, ...login } = body
      const session = await deps.auth.login(login, client)
      if (!(await repo.takeTicket(t.scene.id, t.hash))) {
        await deps.auth.logout(session.token)
        throw badRequest('绑定凭证已失效，请重新扫码')
      }
      const refusal = await bind(session.userInfoDto.userId, t.openid, t.nickname)
      if (refusal) {
        await deps.auth.logout(session.token)
        throw badRequest(refusal)
      }
      return session
    },

    /** /bind.html, new account: register, bind the scanned identity, log in. */
    async bindRegister(body: BindRegisterBody, client: ClientInfo): Promise<LoginResult> {
      const t = await openTicket(body.bindTicket)
      const { bindTicket: _ticket, ...registration } = body
      await deps.auth.register(registration)
      const userId = await deps.auth.userIdByName(registration.username.trim())
      if (userId === null) throw new Error('registered user not found')
      if (!(await repo.takeTicket(t.scene.id, t.hash)))
        throw badRequest('绑定凭证已失效，请重新扫码，或用新账号登录后在账号设置中绑定')
      const refusal = await bind(userId, t.openid, t.nickname)
      if (refusal) throw badRequest(refusal)
      return deps.auth.sessionFor(userId, client)
    },

    async unbind(userId: number): Promise<void> {
      const binding = await repo.bindingOf(userId)
      if (!binding) throw badRequest('尚未绑定微信')
      const deleted = await repo.deleteBinding(userId)
      bindingsChanged()
      if (!deleted) throw badRequest('尚未绑定微信')
      await tell(
        userId,
        '微信已解绑',
        `您的账号已与微信「${binding.nickname}」解除绑定，将不再接收微信通知。如非本人操作，请立即修改密码。`,
      )
    },

    async binding(userId: number): Promise<WechatBinding> {
      const b = await repo.bindingOf(userId)
      const p = await prefs(userId)
      return {
        bound: Boolean(b),
        nickname: b?.nickname ?? null,
        boundAt: b ? Number(b.created_at) : null,
        isSend: p.isSend,
        templates: await templates(userId),
      }
    },

    templates,

    async setIsSend(userId: number, isSend: boolean) {
      const p = await prefs(userId)
      await repo.savePrefs(userId, isSend, p.disabled, now())
    },

    async setTemplates(userId: number, changes: Array<{ key: WechatTemplateKey; enabled: boolean }>) {
      const p = await prefs(userId)
      const disabled = new Set(p.disabled)
      for (const c of changes) {
        if (c.enabled) disabled.delete(c.key)
        else disabled.add(c.key)
      }
      await repo.savePrefs(
        userId,
        p.isSend,
        WECHAT_TEMPLATE_KEYS.filter((k) => disabled.has(k)),
        now(),
      )
    },

    /** The bus tap: queue the event's template message for its user when they receive it. */
    async onEvent(userId: number, event: StoredLiveEvent): Promise<boolean> {
      // most users are not bound: nothing to look up for them (answered from memory once known)
      if (!(await hasBinding(userId))) return false
      const t = await templateFor(userId, event, (id) => deps.messages.find(userId, id))
      if (!t || !(await receives(userId, t.message.key))) return false
      return repo.enqueue({
        idem_key: t.idemKey,
        user_id: userId,
        template_key: t.message.key,
        payload: JSON.stringify(t.message),
        now: now(),
      })
    },

    /** Sends what is due (one drain at a time in this process); answers how many were sent. */
    drain(): Promise<number> {
      if (stopped) return Promise.resolve(0)
      const run = (draining ?? Promise.resolve()).then(drainOnce, drainOnce)
      const settled = run.then(
        () => undefined,
        () => undefined,
      )
      draining = settled
      void settled.then(() => {
        if (draining === settled) draining = null
      })
      return run
    },

    /** No more drains (the app closes). */
    stop() {
      stopped = true
    },

    outboxOf: (userId: number) => repo.outboxOf(userId),
    sandboxInbox: (openid: string | null) => repo.sandboxInbox(openid, 100),
  }
}

export type WechatService = ReturnType<typeof wechatService>
