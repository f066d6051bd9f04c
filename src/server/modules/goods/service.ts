/**
 * Long because the life cycle of a listing is one set of rules around the same owner check,
 * transaction and search entries (staff side: staff.ts; search: search.ts).
 *
 * Listings: publish and edit (checked against the game's config), the seller's management (shelf,
 * price, delete; states 审核中 → 在售 → 已下架 / 已售出), the buyer side (search and home in
 * search.ts; detail, shop), the staff side (review and take-down in staff.ts), and what other modules
 * may do to a listing. Only the owner changes a listing (403 for anyone else, 404 for an unknown or
 * deleted one); a SOLD listing is frozen. Every change runs in one transaction together with the
 * listing's search entries, then clears the search caches.
 */
import { localInvalidation } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import {
  GOODS_MSG,
  type Attributes,
  type GoodsBrief,
  type GoodsDetail,
  type GoodsStatus,
  type GoodsType,
  type MyGoodsQuery,
  type PublishGoodsBody,
  type PublishGoodsResult,
  type ShopCard,
  type ShopProfile,
  type UpdateGoodsBody,
} from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import type { Page } from '../../db/paging'
import type { GoodsTable } from './tables'
import type { Session } from '../../plugins/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { listingRules, type GameRules, type GameService } from '../game/service'
import { thumbUrl, type ImageService } from '../image/service'
import type { SystemService } from '../system/service'
import { goodsRepo, releaseStock, reserveStock, type BriefRow, type SearchEntry } from './repo'
import { goodsSearch } from './search'
import { BriefJson, type LoadedBrief } from './brief-json'
import { socket } from '../../plug'
import type { DomainEvents } from '../events/domain'
import { goodsStaff } from './staff'
import { goodsDiscovery } from './discovery'
import { ftsDocument } from './search-text'
import {
  checkListing,
  contactHoldReason,
  filterPairs,
  listingColumns,
  priceProblem,
  type ValidListing,
} from './validate'

export const GOODS_CONFIG_KEYS = {
  autoApprove: 'goods.autoApprove',
  pushDailyQuota: 'goods.push.dailyQuota',
  pushHourOptions: 'goods.push.hourOptions',
} as const

export interface GoodsServiceDeps {
  db: Db
  dialect: DbDialect
  games: GameService
  images: ImageService
  system: SystemService
  now: () => number
  /** ms an identical search answer may be reused (0: never); tests and the bench may change it */
  searchCacheMs?: number
  /** ms a listing's row is kept as JSON for the lists (default 30 s, 0 with searchCacheMs 0): brief-json.ts */
  briefCacheMs?: number
  /** the shared invalidation channel (several processes clear their caches together; default: this process's) */
  invalidation?: Invalidation
  /** the real-name gate of the account module: a listing goes on sale only for a verified adult */
  requireRealName?: (userId: number, what: string) => Promise<void>
  /** may this user see a held or off-sale listing (staff preview: the goods-review permission) */
  canPreview?: (userId: number) => Promise<boolean>
  /**
   * Domain events published inside the listing's transaction: 'goods.onSale' when a listing entered
   * the search (published, approved, relisted: NEW) or got cheaper while in it (DROP) — saved searches
   * queue it (docs/saved-searches.md); 'goods.saved' with the seller's 包赔 choice — the protection
   * module records the terms (docs/recovery-protection.md).
   */
  events: DomainEvents
}

type GoodsRow = GoodsTable & { id: number }

/** A listing on sale as the list page's filters see it (saleFacts). */
export interface SaleFacts {
  goodsId: number
  sellerId: number
  gameId: number
  gameName: string
  goodsType: GoodsType
  platform: string | null
  areaId: number | null
  serverId: number | null
  /** fen */
  price: number
  title: string
  /** filterable attributes: key → value pairs (a multiselect gives one pair per value) */
  pairs: Array<{ key: string; value: string }>
  /** 包赔 days (0: none) */
  protectionDays: number
}

/** how long a listing's list row is kept as JSON: its view and follow counts and its seller's name may lag that long */
const BRIEF_CACHE_MS = 30_000
const GOODS_AGENCY_MANAGED = '官方代售商品由平台管理，请在代售中心查看'

/**
 * Who sees a listing's detail besides its seller: one on sale or sold; and one taken off the shelf
 * after it was on sale (its followers keep finding it, shown as 已下架 and not for sale) unless it
 * carries a review remark (rejected, or held for contact details: its text is not shown). Listings
 * never on sale (in review, a batch row without screenshots) and deleted ones stay 404.
 */
function publiclyVisible(row: GoodsTable): boolean {
  if (row.status === 'ON_SALE' || row.status === 'SOLD') return true
  return row.status === 'OFF_SHELF' && row.on_sale_at !== null && row.audit_remark === ''
}

export const shopNameOf = (nickName: string) => `${nickName}的小店`
/** The seller name of 官方代售 listings (docs/agency-sale.md). */
export const AGENCY_SHOP_NAME = '官方代售'
/** The seller card of a 官方代售 listing: the platform, not its owner (no shop to visit). */
const AGENCY_SHOP: ShopCard = {
  shopId: 0,
  shopName: AGENCY_SHOP_NAME,
  avatar: '',
  since: 0,
  onSaleCount: 0,
  soldCount: 0,
}

export function goodsService(deps: GoodsServiceDeps) {
  const { db, dialect, games, images, system, now } = deps
  const repo = goodsRepo(db, dialect)
  const invalidation = deps.invalidation ?? localInvalidation()
  // the listings' rows as JSON, kept per listing and cleared with the search answers (GOODS_TOPIC)
  const briefJson = new BriefJson(
    (ids) => loadBriefs(ids),
    now,
    deps.briefCacheMs ?? (deps.searchCacheMs === 0 ? 0 : BRIEF_CACHE_MS),
    { invalidation },
  )
  const searching = goodsSearch({
    db,
    dialect,
    games,
    now,
    searchCacheMs: deps.searchCacheMs,
    invalidation,
    briefs: (ids) => briefs(ids),
    briefJson: (ids) => briefJson.rows(ids),
  })
  const { invalidate } = searching
  // the follow module is built after this one (it reads listings): it plugs its answer in (plug.ts)
  const plugs = {
    isFollowing: socket<(userId: number, goodsId: number) => Promise<boolean>>(
      'goods: whether a user follows a listing (follow module)',
    ),
  }

  /** Listings this module changed for another module, inside its transaction: caches clear on commit. */
  const changed = (trx: Db, goodsIds: number[]) => deps.events.publish(trx, 'goods.changed', { goodsIds })

  /** The 额外包赔 offer of a publish or edit body (undefined: neither field sent, unchanged). */
  const extraOf = (body: { protectionExtraFee?: number; protectionExtraDays?: number }) =>
    body.protectionExtraFee === undefined && body.protectionExtraDays === undefined
      ? undefined
      : { fee: body.protectionExtraFee ?? 0, days: body.protectionExtraDays ?? 0 }

  /**
   * The listing's copy of its 包赔 days (the list's badge and filter read it), inside the save's
   * transaction; the protection module checks and records the terms themselves ('goods.saved').
   */
  async function protectionColumn(trx: Db, goodsId: number, goodsType: GoodsType, days: number | undefined) {
    if (days === undefined) return
    await goodsRepo(trx, dialect).update(goodsId, { protection_days: goodsType === 'ACCOUNT' ? days : 0 })
  }

  const placeNameOf = (rules: GameRules, id: number | null) =>
    id === null ? null : (rules.placeNames.get(id) ?? null)

  function toBrief(row: BriefRow, rules: GameRules, at: number, withRemark = false): GoodsBrief {
    return {
      goodsId: row.id,
      gameId: row.game_id,
      gameName: rules.game.nameCn,
      goodsType: row.goods_type,
      title: row.title,
      price: Number(row.price),
      stock: row.stock,
      status: row.status,
      platform: row.platform,
      areaId: row.area_id,
      areaName: placeNameOf(rules, row.area_id),
      serverId: row.server_id,
      serverName: placeNameOf(rules, row.server_id),
      coverUrl: row.cover_image ? thumbUrl(row.cover_image) : null,
      attributes: JSON.parse(row.attrs) as GoodsBrief['attributes'],
      // a 官方代售 listing names no seller: the platform sells it (its owner's id stays private)
      sellerId: row.agency_application_id !== null ? 0 : row.seller_id,
      // a 官方代售 listing is sold by the platform: the owner's shop is not named
      shopName: row.agency_application_id !== null ? AGENCY_SHOP_NAME : shopNameOf(row.seller_nick),
      pushed: Number(row.push_until) > at,
      viewCount: row.view_count,
      followCount: row.follow_count,
      createdAt: Number(row.created_at),
      agency: row.agency_application_id !== null,
      protectionDays: Number(row.protection_days),
      ...(withRemark ? { auditRemark: row.audit_remark } : {}),
    }
  }

  /** Brief rows of `ids` in the same order, with the moment each changes by itself (a push ending). */
  async function loadBriefs(ids: number[], withRemark = false): Promise<LoadedBrief[]> {
    const rows = await repo.briefRows(ids)
    // the names of games and places from the game service (its rules are cached), not a join
    const rulesOf = new Map<number, GameRules>()
    for (const gameId of new Set(rows.map((r) => r.game_id))) rulesOf.set(gameId, await games.rules(gameId))
    const byId = new Map(rows.map((r) => [r.id, r]))
    const at = now()
    return ids.flatMap((id) => {
      const row = byId.get(id)
      if (!row) return []
      const pushUntil = Number(row.push_until)
      return [
        {
          brief: toBrief(row, rulesOf.get(row.game_id)!, at, withRemark),
          changesAt: pushUntil > at ? pushUntil : Infinity,
        },
      ]
    })
  }

  /** Brief rows of `ids` in the same order. */
  async function briefs(ids: number[], withRemark = false): Promise<GoodsBrief[]> {
    return (await loadBriefs(ids, withRemark)).map((loaded) => loaded.brief)
  }

  async function rulesForPublish(gameId: number): Promise<GameRules> {
    const rules = await listingRules(games, gameId)
    // a game staff disabled takes no new or changed listings; those it has stay as they are
    if (!rules.enabled) throw badRequest('该游戏已停用，暂不能发布或修改商品')
    return rules
  }

  async function autoApprove(): Promise<boolean> {
    return (await system.configValue(GOODS_CONFIG_KEYS.autoApprove))?.trim() !== 'false'
  }

  /** ON_SALE when listings are approved automatically (sys_config goods.autoApprove), else AUDITING. */
  async function newListingStatus(): Promise<'ON_SALE' | 'AUDITING'> {
    return (await autoApprove()) ? 'ON_SALE' : 'AUDITING'
  }

  /** The search entry of a listing as it is now: null unless ON_SALE and not deleted. */
  async function entryOf(trx: Db, row: GoodsRow): Promise<SearchEntry | null> {
    if (row.status !== 'ON_SALE' || row.deleted_at !== null) return null
    const rules = await games.rules(row.game_id, trx)
    const fields = rules.config.goodsTypes.find((t) => t.goodsType === row.goods_type)?.attributes ?? []
    return {
      goodsId: row.id,
      gameId: row.game_id,
      goodsType: row.goods_type,
      serverId: row.server_id,
      pushAt: Number(row.push_at),
      price: Number(row.price),
      pairs: filterPairs(fields, JSON.parse(row.attrs)),
      ftsText: ftsDocument(row.title, {
        gameId: row.game_id,
        goodsType: row.goods_type,
        serverId: row.server_id,
        areaId: row.area_id,
        platform: row.platform,
      }),
    }
  }

  /**
   * Re-reads the listing and rewrites its search entries (inside the caller's transaction).
   * `priceBefore`: its price before the change (a drop while on sale is signalled).
   */
  async function syncSearch(trx: Db, goodsId: number, priceBefore?: number) {
    const tx = goodsRepo(trx, dialect)
    const row = (await tx.find(goodsId, { withDeleted: true })) as GoodsRow | undefined
    const entry = row ? await entryOf(trx, row) : null
    const signals = entry !== null && deps.events.listens('goods.onSale')
    const wasListed = signals ? await tx.inSearch(goodsId) : false
    await tx.replaceSearchEntry(goodsId, entry)
    if (!signals) return
    if (!wasListed) await deps.events.publish(trx, 'goods.onSale', { goodsId, kind: 'NEW' })
    else if (priceBefore !== undefined && entry.price < priceBefore)
      await deps.events.publish(trx, 'goods.onSale', { goodsId, kind: 'DROP' })
  }

  /** The caller's listing, locked for the transaction: 404 unknown/deleted, 403 someone else's. */
  async function owned(trx: Db, userId: number, goodsId: number): Promise<GoodsRow> {
    const row = (await goodsRepo(trx, dialect).find(goodsId, { lock: true })) as GoodsRow | undefined
    if (!row) throw notFound(GOODS_MSG.NOT_FOUND)
    if (row.seller_id !== userId) throw forbidden()
    // the platform manages a 官方代售 listing (price, shelf, delivery account): not its owner
    if (row.agency_application_id !== null) throw forbidden(GOODS_AGENCY_MANAGED)
    return row
  }

  /**
   * Inserts checked listings for a seller (publish and batch publish), inside the caller's
   * transaction; `status` comes from newListingStatus(), read before the transaction. A listing with
   * a hold (validate.ts: contact details, or a batch account row without a screenshot) is created in
   * the hold's state with its reason instead.
   */
  async function createListings(
    trx: Db,
    sellerId: number,
    listings: ValidListing[],
    status: GoodsStatus,
  ): Promise<number[]> {
    const tx = goodsRepo(trx, dialect)
    const at = now()
    const ids: number[] = []
    for (const l of listings) {
      const state = l.hold?.status ?? status
      const id = await tx.insert(
        {
          seller_id: sellerId,
          ...listingColumns(l),
          status: state,
          cover_image: l.imageIds[0] ?? null,
          view_count: 0,
          follow_count: 0,
          push_at: 0,
          push_until: 0,
          audit_remark: l.hold?.remark ?? '',
          created_at: at,
          updated_at: at,
          on_sale_at: state === 'ON_SALE' ? at : null,
          sold_at: null,
          deleted_at: null,
        },
        l.description,
      )
      if (l.imageIds.length > 0) await images.attach(trx, sellerId, id, l.imageIds)
      await syncSearch(trx, id)
      ids.push(id)
    }
    await changed(trx, ids)
    return ids
  }

  async function check(body: PublishGoodsBody): Promise<ValidListing> {
    const result = checkListing(body, await rulesForPublish(body.gameId))
    if (!result.ok) throw badRequest(result.errors[0])
    return result.listing
  }

  async function shopCard(sellerId: number): Promise<ShopCard | null> {
    const user = await repo.findUser(sellerId)
    if (!user || user.status !== '0') return null
    const [onSaleCount, soldCount] = await Promise.all([
      repo.countByStatus(sellerId, ['ON_SALE']),
      repo.countByStatus(sellerId, ['SOLD']),
    ])
    return {
      shopId: user.id,
      shopName: shopNameOf(user.nick_name),
      avatar: user.avatar,
      since: Number(user.created_at),
      onSaleCount,
      soldCount,
    }
  }

  async function detailOf(
    row: GoodsRow,
    viewerId: number | null,
    preview: GoodsDetail['preview'] = null,
  ): Promise<GoodsDetail> {
    const [brief] = await briefs([row.id], viewerId === row.seller_id || preview !== null)
    const [description, imageList, seller, followed] = await Promise.all([
      repo.description(row.id),
      images.imagesOf(row.id),
      shopCard(row.seller_id),
      viewerId ? plugs.isFollowing.get()(viewerId, row.id) : Promise.resolve(false),
    ])
    return {
      ...brief,
      description,
      images: imageList,
      seller: brief.agency
        ? AGENCY_SHOP
        : (seller ?? {
            shopId: row.seller_id,
            shopName: brief.shopName,
            avatar: '',
            since: 0,
            onSaleCount: 0,
            soldCount: 0,
          }),
      followed,
      isOwner: viewerId === row.seller_id,
      autoDelivery: row.auto_delivery === 1,
      preview,
    }
  }

  /** Before a listing can go on sale its seller must be a verified adult (docs/account-security.md). */
  async function saleGate(sellerId: number) {
    if (deps.requireRealName) await deps.requireRealName(sellerId, '发布商品')
  }

  /** A listing's change in one transaction (owner checked, search entries rewritten), then caches cleared. */
  async function change(userId: number, goodsId: number, apply: (trx: Db, row: GoodsRow) => Promise<void>) {
    await db.transaction().execute(async (trx) => {
      const row = await owned(trx, userId, goodsId)
      await apply(trx, row)
      await syncSearch(trx, goodsId, Number(row.price))
    })
    invalidate()
  }

  /** 改价 of one listing, the new price computed from the locked current one (updatePrice, bulk). */
  async function changePrice(
    userId: number,
    goodsId: number,
    priceOf: (current: number) => number,
  ): Promise<number> {
    let price = 0
    await change(userId, goodsId, async (trx, row) => {
      if (row.status === 'SOLD') throw badRequest(GOODS_MSG.SOLD_LOCKED)
      price = priceOf(Number(row.price))
      const problem = priceProblem(price)
      if (problem) throw badRequest(problem)
      await goodsRepo(trx, dialect).update(goodsId, { price, updated_at: now() })
    })
    return price
  }

  return {
    plugs,
    invalidate,
    sitemapEntries: (afterId: number, limit: number) => repo.onSaleIds(afterId, limit),
    sitemapShops: () => repo.shopsOnSale(),
    /** Areas/servers listings name (the console keeps those from being removed). */
    serversInUse: (serverIds: number[]) => repo.serversInUse(serverIds),
    cachedSearch: searching.cachedSearch,
    storeSearch: searching.storeSearch,
    search: searching.search,
    home: searching.home,
    createListings,
    syncSearch,
    owned,
    briefs,
    newListingStatus,

    // ---------------------------------------------------------------- buyer side

    // ---------------------------------------------------------------- for other modules

    /** The agency module: an owner's account checked like a new listing (400 with the first problem). */
    checkListing: check,

    /**
     * The agency module, inside its transaction: a checked account goes on sale at once for its
     * owner, marked 官方代售 (staff verified it; contact details in its text are refused instead of
     * held). Automatic delivery is switched on when `autoDelivery` (its delivery account is complete).
     */
    async publishAgency(
      trx: Db,
      ownerId: number,
      listing: ValidListing,
      applicationId: number,
      autoDelivery: boolean,
    ): Promise<number> {
      if (listing.hold) throw badRequest(listing.hold.remark)
      const [goodsId] = await createListings(trx, ownerId, [listing], 'ON_SALE')
      await goodsRepo(trx, dialect).update(goodsId, {
        agency_application_id: applicationId,
        auto_delivery: autoDelivery ? 1 : 0,
      })
      return goodsId
    },

    /**
     * The agency module, inside its transaction: takes a 官方代售 listing down for good (withdrawn);
     * false when it is reserved or sold (an order holds it).
     */
    async takeDownAgency(trx: Db, goodsId: number): Promise<boolean> {
      const tx = goodsRepo(trx, dialect)
      const row = await tx.find(goodsId, { lock: true, withDeleted: true })
      if (!row || row.deleted_at !== null) return true
      if (row.status === 'SOLD') return false
      const at = now()
      await tx.update(goodsId, { status: 'OFF_SHELF', deleted_at: at, updated_at: at })
      await syncSearch(trx, goodsId)
      await changed(trx, [goodsId])
      return true
    },

    /** The agency application a listing sells for (null: an ordinary listing); `via` a transaction. */
    async agencyOf(goodsId: number, via: Db = db): Promise<number | null> {
      const row = await (via === db ? repo : goodsRepo(via, dialect)).find(goodsId, { withDeleted: true })
      return row?.agency_application_id ?? null
    },

    /**
     * The delivery module's switch of automatic delivery (it checks that the delivery account is
     * complete); inside its transaction, the listing already locked by `owned`.
     */
    async setAutoDelivery(trx: Db, goodsId: number, on: boolean) {
      await goodsRepo(trx, dialect).update(goodsId, { auto_delivery: on ? 1 : 0, updated_at: now() })
      await changed(trx, [goodsId])
    },

    /** Whether an account listing is switched to automatic delivery (the flag lives on the listing). */
    async autoDeliveryOn(goodsId: number): Promise<boolean> {
      const row = await repo.find(goodsId, { withDeleted: true })
      return row?.goods_type === 'ACCOUNT' && row.auto_delivery === 1
    },

    /**
     * A page of the seller's listings (not deleted), newest first, by type, game and title keyword:
     * id, title, game, state and the automatic-delivery flag (the delivery accounts page).
     */
    async sellerListings(
      sellerId: number,
      query: {
        goodsType?: GoodsType
        gameId?: number
        keyword?: string
        pageNum?: number
        pageSize?: number
      },
    ) {
      const page = await repo.sellerPage(sellerId, query)
      return { rows: page.rows, total: Number(page.total) }
    },

    /** A listing that is not deleted (any owner), locked for the transaction; 404 otherwise. */
    async listing(trx: Db, goodsId: number): Promise<GoodsRow> {
      const row = (await goodsRepo(trx, dialect).find(goodsId, { lock: true })) as GoodsRow | undefined
      if (!row) throw notFound(GOODS_MSG.NOT_FOUND)
      return row
    },

    /**
     * Takes `quantity` from an ON_SALE listing, atomically (trade, inside the order's transaction):
     * the listing's stock left and price afterwards, or null when it could not. A listing left with none
     * is SOLD; the caller syncs the search when `stock` is 0.
     */
    async reserveStock(trx: Db, goodsId: number, quantity: number, at: number) {
      const left = await reserveStock(trx, goodsId, quantity, at)
      if (left) await changed(trx, [goodsId])
      return left
    },

    /** Gives an order's stock back (trade, inside the order's transaction); a SOLD listing returns to sale. */
    async releaseStock(trx: Db, goodsId: number, quantity: number, at: number) {
      await releaseStock(trx, goodsId, quantity, at)
      await changed(trx, [goodsId])
    },

    /** Moves a listing's follow count (the follow module, inside its transaction). */
    async addFollowCount(trx: Db, goodsId: number, delta: number) {
      await goodsRepo(trx, dialect).addFollowCount(goodsId, delta)
      await changed(trx, [goodsId])
    },

    /** Starts a push (the push module, inside its transaction): the 综合 sort key and its end. */
    async setPush(trx: Db, goodsId: number, pushAt: number, pushUntil: number) {
      await goodsRepo(trx, dialect).update(goodsId, { push_at: pushAt, push_until: pushUntil })
      await changed(trx, [goodsId])
    },

    /**
     * The saved-search module: what the list page filters on, of those of these listings that are
     * on sale (attribute pairs as the search index holds them).
     */
    async saleFacts(goodsIds: number[]): Promise<SaleFacts[]> {
      const rows = (await repo.briefRows([...new Set(goodsIds)])).filter((r) => r.status === 'ON_SALE')
      const out: SaleFacts[] = []
      for (const r of rows) {
        const rules = await games.rules(r.game_id)
        const fields = rules.config.goodsTypes.find((t) => t.goodsType === r.goods_type)?.attributes ?? []
        out.push({
          goodsId: r.id,
          sellerId: r.seller_id,
          gameId: r.game_id,
          gameName: rules.game.nameCn,
          goodsType: r.goods_type,
          platform: r.platform,
          areaId: r.area_id,
          serverId: r.server_id,
          price: Number(r.price),
          title: r.title,
          pairs: filterPairs(fields, JSON.parse(r.attrs) as Attributes),
          protectionDays: Number(r.protection_days),
        })
      }
      return out
    },

    /** Titles of these listings by id (deleted ones too). */
    async titles(goodsIds: number[]): Promise<Map<number, string>> {
      return new Map((await repo.titles([...new Set(goodsIds)])).map((r) => [r.id, r.title]))
    },

    /** Those of these listings that are not deleted. */
    existingIds: (goodsIds: number[]) => repo.existingIds([...new Set(goodsIds)]),

    /** The games the seller has listings in (any state but deleted). */
    gameIdsOfSeller: (sellerId: number) => repo.gameIdsOfSeller(sellerId),

    /** The games of these listings. */
    gameIdsOf: (goodsIds: number[]) => repo.gameIdsOf([...new Set(goodsIds)]),

    /**
     * Public detail; counts a view. The owner sees every state; others see what publiclyVisible
     * allows, and a listing that was on sale but is hidden now answers 404 商品已下架. Staff with
     * the goods-review permission see a hidden listing as a preview (`preview` says why it is not
     * on sale; no view is counted): docs/console.md, "商品审核".
     */
    async detail(goodsId: number, session: Session | null): Promise<GoodsDetail> {
      const row = (await repo.find(goodsId)) as GoodsRow | undefined
      if (!row) throw notFound(GOODS_MSG.NOT_FOUND)
      const viewerId = session?.userId ?? null
      const isOwner = viewerId === row.seller_id
      if (
        !isOwner &&
        !publiclyVisible(row) &&
        viewerId !== null &&
        deps.canPreview &&
        (await deps.canPreview(viewerId))
      )
        return detailOf(row, viewerId, { status: row.status, reason: row.audit_remark })
      if (!isOwner && !publiclyVisible(row))
        throw row.on_sale_at !== null
          ? notFound(GOODS_MSG.OFF_SHELF, 'OFF_SHELF')
          : notFound(GOODS_MSG.NOT_FOUND)
      if (!isOwner) {
        await repo.incrementViews(goodsId)
        row.view_count += 1
      }
      return detailOf(row, viewerId)
    },

    async shop(shopId: number): Promise<ShopProfile> {
      const card = await shopCard(shopId)
      if (!card) throw notFound('店铺不存在')
      const gamesOfShop = await repo.shopGames(shopId)
      return {
        ...card,
        intro: `${card.shopName}，平台担保交易，账号均支持验号与换绑。`,
        games: gamesOfShop.map((g) => ({ gameId: g.game_id, nameCn: g.name_cn, count: Number(g.n) })),
      }
    },

    // ---------------------------------------------------------------- seller side

    async publish(userId: number, body: PublishGoodsBody): Promise<PublishGoodsResult> {
      const listing = await check(body)
      await saleGate(userId)
      const status = await newListingStatus()
      const [goodsId] = await db.transaction().execute(async (trx) => {
        const ids = await createListings(trx, userId, [listing], status)
        await deps.events.publish(trx, 'goods.saved', {
          goodsId: ids[0],
          sellerId: userId,
          goodsType: listing.goodsType,
          protectionDays: body.protectionDays,
          protectionExtra: extraOf(body),
        })
        await protectionColumn(trx, ids[0], listing.goodsType, body.protectionDays)
        return ids
      })
      invalidate()
      const row = await repo.find(goodsId)
      return { goodsId, status: row!.status }
    },

    async update(userId: number, body: UpdateGoodsBody): Promise<PublishGoodsResult> {
      const listing = await check(body)
      await saleGate(userId)
      const approve = await autoApprove()
      let status: GoodsStatus = 'AUDITING'
      await change(userId, body.goodsId, async (trx, row) => {
        if (row.status === 'SOLD') throw badRequest(GOODS_MSG.SOLD_LOCKED)
        // An edit is checked like a new listing. One off the shelf stays there (it is checked again
        // when relisted; a hold's reason is kept for the seller). Otherwise text with contact details
        // goes to review; a clean one is on sale when listings are approved automatically, else in
        // review. The edit replaces the remark of an earlier hold or rejection.
        const hold = listing.hold
        status = row.status === 'OFF_SHELF' ? 'OFF_SHELF' : hold || !approve ? 'AUDITING' : 'ON_SALE'
        const at = now()
        await images.attach(trx, userId, row.id, listing.imageIds)
        const tx = goodsRepo(trx, dialect)
        await tx.update(row.id, {
          ...listingColumns(listing),
          cover_image: listing.imageIds[0] ?? null,
          status,
          audit_remark: hold?.remark ?? '',
          updated_at: at,
          ...(status === 'ON_SALE' && row.status !== 'ON_SALE' ? { on_sale_at: at } : {}),
        })
        await tx.setDescription(row.id, listing.description)
        await deps.events.publish(trx, 'goods.saved', {
          goodsId: row.id,
          sellerId: userId,
          goodsType: listing.goodsType,
          protectionDays: body.protectionDays,
          protectionExtra: extraOf(body),
        })
        await protectionColumn(trx, row.id, listing.goodsType, body.protectionDays)
      })
      return { goodsId: body.goodsId, status }
    },

    /** the real-name gate of new listings (batch publish calls it before its transaction) */
    saleGate,

    /** how many listings of a seller are on sale (account cancellation's conditions) */
    onSaleCount: (sellerId: number) => repo.countByStatus(sellerId, ['ON_SALE']),

    async myList(userId: number, query: MyGoodsQuery): Promise<Page<GoodsBrief>> {
      const page = await repo.sellerPage(userId, query)
      return {
        rows: await briefs(
          page.rows.map((r) => r.id),
          true,
        ),
        total: Number(page.total),
      }
    },

    async myDetail(userId: number, goodsId: number): Promise<GoodsDetail> {
      const row = await owned(db, userId, goodsId)
      return detailOf(row, userId)
    },

    async onShelf(userId: number, goodsId: number): Promise<GoodsStatus> {
      await saleGate(userId)
      const approve = await autoApprove()
      let status: GoodsStatus = 'ON_SALE'
      await change(userId, goodsId, async (trx, row) => {
        if (row.status === 'SOLD') throw badRequest('已售出的商品不能重新上架')
        if (row.status === 'AUDITING') throw badRequest('商品审核中，审核通过后自动上架')
        if (row.status === 'ON_SALE') return
        // an account goes on sale with a screenshot (a batch row is created without one)
        if (row.goods_type === 'ACCOUNT' && row.cover_image === null)
          throw badRequest(GOODS_MSG.SCREENSHOT_HOLD)
        // its text is checked again (it may have been rejected, or edited while off the shelf)
        const tx = goodsRepo(trx, dialect)
        const contact = contactHoldReason(await games.rules(row.game_id, trx), {
          goodsType: row.goods_type,
          title: row.title,
          description: await tx.description(goodsId),
          attributes: JSON.parse(row.attrs) as Attributes,
        })
        status = contact || !approve ? 'AUDITING' : 'ON_SALE'
        const at = now()
        await tx.update(goodsId, {
          status,
          audit_remark: contact ?? '',
          updated_at: at,
          ...(status === 'ON_SALE' ? { on_sale_at: at } : {}),
        })
      })
      return status
    },

    async offShelf(userId: number, goodsId: number) {
      await change(userId, goodsId, async (trx, row) => {
        if (row.status === 'SOLD') throw badRequest('已售出的商品不能下架')
        if (row.status === 'OFF_SHELF') return
        await goodsRepo(trx, dialect).update(goodsId, { status: 'OFF_SHELF', updated_at: now() })
      })
    },

    async updatePrice(userId: number, goodsId: number, price: number) {
      const problem = priceProblem(price)
      if (problem) throw badRequest(problem)
      await changePrice(userId, goodsId, () => price)
    },

    /**
     * A price computed from the listing's current one (the bulk price change, docs/seller-tools.md):
     * the same owner check, rules, transaction and cache clearing as 改价; `priceOf` answers the new
     * price (or throws a 400 with its reason). Answers the new price.
     */
    changePrice,

    /** Soft delete: gone from every list; a listing on sale or in review is taken off first. */
    async remove(userId: number, goodsId: number) {
      await change(userId, goodsId, async (trx, row) => {
        const at = now()
        await goodsRepo(trx, dialect).update(goodsId, {
          deleted_at: at,
          updated_at: at,
          ...(row.status === 'ON_SALE' || row.status === 'AUDITING' ? { status: 'OFF_SHELF' as const } : {}),
        })
      })
    },

    /** Staff (console): the review queue, approve / reject, forced take-down (staff.ts). */
    staff: goodsStaff({ db, dialect, now, repo, syncSearch, invalidate }),
    /** Similar listings, title suggestions, comparables' facts (discovery.ts; docs/valuation.md). */
    discovery: goodsDiscovery({ db, dialect, now, briefs, invalidation }),
  }
}

export type GoodsService = ReturnType<typeof goodsService>
