/**
 * State that several server processes must share (docs/scaling.md): rate-limit counters, one-time
 * values (tickets), a broadcast channel (cache invalidation, live-event fan-out) and leases (one
 * sweeper at a time). One process (no REDIS_URL) keeps it in memory, exactly as before; with REDIS_URL
 * it lives in Redis (redis.ts) and every process sees the same.
 */

export interface SharedState {
  /** 'memory': this process only; 'redis': shared by every process */
  readonly kind: 'memory' | 'redis'
  /**
   * Counts a hit of `key` and answers the count so far in its window: a window opens at a hit when
   * none is open (by `now`, the app's clock) and lasts `windowMs`. The same in memory and in Redis.
   */
  hit(key: string, windowMs: number, now: number): Promise<number>
  /** Keeps a value for `ttlMs` (real time). */
  put(key: string, value: string, ttlMs: number): Promise<void>
  /** The value, removed at the same time (a second take answers null). */
  take(key: string): Promise<string | null>
  /** Sends a message to the other processes listening on the channel (not to this one). */
  publish(channel: string, message: string): Promise<void>
  /** Listens to what other processes publish on the channel; returns the unsubscribe function. */
  subscribe(channel: string, handler: (message: string) => void): () => void
  /** Takes (or keeps) the named lease for `ttlMs`: true when this process holds it now. */
  lease(name: string, ttlMs: number): Promise<boolean>
  /** Resolves when every subscription made so far is in place. */
  ready(): Promise<void>
  /** Whether the backend answers (readiness). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** shared state of the server processes (cluster/state.ts) */
    shared: SharedState
  }
}

/** The in-process state of a single server (no REDIS_URL). */
export function memoryState(): SharedState {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const values = new Map<string, { value: string; expiresAt: number }>()
  const prune = (now: number) => {
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
    for (const [k, v] of values) if (v.expiresAt <= Date.now()) values.delete(k)
  }
  return {
    kind: 'memory',
    async hit(key, windowMs, now) {
      let w = windows.get(key)
      if (!w || w.resetAt <= now) {
        if (windows.size >= 10_000) prune(now)
        w = { count: 0, resetAt: now + windowMs }
        windows.set(key, w)
      }
      return ++w.count
    },
    async put(key, value, ttlMs) {
      if (values.size >= 50_000) prune(0)
      values.set(key, { value, expiresAt: Date.now() + ttlMs })
    },
    async take(key) {
      const v = values.get(key)
      values.delete(key)
      return v && v.expiresAt > Date.now() ? v.value : null
    },
    // one process: nobody else to tell
    publish: async () => {},
    subscribe: () => () => {},
    lease: async () => true,
    ready: async () => {},
    ping: async () => true,
    close: async () => {},
  }
}

/**
 * Named invalidations (the search answers, rendered pages…): `emit(topic)` runs this process's
 * handlers at once and tells the other processes, whose handlers run when the message arrives.
 */
export interface Invalidation {
  on(topic: string, handler: () => void): () => void
  emit(topic: string): void
}

export const INVALIDATE_CHANNEL = 'invalidate'

export function invalidation(
  shared: SharedState,
  onError: (err: unknown) => void = console.error,
): Invalidation {
  const handlers = new Map<string, Set<() => void>>()
  const run = (topic: string) => {
    for (const h of [...(handlers.get(topic) ?? [])]) {
      try {
        h()
      } catch (err) {
        onError(err)
      }
    }
  }
  shared.subscribe(INVALIDATE_CHANNEL, run)
  return {
    on(topic, handler) {
      let set = handlers.get(topic)
      if (!set) handlers.set(topic, (set = new Set()))
      set.add(handler)
      return () => set.delete(handler)
    },
    emit(topic) {
      run(topic)
      shared.publish(INVALIDATE_CHANNEL, topic).catch(onError)
    },
  }
}
