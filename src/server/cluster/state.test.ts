/** The rate-limit windows of the shared state count the same in memory and in Redis. */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { redisState } from './redis'
import { memoryState, type SharedState } from './state'

const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl)
  console.info('state.test.ts: Redis part skipped: set TEST_REDIS_URL=redis://host:port/0 to run it')

const opened: SharedState[] = []
afterAll(async () => {
  for (const s of opened) await s.close()
})

const backends: Array<[string, () => Promise<SharedState>]> = [
  ['memory', async () => memoryState()],
  ...(redisUrl
    ? [
        [
          'redis',
          async () => {
            const s = await redisState(redisUrl, `yxtest:${randomBytes(6).toString('hex')}:`)
            opened.push(s)
            return s
          },
        ] as [string, () => Promise<SharedState>],
      ]
    : []),
]

describe.each(backends)('hit (%s)', (_name, open) => {
  it('opens a window at the first hit and counts in it until it ends, whatever the clock says', async () => {
    const s = await open()
    // a window opened 10 ms before a whole minute of the clock goes on past it
    const t0 = 59_990
    expect(await s.hit('login:1.2.3.4', 60_000, t0)).toBe(1)
    expect(await s.hit('login:1.2.3.4', 60_000, t0 + 20)).toBe(2)
    expect(await s.hit('login:1.2.3.4', 60_000, t0 + 59_999)).toBe(3)
    // another key counts on its own
    expect(await s.hit('login:5.6.7.8', 60_000, t0 + 20)).toBe(1)
    // the window's end opens a new one
    expect(await s.hit('login:1.2.3.4', 60_000, t0 + 60_000)).toBe(1)
    expect(await s.hit('login:1.2.3.4', 60_000, t0 + 60_001)).toBe(2)
  })
})
