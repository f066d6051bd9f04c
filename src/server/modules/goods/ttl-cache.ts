/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first). The
 * search uses it for answers (seconds) and counts; every write to listings clears it, so within one
 * process a change is visible at once and other processes (PostgreSQL deployments) see it within the
 * TTL.
 */
export class TtlCache<V, K = string> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /** `until`: an earlier end of this entry than the TTL's (a value that changes at a known time) */
  set(key: K, value: V, until = Infinity) {
    if (this.ttlMs <= 0) return
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, expiresAt: Math.min(this.now() + this.ttlMs, until) })
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}
