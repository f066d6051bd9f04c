/**
 * Saved searches with alerts (docs/saved-searches.md): a user keeps list-page queries under a name;
 * listings that go on sale or get cheaper are queued in their own transaction (the goods service's
 * onSaleSignal), matched by the sweeper after the commit against the active searches of the
 * listing's game, and each search's matches go out as one alert at most once per batching window:
 * an in-site message listing them, a `saved-search` live event (desktop notification) and, through
 * the bus, a WeChat template message for a bound user.
 */
import {
  SAVED_SEARCH_LIMITS,
  type AddSavedSearchBody,
  type SavedSearch,
  type SavedSearchList,
  type SavedSearchSweep,
} from '../../../shared/api'
import {
  describeFilters,
  filterNamesOf,
  parseListQuery,
  savedSearchOf,
  type FilterNames,
} from '../../../shared/list-query'
import { SAVED_SEARCHES_PATH } from '../../../shared/live-events'
import { formatYuan } from '../../../shared/money'
import type { Db } from '../../db'
import { badRequest, forbidden, notFound } from '../../http/errors'
import type { EventBus } from '../events/bus'
import type { GameService } from '../game/service'
import type { GoodsService, SaleFacts } from '../goods/service'
import type { MessageService } from '../message/service'
import { matchesQuery } from './match'
import { savedSearchRepo } from './repo'

/** Default batching window: at most one alert per saved search in this long. */
export const SAVED_SEARCH_WINDOW_MS = 10 * 60_000
/** Queued listings matched per batch (a sweep takes batches until the queue is empty, at most 20). */
const QUEUE_BATCH = 200
/** Alerted matches are kept this long (only pending ones are read), then pruned. */
const KEEP_ALERTED_MS = 7 * 24 * 3600_000

/** The in-site message title of an alert (the WeChat module sends its own template for these). */
export const ALERT_TITLE_PREFIX = '订阅提醒'

export interface SavedSearchDeps {
  db: Db
  goods: Pick<GoodsService, 'saleFacts'>
  games: Pick<GameService, 'rules' | 'exists'>
  messages: Pick<MessageService, 'create'>
  bus?: Pick<EventBus, 'publish'>
  /** the batching window (default SAVED_SEARCH_WINDOW_MS) */
  windowMs?: number
  now: () => number
}

type Row = Awaited<ReturnType<ReturnType<typeof savedSearchRepo>['ofUser']>>[number]

const money = formatYuan

export function savedSearchService(deps: SavedSearchDeps) {
  const { db, now } = deps
  const windowMs = deps.windowMs ?? SAVED_SEARCH_WINDOW_MS
  const repo = savedSearchRepo(db)

  /** Names of the query's game, area, server and attributes (unknown ones stay ids). */
  async function namesOf(query: string): Promise<FilterNames> {
    const f = parseListQuery(query)
    if (f.gameId === undefined) return {}
    try {
      const rules = await deps.games.rules(f.gameId)
      return filterNamesOf(f, rules.game, rules.areas, rules.config.goodsTypes)
    } catch {
      return {}
    }
  }

  async function toSavedSearch(row: Row): Promise<SavedSearch> {
    return {
      savedSearchId: row.id,
      name: row.name,
      query: row.query,
      conditions: describeFilters(parseListQuery(row.query), await namesOf(row.query)),
      paused: row.paused === 1,
      newCount: row.new_count,
      lastAlertAt: row.last_alert_at === null ? null : Number(row.last_alert_at),
      createdAt: Number(row.created_at),
    }
  }

  /** The caller's search: 404 unknown, 403 someone else's. */
  async function owned(userId: number, savedSearchId: number) {
    const row = await repo.find(savedSearchId)
    if (!row) throw notFound('订阅不存在')
    if (row.user_id !== userId) throw forbidden()
    return row
  }

  function cleanName(name: string): string {
    const trimmed = name.trim()
    if (!trimmed) throw badRequest('订阅名称不能为空')
    return trimmed
  }

  // ---------------------------------------------------------------- matching and alerts

  /** Matches queued listings against the active searches of their games; answers [listings, matches]. */
  async function matchQueue(): Promise<[number, number]> {
    let listings = 0
    let matched = 0
    for (let batch = 0; batch < 20; batch++) {
      const signals = await repo.take(QUEUE_BATCH)
      if (signals.length === 0) break
      listings += signals.length
      // a listing queued twice (published, then cheaper) counts once: the later signal wins
      const kindOf = new Map(signals.map((s) => [s.goods_id, s.kind]))
      const facts = await deps.goods.saleFacts([...kindOf.keys()])
      const byGame = new Map<number, SaleFacts[]>()
      for (const f of facts) byGame.set(f.gameId, [...(byGame.get(f.gameId) ?? []), f])
      const at = now()
      for (const [gameId, ofGame] of byGame) {
        const searches = (await repo.activeForGame(gameId)).map((s) => ({
          ...s,
          filters: parseListQuery(s.query),
        }))
        for (const listing of ofGame) {
          for (const s of searches) {
            // a seller is not alerted to their own listings
            if (s.user_id === listing.sellerId || !matchesQuery(s.filters, listing)) continue
            const kind = kindOf.get(listing.goodsId) ?? 'NEW'
            const pending = await repo.pendingMatch(s.id, listing.goodsId)
            if (pending) await repo.updateMatch(pending.id, kind, listing.price)
            else {
              await repo.addMatch(s.id, listing.goodsId, kind, listing.price, at)
              matched += 1
            }
          }
        }
      }
    }
    return [listings, matched]
  }

  /** The alert message's text: up to linksPerAlert listings with their links, then the whole list. */
  function alertContent(name: string, query: string, items: Array<SaleFacts & { kind: 'NEW' | 'DROP' }>) {
    const shown = items.slice(0, SAVED_SEARCH_LIMITS.linksPerAlert)
    const lines = shown.map(
      (g, i) =>
        `${i + 1}. ${g.title} ${money(g.price)}${g.kind === 'DROP' ? '（降价）' : ''} /detail/${g.goodsId}.html`,
    )
    const more = items.length > shown.length ? `等共 ${items.length} 件，` : ''
    return [
      `您订阅的「${name}」有 ${items.length} 件新上架或降价的商品：`,
      ...lines,
      `${more}查看全部：/list.html${query ? `?${query}` : ''}`,
      `管理订阅：${SAVED_SEARCHES_PATH}`,
    ].join('\n')
  }

  /** Sends the alerts whose window has come; answers how many were sent. */
  async function flushDue(): Promise<number> {
    let alerts = 0
    const at = now()
    for (const savedSearchId of await repo.withPending()) {
      const search = await repo.find(savedSearchId)
      if (!search) continue
      if (search.paused === 1) {
        await repo.dropPending(savedSearchId)
        continue
      }
      if (search.last_alert_at !== null && Number(search.last_alert_at) > at - windowMs) continue
      const pending = await repo.pendingOf(savedSearchId)
      // listings sold or taken down since they matched are left out
      const facts = new Map(
        (await deps.goods.saleFacts(pending.map((p) => p.goods_id))).map((f) => [f.goodsId, f]),
      )
      const items = pending.flatMap((p) => {
        const f = facts.get(p.goods_id)
        return f ? [{ ...f, kind: p.kind }] : []
      })
      if (items.length === 0) {
        await repo.markAlerted(
          pending.map((p) => p.id),
          at,
        )
        continue
      }
      if (!(await repo.claimAlert(savedSearchId, at, windowMs))) continue
      await repo.markAlerted(
        pending.map((p) => p.id),
        at,
      )
      try {
        await deps.messages.create(search.user_id, {
          title: `${ALERT_TITLE_PREFIX}：「${search.name}」有 ${items.length} 件新商品`,
          content: alertContent(search.name, search.query, items),
          messageType: 'SYSTEM',
        })
        await deps.bus?.publish(search.user_id, {
          type: 'saved-search',
          data: { savedSearchId, name: search.name, count: items.length, query: search.query },
        })
        alerts += 1
      } catch (err) {
        console.error('[saved-search] alert not sent', err)
      }
    }
    await repo.pruneAlerted(at - KEEP_ALERTED_MS)
    return alerts
  }

  let sweeping: Promise<SavedSearchSweep> | null = null

  return {
    windowMs,

    async list(userId: number): Promise<SavedSearchList> {
      const rows = await repo.ofUser(userId)
      return { rows: await Promise.all(rows.map(toSavedSearch)), limit: SAVED_SEARCH_LIMITS.perUser }
    },

    async add(userId: number, body: AddSavedSearchBody): Promise<SavedSearch> {
      const name = cleanName(body.name)
      const { filters, query } = savedSearchOf(body.query.replace(/^\?/, ''))
      if (filters.gameId === undefined && filters.keyword === undefined)
        throw badRequest('请先选择游戏或输入关键词，再订阅搜索')
      if (filters.gameId !== undefined && !(await deps.games.exists(filters.gameId)))
        throw badRequest('游戏不存在')
      if ((await repo.countOf(userId)) >= SAVED_SEARCH_LIMITS.perUser)
        throw badRequest(`最多保存 ${SAVED_SEARCH_LIMITS.perUser} 个订阅，请先删除不需要的订阅`)
      if (await repo.sameQuery(userId, query)) throw badRequest('已订阅过相同的搜索条件')
      const at = now()
      const id = await repo.insert({
        user_id: userId,
        name,
        query,
        game_id: filters.gameId ?? null,
        paused: 0,
        new_count: 0,
        last_alert_at: null,
        created_at: at,
        updated_at: at,
      })
      return toSavedSearch((await repo.find(id))!)
    },

    async rename(userId: number, savedSearchId: number, name: string) {
      await owned(userId, savedSearchId)
      await repo.update(savedSearchId, { name: cleanName(name), updated_at: now() })
    },

    /** Paused: no matches are recorded, and those waiting are dropped (resuming starts afresh). */
    async setPaused(userId: number, savedSearchId: number, paused: boolean) {
      await owned(userId, savedSearchId)
      await repo.update(savedSearchId, { paused: paused ? 1 : 0, updated_at: now() })
      if (paused) await repo.dropPending(savedSearchId)
    },

    async remove(userId: number, savedSearchId: number) {
      await owned(userId, savedSearchId)
      await repo.remove(savedSearchId)
    },

    async seen(userId: number, savedSearchId: number) {
      const row = await owned(userId, savedSearchId)
      if (row.new_count !== 0) await repo.update(savedSearchId, { new_count: 0 })
    },

    /** The goods service's signal, inside the listing's transaction: queue it for matching. */
    async enqueue(trx: Db, signal: { goodsId: number; kind: 'NEW' | 'DROP' }) {
      await savedSearchRepo(trx).enqueue(signal.goodsId, signal.kind, now())
    },

    /** One run: match the queue, then send the alerts that are due (one run at a time in this process). */
    sweep(): Promise<SavedSearchSweep> {
      const run = async (): Promise<SavedSearchSweep> => {
        const [listings, matches] = await matchQueue()
        const alerts = await flushDue()
        return { listings, matches, alerts }
      }
      const next = (sweeping ?? Promise.resolve()).then(run, run) as Promise<SavedSearchSweep>
      sweeping = next
      void next
        .finally(() => {
          if (sweeping === next) sweeping = null
        })
        .catch(() => undefined)
      return next
    },
  }
}

export type SavedSearchService = ReturnType<typeof savedSearchService>
