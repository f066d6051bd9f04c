/**
 * Builds the API server: database (migrated, seeded when new), plugins, then the /api modules and the
 * web bundle. Tests call buildApp on a temporary directory; server.ts adds listen and signals.
 * Long because this is the one place that wires the modules to each other (each module is a few lines:
 * its service with the services it uses, then its routes); splitting it would hide the order.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import fastifyCors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { API_BASE, DESKTOP_APP_ORIGIN } from '../shared/constants'
import { ACCOUNT } from '../shared/api/account'
import { ORDER } from '../shared/api/trade'
import { EVENTS } from '../shared/api/events'
import { invalidation, memoryState, type Invalidation, type SharedState } from './cluster/state'
import { redisState } from './cluster/redis'
import { registerHealth } from './plugins/health'
import { localFiles } from './storage/files'
import { PERMS } from '../shared/permissions'
import { openDatabase, type Db } from './db'
import { migrateToLatest } from './db/migrate'
import { seedBase, seedDemo } from './db/seed'
import { authRoutes } from './modules/auth/routes'
import { loadOrCreateKeyPair } from './modules/auth/rsa'
import { authService } from './modules/auth/service'
import { gameRoutes } from './modules/game/routes'
import { gameStaffRoutes as gameAdminRoutes } from './modules/game/staff-routes'
import { gameStaffService as gameAdminService } from './modules/game/staff'
import { gameService } from './modules/game/service'
import { catalogueRoutes, catalogueServices } from './modules/catalogue'
import { messageRoutes } from './modules/message/routes'
import { messageService } from './modules/message/service'
import { noticeRoutes } from './modules/notice/routes'
import { noticeStaffRoutes as noticeAdminRoutes } from './modules/notice/staff-routes'
import { noticeStaffService as noticeAdminService } from './modules/notice/staff'
import { noticeService } from './modules/notice/service'
import { systemRoutes } from './modules/system/routes'
import { systemStaffRoutes as systemConsoleRoutes } from './modules/system/staff-routes'
import { systemStaffService as systemConsoleService } from './modules/system/staff'
import { orderStaffRoutes as orderConsoleRoutes } from './modules/trade/staff-routes'
import { orderStaffService as orderConsoleService } from './modules/trade/staff'
import { orderDetailRoutes } from './modules/trade/order-detail-routes'
import { orderDetailService } from './modules/trade/order-detail'
import { systemService } from './modules/system/service'
import { commonRoutes } from './modules/common/routes'
import { exportsService } from './modules/common/exports'
import { ticketService } from './modules/common/tickets'
import { csRoutes } from './modules/cs/routes'
import { csService } from './modules/cs/service'
import { csVerifyService } from './modules/cs/verify-service'
import { feedbackRoutes } from './modules/feedback/routes'
import { feedbackService } from './modules/feedback/service'
import { loveRoutes } from './modules/love/routes'
import { loveService } from './modules/love/service'
import { protectionRoutes } from './modules/protection/routes'
import { protectionService, type ProtectionService } from './modules/protection/service'
import { reviewRoutes } from './modules/review/routes'
import { reviewService } from './modules/review/service'
import { agencyRoutes } from './modules/agency/routes'
import { agencyService } from './modules/agency/service'
import { createEventBus } from './modules/events/bus'
import { eventRoutes } from './modules/events/routes'
import { registerAuth } from './plugins/auth'
import { registerEnvelope, sendError } from './plugins/envelope'
import { registerValidation } from './plugins/validation'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerWebBundle } from './plugins/web'
import { publicPages } from './modules/ssr'
import { fieldCipher, loadOrCreateKey } from './modules/delivery/crypto'
import { loadOrCreateSandboxSecret, sandboxGateway } from './modules/funds/gateway'
import { fundsRoutes } from './modules/funds/routes'
import { fundsService } from './modules/funds/service'
import { loadPinKeys, pinHasher } from './modules/funds/pin-hash'
import { tradeRoutes } from './modules/trade/routes'
import { discoverRoutes } from './modules/discover/routes'
import { discoverService } from './modules/discover/service'
import { sellerToolsRoutes } from './modules/seller-tools/routes'
import { tradeService, type TradeService } from './modules/trade/service'
import { warrantRoutes } from './modules/warrant/routes'
import { warrantService } from './modules/warrant/service'
import { chatRoutes } from './modules/chat/routes'
import { chatService } from './modules/chat/service'
import type { AiConfig } from './modules/ai/config'
import { providerFrom } from './modules/ai/providers'
import { aiRoutes } from './modules/ai/routes'
import { aiService, type AiService } from './modules/ai/service'
import { wechatModule } from './modules/wechat/module'
import type { OfficialConfig, WechatProvider } from './modules/wechat/provider'
import type { WechatService } from './modules/wechat/service'
import { accountRoutes } from './modules/account/routes'
import { accountService, type AccountService } from './modules/account/service'
import { idVerifierFromEnv, sandboxIdVerifier, type IdVerifier } from './modules/account/realname-provider'
import { loadOrCreateSecret } from './keys'
import { sandboxSmsProvider, smsProviderFromEnv, type SmsProvider } from './modules/sms/provider'
import { smsRepo } from './modules/sms/repo'
import { smsSandboxRoutes } from './modules/sms/routes'
import { smsService } from './modules/sms/service'
import { oplogRoutes } from './modules/oplog/routes'
import { staffUserRoutes } from './modules/auth/staff-routes'
import { staffUserService } from './modules/auth/staff'
import { roleStaffRoutes as roleAdminRoutes } from './modules/auth/role-routes'
import { roleStaffService as roleAdminService } from './modules/auth/roles'
import { menuStaffRoutes as menuAdminRoutes } from './modules/system/menu-routes'
import { menuStaffService as menuAdminService } from './modules/system/menus'
import { oplogService } from './modules/oplog/service'
import { savedSearchRoutes } from './modules/saved-search/routes'
import { savedSearchService, type SavedSearchService } from './modules/saved-search/service'
import { dashboardService } from './modules/oplog/dashboard'

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
  /** the sandbox SMS provider (codes in /api/sandbox/sms and the log); default: as paySandbox */
  smsSandbox?: boolean
  /** the sandbox real-name provider (a list of passing and failing identities); default: as paySandbox */
  realNameSandbox?: boolean
  /** a real-name provider to use instead (tests count what reaches it) */
  idVerifier?: IdVerifier
  logger?: boolean | { level: string }
  /** clock in epoch ms (tests move it to expire captchas, tokens and lockouts) */
  now?: () => number
  /** ms an identical goods search answer is reused (default 3000; 0: off, e.g. to measure the database) */
  goodsSearchCacheMs?: number
  /** ms a listing's row is kept as JSON for the lists (default 30 s, 0 when goodsSearchCacheMs is 0) */
  goodsBriefCacheMs?: number
  /** the built page renderer (dist/ssr/entry-server.js); missing: pages are the client-only app */
  ssrEntry?: string | null
  /** scheme and host of the public site for canonical URLs and sitemaps (default: the request's) */
  siteOrigin?: string
  /** ms a rendered public page is reused (default 60 s; 0: off) */
  pageCacheMs?: number
  /** heartbeat interval of the live event stream (default 25 s; tests shorten it) */
  streamHeartbeatMs?: number
  /** trading's time-rule sweeper interval (default 30 s; 0: off — tests call app.trade.sweep()) */
  tradeSweepMs?: number
  /** saved searches: sweeper interval (default 30 s; 0: off — tests call app.savedSearches.sweep()) */
  savedSearchSweepMs?: number
  /** saved searches: the batching window, at most one alert per search in it (default 10 min) */
  savedSearchWindowMs?: number
  /**
   * AI drawing (modules/ai/config.ts): provider and worker settings; default: the sandbox provider
   * when demo data is seeded (quick in tests: 20 ms a picture), off otherwise
   */
  ai?: Partial<AiConfig>
  /** the built-in WeChat official-account sandbox (phone page, inbox); default: on when demo data is seeded */
  wechatSandbox?: boolean
  /** the real WeChat official account (WECHAT_APP_ID …); wins over the sandbox */
  wechatOfficial?: OfficialConfig | null
  /** tests: a provider standing in for WeChat (e.g. one that fails) */
  wechatProvider?: WechatProvider
  /** how often the WeChat outbox is drained (default 5 s; 0: only right after an event — tests call app.wechat.drain()) */
  wechatOutboxMs?: number
  /** Redis for the state several processes share (docs/scaling.md); none: this process's memory */
  redisUrl?: string
  /** prefix of every Redis key and channel (default `yx:`) */
  redisPrefix?: string
  /** uploaded files (default DATA_DIR/uploads; several processes share one directory) */
  uploadDir?: string
  /** proxies whose X-Forwarded-For names the client (Fastify trustProxy: true, a hop count or addresses) */
  trustProxy?: boolean | number | string
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** trading: tests call trade.sweep() after moving the clock */
    trade: TradeService
    /** AI drawing: tests wait for ai.idle() */
    ai: AiService
    /** the WeChat official account: tests call wechat.drain() to send due template messages */
    wechat: WechatService
    /** the shared invalidation channel (the rendered-page cache listens to GOODS_TOPIC here) */
    invalidation: Invalidation
    /** account and identity: tests call account.sweepWriteoffs() after moving the clock */
    account: AccountService
    /** saved searches: tests call savedSearches.sweep() (match the queue, send due alerts) */
    savedSearches: SavedSearchService
    /** 包赔: tests call protection.sweep() after moving the clock */
    protection: ProtectionService
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
    trustProxy:
      typeof opts.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (opts.trustProxy as number)
        : (opts.trustProxy ?? false),
    frameworkErrors: (err, _request, reply) => sendError(reply, err),
  })
  app.decorate('db', db)
  app.addHook('onClose', () => db.destroy())
  let shared: SharedState = memoryState()
  app.decorate('shared', shared)
  app.addHook('onClose', () => shared.close())
  const uploadDir = opts.uploadDir ?? join(opts.dataDir, 'uploads')
  let pagesOf = null as ((root: FastifyInstance) => Promise<Parameters<typeof registerWebBundle>[2]>) | null

  try {
    if (opts.redisUrl) app.shared = shared = await redisState(opts.redisUrl, opts.redisPrefix)
    const changes = invalidation(shared, (err) => app.log.error({ err }, 'invalidation failed'))
    app.decorate('invalidation', changes)
    const { isNew } = await migrateToLatest(handle)
    if (isNew) await seedBase(db, now())
    if (isNew && (opts.seedDemo ?? true))
      await seedDemo(db, now(), { dataDir: opts.dataDir, dialect: handle.dialect, uploadDir })

    const system = systemService(db)
    await system.syncCaptchaFlag(captchaEnabled)
    const cipher = loadOrCreateKeyPair(opts.dataDir)
    app.addHook('onClose', () => cipher.close())
    // SMS: the sandbox plays the provider in demo and test installs (docs/account-security.md)
    const sandboxOn = opts.paySandbox ?? opts.seedDemo ?? true
    const smsProvider: SmsProvider | null =
      (opts.smsSandbox ?? sandboxOn)
        ? sandboxSmsProvider(
            (phone, content) => smsRepo(db).addInbox(phone, content, now()),
            opts.logger ? (line) => app.log.info(line) : () => undefined,
          )
        : smsProviderFromEnv()
    const sms = smsService({
      db,
      provider: smsProvider,
      secret: loadOrCreateSecret(opts.dataDir, 'sms-codes.key'),
      now,
    })
    // the staff operation log and the login log (docs/console.md)
    const oplog = oplogService(db, now)
    const auth = authService({
      db,
      system,
      cipher,
      captchaEnabled,
      now,
      verifyRegisterCode: (phone, code) => sms.verify(phone, 'REGISTER', code),
      loginLog: oplog.login,
    })
    // built once the modules it reads are (catalogue, funds, trade); the gates call it lazily
    let account: AccountService | null = null
    const requireRealName = (userId: number, what: string) => account!.requireTradingIdentity(userId, what)
    // built once messages and live events are; listings going on sale are queued for it meanwhile
    let savedSearches: SavedSearchService | null = null

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
    registerHealth(app, { db, shared })
    // a user whose password staff reset may only change it (and keep the live-event stream open)
    registerAuth(
      app,
      auth,
      oplog.denied,
      [`${API_BASE}${ACCOUNT.changePassword.path}`, `${API_BASE}${EVENTS.streamTicket.path}`],
      [`${API_BASE}${ORDER.credentials.path}`],
    )
    await app.register(
      async (api) => {
        await api.register(authRoutes, { auth, cipher, now })
        await api.register(systemRoutes, { system, auth })
        await api.register(systemConsoleRoutes, { sys: systemConsoleService(db, now) })
        await api.register(oplogRoutes, { oplog, dashboard: dashboardService(db, now) })
        await api.register(staffUserRoutes, { users: staffUserService(db, now) })
        // 角色管理, 菜单管理 (docs/console.md)
        const menuAdmin = menuAdminService(db, now)
        await api.register(roleAdminRoutes, { roles: roleAdminService(db, now), menus: menuAdmin })
        await api.register(menuAdminRoutes, { menus: menuAdmin })
        // catalogue: game configs, listings, images, batch publish, delivery accounts, pushes, follows
        // game caches listen to the shared channel: a console change clears them in every process
        const games = gameService(db, now, changes)
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
          briefCacheMs: opts.goodsBriefCacheMs,
          invalidation: changes,
          files: localFiles(uploadDir),
          requireRealName,
          onSaleSignal: (trx, signal) => savedSearches!.enqueue(trx, signal),
          // 包赔 terms of account listings: the protection module, built with trading below
          protectionTerms: (trx, goodsId, sellerId, goodsType, days) =>
            protection.setTerms(trx, goodsId, sellerId, goodsType, days),
        })
        await api.register(catalogueRoutes, { services: catalogue, now })
        const notices = noticeService(db, changes)
        await api.register(noticeRoutes, { notices })
        // console: 游戏管理 and 公告与攻略 (docs/console.md)
        await api.register(gameAdminRoutes, {
          admin: gameAdminService({
            db,
            games,
            squareImage: (ownerId, imageId) => catalogue.images.squareAvatar(ownerId, imageId),
            serversInUse: (serverIds) => catalogue.goods.serversInUse(serverIds),
            invalidateSearch: () => catalogue.goods.invalidate(),
            now,
          }),
        })
        await api.register(noticeAdminRoutes, {
          admin: noticeAdminService({ db, notices, gameExists: games.exists, now }),
        })
        // the public pages rendered on the server (their queries answered by the routes above)
        pagesOf = (root) => publicPages(root, { ...opts, goods: catalogue.goods, games, notices, now })
        // live events, tickets, exports, customer-service messages
        const bus = createEventBus(db, { now, shared })
        const tickets = ticketService({ now, shared })
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
        // saved searches with alerts (docs/saved-searches.md): swept below, one process at a time
        savedSearches = savedSearchService({
          db,
          goods: catalogue.goods,
          games,
          messages,
          bus,
          windowMs: opts.savedSearchWindowMs,
          now,
        })
        app.decorate('savedSearches', savedSearches)
        await api.register(savedSearchRoutes, { savedSearches, sandbox: sandboxOn, now })
        const savedSweepMs = opts.savedSearchSweepMs ?? 30_000
        if (savedSweepMs > 0) {
          const search = savedSearches
          let running = false
          const timer = setInterval(() => {
            if (running) return
            running = true
            // one process sweeps at a time: the holder of the lease (docs/scaling.md)
            shared
              .lease('saved-search-sweep', savedSweepMs * 3)
              .then((mine) => (mine ? search.sweep() : undefined))
              .catch((err: unknown) => app.log.error({ err }, 'saved-search sweep failed'))
              .finally(() => (running = false))
          }, savedSweepMs)
          timer.unref()
          app.addHook('onClose', async () => clearInterval(timer))
        }
        await api.register(csRoutes, { cs: csService(db, now), verify: csVerifyService(db, now), now })
        // feedback: screenshots through the image module, staff replies as in-site messages
        await api.register(feedbackRoutes, {
          feedback: feedbackService({ db, images: catalogue.images, messages, system, now }),
          now,
        })
        // 公会助力: guild logos through the image module, real-name check through the account module
        await api.register(loveRoutes, {
          love: loveService({
            db,
            games,
            images: catalogue.images,
            system,
            isVerified: (userId) => account!.isVerified(userId),
            now,
          }),
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
          pins: pinHasher(loadPinKeys(opts.dataDir)),
          confirmLoginPassword: auth.confirmPassword,
          gateways: sandbox ? [sandbox] : [],
          messages,
          exports,
          // staff list every user's withdrawals: the permission of 提现审核 (docs/console.md)
          isStaff: (userId) => auth.hasPermission(userId, PERMS.withdrawList),
          // the wallet shows the escrow of the user's orders (read through the trade service, built next)
          escrowOf: (userId, side) => trade.escrowOf(userId, side),
          requireRealName,
          now,
        })
        const deliveryCipher = fieldCipher(loadOrCreateKey(opts.dataDir))
        // agency sale (代售): staff deliver its orders through the trade service, which settles them through its hooks
        const agency = agencyService({
          db,
          games,
          goods: catalogue.goods,
          delivery: catalogue.delivery,
          images: catalogue.images,
          messages,
          funds,
          trade: () => trade,
          cipher: deliveryCipher,
          requireRealName,
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
          cipher: deliveryCipher,
          agency: agency.hooks,
          protection: { onSettled: (trx, o, at) => protection.onSettled(trx, o, at) },
          // staff enter every order's room: the permission of 纠纷仲裁 (docs/console.md)
          isStaff: (userId) => auth.hasPermission(userId, PERMS.disputeList),
          exports,
          now,
        })
        app.decorate('trade', trade)
        // 包赔 (docs/recovery-protection.md): deposits, claims and their release sweeper
        const protection = protectionService({
          db,
          funds,
          trade,
          goods: catalogue.goods,
          images: catalogue.images,
          messages,
          now,
        })
        app.decorate('protection', protection)
        await api.register(protectionRoutes, { protection, now })
        await api.register(fundsRoutes, { funds, sandbox })
        await api.register(tradeRoutes, { trade })
        await api.register(discoverRoutes, {
          discover: discoverService({ goods: catalogue.goods, trade, games, now }),
          now,
        })
        await api.register(agencyRoutes, { agency, now })
        const warrant = warrantService({
          db,
          trade,
          funds,
          messages,
          isStaff: (userId) => auth.hasPermission(userId, PERMS.disputeList),
          staffIds: auth.staffIds,
          bus,
          now,
        })
        await api.register(warrantRoutes, { warrant })
        // pre-sale chat: listings through goods; staff read it from a disputed order (docs/pre-sale-chat.md)
        const chat = chatService({ db, goods: catalogue.goods, trade, disputed: warrant.disputed, bus, now })
        await api.register(chatRoutes, { chat, now })
        await api.register(sellerToolsRoutes, {
          goods: catalogue.goods,
          pushes: catalogue.pushes,
          trade,
          unreadMessages: messages.unreadCount,
          unreadChats: chat.unread,
          now,
        })
        // console 订单管理: ledger rows through funds, disputes and the room through warrant
        await api.register(orderConsoleRoutes, {
          orders: orderConsoleService({
            db,
            games,
            orderLedger: funds.orderLedger,
            warrantView: warrant.staffOrderView,
            now,
          }),
        })
        // reviews and seller credit: orders and their counts through the trade service
        const reviews = reviewService({
          db,
          trade,
          system,
          messages,
          onChange: catalogue.goods.invalidate,
          now,
        })
        await api.register(reviewRoutes, { reviews, now })
        // the parties' order detail page: ledger through funds, disputes and room through warrant, the review
        await api.register(orderDetailRoutes, {
          details: orderDetailService({
            db,
            trade,
            games,
            orderLedger: funds.orderLedger,
            warrantView: warrant.staffOrderView,
            reviewOf: async (userId, orderNo) => (await reviews.ofOrders(userId, orderNo))[0] ?? null,
          }),
        })
        // AI drawing: provider, job worker (started after the routes, stopped before the database closes)
        const aiConfig = {
          provider: (opts.seedDemo ?? true) ? 'sandbox' : 'off',
          sandboxLatencyMs: 20,
          ...opts.ai,
        }
        const ai = aiService({
          db,
          provider: providerFrom(aiConfig),
          images: catalogue.images,
          auth,
          system,
          exports,
          bus,
          now,
          worker: aiConfig,
        })
        app.decorate('ai', ai)
        await api.register(aiRoutes, { ai, now })
        api.addHook('onClose', () => ai.stop())
        api.addHook('onReady', () => ai.start())
        // the WeChat official account: scan login, binding, template messages of the bus's events
        await wechatModule(app, api, {
          db,
          dataDir: opts.dataDir,
          auth,
          messages,
          bus,
          official: opts.wechatOfficial ?? null,
          sandbox: opts.wechatSandbox ?? opts.seedDemo ?? true,
          provider: opts.wechatProvider,
          outboxMs: opts.wechatOutboxMs,
          now,
          invalidation: app.invalidation,
        })
        // account and identity: passwords, phone, real name, profile, devices, cancellation
        account = accountService({
          db,
          auth,
          sms,
          cipher,
          fieldCipher: fieldCipher(loadOrCreateSecret(opts.dataDir, 'real-names.key')),
          idVerifier:
            opts.idVerifier ??
            ((opts.realNameSandbox ?? sandboxOn) ? sandboxIdVerifier() : idVerifierFromEnv()),
          messages,
          payPassword: {
            has: async (userId) => (await funds.wallet(userId)).hasPayPassword,
            reset: (userId, cipherText) => funds.resetPayPassword(userId, cipherText),
          },
          squareAvatar: (userId, imageId) => catalogue.images.squareAvatar(userId, imageId),
          writeoffFacts: {
            orders: (userId) => trade.openOrderCounts(userId),
            listingsOnSale: (userId) => catalogue.goods.onSaleCount(userId),
            wallet: (userId) => funds.wallet(userId),
          },
          now,
        })
        app.decorate('account', account)
        await api.register(accountRoutes, { account, sms, now })
        if (sms.sandbox) await api.register(smsSandboxRoutes, { sms })
        const sweepMs = opts.tradeSweepMs ?? 30_000
        if (sweepMs > 0) {
          let sweeping = false
          const timer = setInterval(() => {
            if (sweeping) return
            sweeping = true
            // one process sweeps at a time (a lease in the shared state; always ours alone)
            shared
              .lease('trade-sweep', sweepMs * 3)
              .then((mine) =>
                mine
                  ? Promise.all([trade.sweep(), account!.sweepWriteoffs(), protection.sweep()])
                  : undefined,
              )
              .catch((err: unknown) => app.log.error({ err }, 'trade sweep failed'))
              .finally(() => (sweeping = false))
          }, sweepMs)
          timer.unref()
          app.addHook('onClose', async () => clearInterval(timer))
        }
      },
      { prefix: API_BASE },
    )
    await registerWebBundle(app, opts.webRoot ?? null, pagesOf ? await pagesOf(app) : null)
    await shared.ready()
    await app.ready()
  } catch (err) {
    await app.close()
    throw err
  }
  return app
}
