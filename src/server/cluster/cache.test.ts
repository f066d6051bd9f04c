/** The kept caches (cache.ts): bounded, timed on the app's clock, cleared by their topics in every process. */
import { describe, expect, it } from 'vitest'
import { KeptCache, localInvalidation } from './cache'
import { invalidation, memoryState, type SharedState } from './state'

/** Two processes' shared states on one channel: what one publishes, the other hears (as Redis does). */
function twoProcesses(): [SharedState, SharedState] {
  const heard = [new Map<string, Set<(m: string) => void>>(), new Map<string, Set<(m: string) => void>>()]
  const state = (own: number): SharedState => ({
    ...memoryState(),
    publish: async (channel, message) => {
      for (const h of heard[1 - own]!.get(channel) ?? []) h(message)
    },
    subscribe(channel, handler) {
      const set = heard[own]!.get(channel) ?? new Set()
      heard[own]!.set(channel, set.add(handler))
      return () => set.delete(handler)
    },
  })
  return [state(0), state(1)]
}

describe('KeptCache', () => {
  it('keeps at most max entries, the least recently used going first', () => {
    const cache = new KeptCache<string, number>({ name: 't', max: 2, ttlMs: Infinity })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1) // a is now the most recently used
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
    expect(cache.size).toBe(2)
  })

  it('ends an entry when the moved clock reaches its TTL or its own earlier end', () => {
    let clock = 1000
    const cache = new KeptCache<string, string>({ name: 't', max: 10, ttlMs: 3000 }, { now: () => clock })
    cache.set('answer', 'x')
    cache.set('push', 'y', { until: 2500 })
    clock = 2499
    expect([cache.get('answer'), cache.get('push')]).toEqual(['x', 'y'])
    clock = 2500
    expect([cache.get('answer'), cache.get('push')]).toEqual(['x', undefined])
    clock = 3999
    expect(cache.get('answer')).toBe('x')
    clock = 4000
    expect(cache.get('answer')).toBeUndefined()
    // a value already past its end is not kept; a clock at 0 still ends entries
    cache.set('gone', 'z', { until: 4000 })
    expect(cache.get('gone')).toBeUndefined()
    clock = 0
    cache.set('zero', 'z')
    clock = 3000
    expect(cache.get('zero')).toBeUndefined()
  })

  it('answers nothing kept before a clear, small or large', () => {
    for (const max of [10, 50_000]) {
      const cache = new KeptCache<number, string>({ name: 't', max, ttlMs: 30_000 }, { now: () => 1000 })
      cache.set(1, 'old')
      cache.set(2, 'old')
      cache.clear()
      expect([cache.get(1), cache.get(2)]).toEqual([undefined, undefined])
      cache.set(1, 'new')
      expect([cache.get(1), cache.get(2)]).toEqual(['new', undefined])
    }
  })

  it('keeps nothing with a TTL of 0 (the caches turned off)', () => {
    const cache = new KeptCache<string, number>({ name: 't', max: 10, ttlMs: 0 })
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('does not keep a value read before a clear that came while it was loading', () => {
    const cache = new KeptCache<string, number>({ name: 't', max: 10, ttlMs: Infinity })
    const before = cache.mark()
    cache.clear()
    cache.set('a', 1, { since: before })
    expect(cache.get('a')).toBeUndefined()
    cache.set('a', 2, { since: cache.mark() })
    expect(cache.get('a')).toBe(2)
  })

  it('is cleared by its topics, in this process at once and in the other through the channel', () => {
    const [stateA, stateB] = twoProcesses()
    const [a, b] = [invalidation(stateA), invalidation(stateB)]
    const spec = { name: 'answers', max: 10, ttlMs: Infinity, clearedBy: ['goods', 'games'] }
    const inA = new KeptCache<string, number>(spec, { invalidation: a })
    const inB = new KeptCache<string, number>(spec, { invalidation: b })
    const other = new KeptCache<string, number>(
      { name: 'other', max: 10, ttlMs: Infinity, clearedBy: ['notices'] },
      { invalidation: b },
    )
    for (const cache of [inA, inB, other]) cache.set('k', 1)
    a.emit('goods')
    expect([inA.get('k'), inB.get('k'), other.get('k')]).toEqual([undefined, undefined, 1])
    inA.set('k', 2)
    inB.set('k', 2)
    b.emit('games')
    expect([inA.get('k'), inB.get('k')]).toEqual([undefined, undefined])
    a.emit('notices')
    expect(other.get('k')).toBeUndefined()
  })

  it('refuses topics without a channel to hear them on', () => {
    expect(() => new KeptCache({ name: 't', max: 1, ttlMs: 1, clearedBy: ['goods'] })).toThrow(/goods/)
    const local = localInvalidation()
    const cache = new KeptCache<string, number>(
      { name: 't', max: 1, ttlMs: Infinity, clearedBy: ['goods'] },
      { invalidation: local },
    )
    cache.set('k', 1)
    local.emit('goods')
    expect(cache.get('k')).toBeUndefined()
  })
})
