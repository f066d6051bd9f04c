import { describe, expect, it } from 'vitest'
import { keyedQueue } from './keyed-queue'

const tick = () => new Promise((r) => setTimeout(r, 1))

describe('keyedQueue', () => {
  it('runs one key in order, other keys side by side, and forgets finished keys', async () => {
    const q = keyedQueue<number>()
    const log: string[] = []
    const task = (name: string) => async () => {
      log.push(`${name}+`)
      await tick()
      log.push(`${name}-`)
      if (name === 'a2') throw new Error('a2 fails')
      return name
    }
    const runs = [q.run(1, task('a1')), q.run(1, task('a2')), q.run(1, task('a3')), q.run(2, task('b1'))]
    const results = await Promise.allSettled(runs)
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    expect(log.filter((x) => x.startsWith('a'))).toEqual(['a1+', 'a1-', 'a2+', 'a2-', 'a3+', 'a3-'])
    // b1 started while a1 ran
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'))
    await tick()
    expect(q.size).toBe(0)
  })
})
