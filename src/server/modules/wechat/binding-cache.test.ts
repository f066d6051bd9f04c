import { describe, expect, it } from 'vitest'
import { invalidation, memoryState } from '../../cluster/state'
import { bindingCache } from './binding-cache'

describe('the "has a binding" answers of the WeChat tap', () => {
  it('asks the database once per user until a bind or unbind clears every answer', async () => {
    const bound = new Set<number>([2])
    const asked: number[] = []
    const changes = invalidation(memoryState())
    const cache = bindingCache(async (id) => {
      asked.push(id)
      return bound.has(id)
    }, changes)
    expect([await cache.hasBinding(1), await cache.hasBinding(2), await cache.hasBinding(1)]).toEqual([
      false,
      true,
      false,
    ])
    expect(asked).toEqual([1, 2])
    bound.add(1)
    cache.bindingsChanged()
    expect(await cache.hasBinding(1)).toBe(true)
    // another cache on the same channel (another process) is cleared too
    const other = bindingCache(async (id) => bound.has(id), changes)
    expect(await other.hasBinding(2)).toBe(true)
    bound.delete(2)
    cache.bindingsChanged()
    expect(await other.hasBinding(2)).toBe(false)
  })

  it('does not keep an answer read while a clear arrived', async () => {
    let bound = false
    let release: () => void = () => {}
    const cache = bindingCache(async () => {
      const answer = bound
      await new Promise<void>((resolve) => (release = resolve))
      return answer
    })
    const stale = cache.hasBinding(7)
    bound = true
    cache.bindingsChanged()
    release()
    expect(await stale).toBe(false)
    const fresh = cache.hasBinding(7)
    release()
    expect(await fresh).toBe(true)
  })
})
