/**
 * The caches a server process keeps (docs/scaling.md "Caches"): each is a named lru-cache with a
 * bound on its entries and a time-to-live on the app's clock (tests move it), and declares the
 * invalidation topics that clear it. A change is announced once, `invalidation.emit(topic)`
 * (state.ts): this process's caches of the topic are cleared at once, every other process's when the
 * message arrives — the one way a cache is cleared.
 */
import { LRUCache } from 'lru-cache'
import { invalidation, memoryState, type Invalidation } from './state'

export interface CacheSpec {
  /** what it keeps (docs and tests name caches by it) */
  name: string
  /** at most this many entries: the least recently used go first */
  max: number
  /** ms an entry is kept; 0: nothing is kept (the caches turned off); Infinity: until a clear or pushed out */
  ttlMs: number
  /** the invalidation topics that clear it, in every process */
  clearedBy?: readonly string[]
}

/** An invalidation channel of this process alone (services built without the app's, e.g. in tests). */
export const localInvalidation = (): Invalidation => invalidation(memoryState())

/** What a cache keeps as a key or a value: anything but null and undefined (undefined is "none"). */
export type Keepable = NonNullable<unknown>

/** a value and the clear it was kept after (`KeptCache.clears`) */
interface Entry<V> {
  value: V
  clears: number
}

/**
 * Caches up to this size are emptied at a clear; larger ones only stop answering with what they held
 * (lru-cache's clear walks every slot: 13 ms for a full 50,000, 0.3 ms for an empty one, where a
 * listing change used to cost nothing), their old entries are overwritten or pushed out.
 */
const EMPTIED_UP_TO = 5000

export class KeptCache<K extends Keepable, V extends Keepable> {
  readonly name: string
  private readonly max: number
  private readonly ttlMs: number
  private readonly now: () => number
  /**
   * made at the first set, never when nothing is kept (ttlMs 0): lru-cache allocates its `max` slots
   * up front (~10 ms for 50,000), which an app that never fills the cache (most tests) need not pay
   */
  private kept: LRUCache<K, Entry<V>> | null = null
  /** bumped by every clear: entries kept before it are not answered any more */
  private clears = 0

  constructor(
    spec: CacheSpec,
    deps: {
      /** the app's clock in ms (default Date.now) */
      now?: () => number
      /** the channel whose topics (`spec.clearedBy`) clear it */
      invalidation?: Invalidation
    } = {},
  ) {
    this.name = spec.name
    this.max = spec.max
    this.ttlMs = spec.ttlMs
    this.now = deps.now ?? Date.now
    const topics = spec.clearedBy ?? []
    if (topics.length > 0 && !deps.invalidation)
      throw new Error(`cache ${spec.name}: cleared by ${topics.join(', ')} but given no invalidation channel`)
    for (const topic of topics) deps.invalidation!.on(topic, () => this.clear())
  }

  private made(): LRUCache<K, Entry<V>> {
    return (this.kept ??= new LRUCache<K, Entry<V>>({
      max: this.max,
      // the app's clock, read at every get (lru-cache's default keeps a reading for 1 ms with a
      // timer, which a test's moved clock would not pass through)
      perf: { now: this.now },
      ttlResolution: 0,
    }))
  }

  /** The kept value, undefined when there is none or its time is over. */
  get(key: K): V | undefined {
    const entry = this.kept?.get(key)
    return entry !== undefined && entry.clears === this.clears ? entry.value : undefined
  }

  /**
   * Keeps `value` for the TTL. `until`: an earlier end (a value that changes at a known moment);
   * `since`: the `mark()` taken before the value was read — nothing is kept when a clear came since
   * (the value may predate the change).
   */
  set(key: K, value: V, opts?: { until?: number; since?: number }): void {
    if (this.ttlMs <= 0 || (opts?.since !== undefined && opts.since !== this.clears)) return
    const kept = this.made()
    const entry = { value, clears: this.clears }
    const until = opts?.until ?? Infinity
    if (this.ttlMs === Infinity && until === Infinity) {
      kept.set(key, entry)
      return
    }
    const at = this.now()
    const ttl = Math.min(this.ttlMs, until - at)
    if (ttl <= 0) {
      kept.delete(key)
      return
    }
    // lru-cache ends an entry once its age is past `ttl`; here it ends when the age reaches it (one set
    // at t for 3000 ms is gone at t + 3000, as the tests moving the clock expect): half a millisecond
    // earlier start does that on a whole-millisecond clock, and is never 0, which lru-cache reads as
    // "no start"
    kept.set(key, entry, { ttl, start: at - 0.5 })
  }

  /** Taken before reading a value to keep: pass it as `set`'s `since`. */
  mark(): number {
    return this.clears
  }

  /** Drops every entry of this process (a topic's clear; tests). */
  clear(): void {
    this.clears++
    if (this.max <= EMPTIED_UP_TO) this.kept?.clear()
  }

  /** entries held (in a large cache, those of before a clear too until they are overwritten or pushed out) */
  get size(): number {
    return this.kept?.size ?? 0
  }
}
