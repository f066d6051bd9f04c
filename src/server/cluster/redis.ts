/**
 * Shared state in Redis (REDIS_URL): one command connection and one subscriber connection per process
 * (ioredis reconnects by itself), every key and channel under a prefix (REDIS_PREFIX, default `yx:`).
 * Messages carry the sending process's id, so a process ignores its own.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { SharedState } from './state'

/** Takes the lease when free, or extends it when this process holds it. */
const LEASE_SCRIPT = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`

/**
 * A rate-limit window, as memoryState counts it (state.ts): it opens at the key's first hit (the app's
 * clock, `now`) and lasts `windowMs`; the key itself lives a second longer than its window.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local resetAt = tonumber(redis.call('hget', KEYS[1], 'resetAt'))
if not resetAt or resetAt <= now then
  redis.call('hset', KEYS[1], 'resetAt', now + tonumber(ARGV[2]), 'count', 0)
  redis.call('pexpire', KEYS[1], tonumber(ARGV[2]) + 1000)
end
return redis.call('hincrby', KEYS[1], 'count', 1)`

export async function redisState(url: string, prefix = 'yx:'): Promise<SharedState> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true }
  const client = new Redis(url, options)
  const sub = new Redis(url, options)
  // ioredis reports connection trouble here and reconnects; commands fail meanwhile (readiness says so)
  for (const c of [client, sub]) c.on('error', (err: Error) => console.warn(`Redis: ${err.message}`))
  await Promise.all([client.connect(), sub.connect()])
  const self = randomBytes(8).toString('hex')
  const handlers = new Map<string, Set<(message: string) => void>>()
  const pending: Promise<unknown>[] = []

  sub.on('message', (channel: string, raw: string) => {
    const at = raw.indexOf('|')
    if (at < 0 || raw.slice(0, at) === self) return
    const message = raw.slice(at + 1)
    for (const h of [...(handlers.get(channel.slice(prefix.length)) ?? [])]) {
      try {
        h(message)
      } catch (err) {
        console.error('[shared] a subscriber failed', err)
      }
    }
  })

  return {
    kind: 'redis',
    async hit(key, windowMs, now) {
      return Number(await client.eval(HIT_SCRIPT, 1, `${prefix}hit:${key}`, String(now), String(windowMs)))
    },
    async put(key, value, ttlMs) {
      await client.set(`${prefix}${key}`, value, 'PX', Math.max(1, Math.round(ttlMs)))
    },
    take: (key) => client.getdel(`${prefix}${key}`),
    async publish(channel, message) {
      await client.publish(`${prefix}${channel}`, `${self}|${message}`)
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel)
      if (!set) {
        handlers.set(channel, (set = new Set()))
        pending.push(
          sub.subscribe(`${prefix}${channel}`).catch((err: Error) => console.warn(`Redis: ${err.message}`)),
        )
      }
      set.add(handler)
      return () => set.delete(handler)
    },
    async lease(name, ttlMs) {
      const held = await client.eval(LEASE_SCRIPT, 1, `${prefix}lease:${name}`, self, String(ttlMs))
      return Number(held) === 1
    },
    async ready() {
      await Promise.all(pending)
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG'
      } catch {
        return false
      }
    },
    async close() {
      await Promise.allSettled([client.quit(), sub.quit()])
    },
  }
}
