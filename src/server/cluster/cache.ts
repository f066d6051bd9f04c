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

export class KeptCache<K extends Keepable, V extends Keepable> {
  readonly name: string
  private readonly ttlMs: number
  private readonly now: () => number
  /** null when nothing is kept (ttlMs 0) */
  private readonly kept: LRUCache<K, V> | null
  /** bumped by every clear: `mark()` taken before a load tells whether a clear came during it */
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
    this.ttlMs = spec.ttlMs
    const now = (this.now = deps.now ?? Date.now)
    this.kept =
      spec.ttlMs > 0
        ? new LRUCache<K, V>({
            max: spec.max,
            // the app's clock, read at every get (lru-cache's default keeps a reading for 1 ms with a
            // timer, which a test's moved clock would not pass through)
            perf: { now },
            ttlResolution: 0,
          })
        : null
    const topics = spec.clearedBy ?? []
    if (topics.length > 0 && !deps.invalidation)
      throw new Error(`cache ${spec.name}: cleared by ${topics.join(', ')} but given no invalidation channel`)
    for (const topic of topics) deps.invalidation!.on(topic, () => this.clear())
  }

  /** The kept value, undefined when there is none or its time is over. */
  get(key: K): V | undefined {
    return this.kept?.get(key)
  }

  /**
   * Keeps `value` for the TTL. `until`: an earlier end (a value that changes at a known moment);
   * `since`: the `mark()` taken before the value was read — nothing is kept when a clear came since
   * (the value may predate the change).
   */
  set(key: K, value: V, opts?: { until?: number; since?: number }): void {
    const kept = this.kept
    if (!kept || (opts?.since !== undefined && opts.since !== this.clears)) return
    const until = opts?.until ?? Infinity
    if (this.ttlMs === Infinity && until === Infinity) {
      kept.set(key, value)
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
    kept.set(key, value, { ttl, start: at - 0.5 })
  }

  delete(key: K): void {
    this.kept?.delete(key)
  }

  /** Taken before reading a value to keep: pass it as `set`'s `since`. */
  mark(): number {
    return this.clears
  }

  /** Drops every entry of this process (a topic's clear; tests). */
  clear(): void {
    this.clears++
    this.kept?.clear()
  }

  get size(): number {
    return this.kept?.size ?? 0
  }
}
