/**
 * The in-process event bus: other modules publish a user's live events here (the message module
 * its unread-count changes; trading its orders and bids). Every event is appended to the
 * user's bounded log (`live_events`, ids increase) and handed to the open streams of that user, so
 * a stream that drops can resume with Last-Event-ID from the log.
 *
 * Several processes (REDIS_URL, docs/scaling.md): the log table is shared already, and every
 * published event is also sent on the shared channel `live-events`, so the process holding a user's
 * stream pushes it whichever process published it. A stream drops what it already sent (by id).
 */
import type { LiveEvent, StoredLiveEvent } from '../../../shared/live-events'
import { LIVE_EVENT_TYPES } from '../../../shared/live-events'
import type { Db } from '../../db'
import type { SharedState } from '../../cluster/state'
import { liveEventsRepo } from './repo'

/** Events kept per user for resumption (older ones are pruned as new ones arrive). */
export const LIVE_EVENT_LOG_LIMIT = 200
/** At most this many events are replayed to one reconnecting stream. */
export const LIVE_EVENT_REPLAY_LIMIT = 200

/** One publish in this many (by log id) prunes its user's log. */
const PRUNE_EVERY = 16

export type LiveEventListener = (event: StoredLiveEvent) => void

/**
 * Sees every published event of every user, after it was logged and delivered (e.g. the WeChat
 * module turns order, bid and message events into template messages). Awaited by publish; a
 * failure is only logged.
 */
export type LiveEventTap = (userId: number, event: StoredLiveEvent) => Promise<void> | void

export interface EventBus {
  /** log the event for the user and deliver it to the user's open streams */
  publish(userId: number, event: LiveEvent): Promise<StoredLiveEvent>
  /**
   * Two halves of `publish` for several events written in one transaction (the message service's
   * `createAll`): `log` appends the event inside the caller's transaction, `emit` hands the logged
   * event to streams, other processes and taps once that transaction committed.
   */
  log(trx: Db, userId: number, event: LiveEvent): Promise<StoredLiveEvent>
  emit(userId: number, stored: StoredLiveEvent): Promise<void>
  /** listen to one user's events; returns the unsubscribe function */
  subscribe(userId: number, listener: LiveEventListener): () => void
  /** watch every user's events (one place for side effects of all of them); returns the remover */
  tap(listener: LiveEventTap): () => void
  /** the user's logged events after `afterId`, oldest first */
  since(userId: number, afterId: number): Promise<StoredLiveEvent[]>
  /** the id of the user's latest logged event (0 when none) */
  latestId(userId: number): Promise<number>
  /** how many listeners are attached (tests, diagnostics) */
  listenerCount(userId?: number): number
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES)

function toStored(row: {
  id: number
  type: string
  data: string
  created_at: number
}): StoredLiveEvent | null {
  if (!KNOWN_TYPES.has(row.type)) return null
  try {
    return { id: row.id, at: row.created_at, type: row.type, data: JSON.parse(row.data) } as StoredLiveEvent
  } catch {
    return null
  }
}

const CHANNEL = 'live-events'

export function createEventBus(
  db: Db,
  opts: { now?: () => number; logLimit?: number; shared?: SharedState } = {},
): EventBus {
  const now = opts.now ?? Date.now
  const logLimit = opts.logLimit ?? LIVE_EVENT_LOG_LIMIT
  const listeners = new Map<number, Set<LiveEventListener>>()
  const taps = new Set<LiveEventTap>()

  const repo = liveEventsRepo(db)

  function deliver(userId: number, stored: StoredLiveEvent) {
    for (const listener of [...(listeners.get(userId) ?? [])]) {
      try {
        listener(stored)
      } catch (err) {
        console.error('[events] a listener failed', err)
      }
    }
  }
  // events published by the other processes
  opts.shared?.subscribe(CHANNEL, (message) => {
    try {
      const { userId, event } = JSON.parse(message) as { userId: number; event: StoredLiveEvent }
      if (listeners.has(userId) && KNOWN_TYPES.has(event.type)) deliver(userId, event)
    } catch (err) {
      console.error('[events] a shared event could not be read', err)
    }
  })

  async function log(trx: Db, userId: number, event: LiveEvent): Promise<StoredLiveEvent> {
    const at = now()
    const into = trx === db ? repo : liveEventsRepo(trx)
    const row = await into.append(userId, event.type, JSON.stringify(event.data), at)
    // the log is read through its newest `logLimit` rows (since), so older rows may wait: pruning
    // on about one publish in PRUNE_EVERY keeps the table bounded for a fraction of the writes
    if (Number(row.id) % PRUNE_EVERY === 0) await into.prune(userId, logLimit)
    return { ...event, id: Number(row.id), at } as StoredLiveEvent
  }

  async function emit(userId: number, stored: StoredLiveEvent) {
    deliver(userId, stored)
    if (opts.shared?.kind === 'redis')
      await opts.shared
        .publish(CHANNEL, JSON.stringify({ userId, event: stored }))
        .catch((err: unknown) => console.error('[events] fan-out failed', err))
    for (const t of [...taps]) {
      try {
        await t(userId, stored)
      } catch (err) {
        console.error('[events] a tap failed', err)
      }
    }
  }

  return {
    async publish(userId, event) {
      const stored = await log(db, userId, event)
      await emit(userId, stored)
      return stored
    },

    log,
    emit,

    tap(listener) {
      taps.add(listener)
      return () => void taps.delete(listener)
    },

    subscribe(userId, listener) {
      let set = listeners.get(userId)
      if (!set) listeners.set(userId, (set = new Set()))
      set.add(listener)
      return () => {
        const current = listeners.get(userId)
        if (!current) return
        current.delete(listener)
        if (current.size === 0) listeners.delete(userId)
      }
    },

    async since(userId, afterId) {
      const rows = await repo.after(userId, afterId, Math.min(LIVE_EVENT_REPLAY_LIMIT, logLimit))
      return rows.map(toStored).filter((e): e is StoredLiveEvent => e !== null)
    },

    latestId: (userId) => repo.latestId(userId),

    listenerCount(userId) {
      if (userId !== undefined) return listeners.get(userId)?.size ?? 0
      let n = 0
      for (const set of listeners.values()) n += set.size
      return n
    },
  }
}
