/** The one job scheduler: no overlapping runs, one process per lease, kick, errors, stop. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createJobs, type Jobs } from './jobs'
import { memoryState, type SharedState } from './state'

const tick = () => new Promise((resolve) => setImmediate(resolve))
const errors: Array<[unknown, string]> = []
let jobs: Jobs | null = null
afterEach(async () => {
  await jobs?.stop()
  jobs = null
  errors.length = 0
  vi.useRealTimers()
})

function make(shared: SharedState = memoryState()) {
  jobs = createJobs(shared, (err, name) => errors.push([err, name]))
  return jobs
}

describe('jobs', () => {
  it('runs on its period and never overlaps a run still going', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const j = make()
    let running = 0
    let most = 0
    let runs = 0
    let release: () => void = () => undefined
    j.schedule('slow', 1000, async () => {
      runs++
      most = Math.max(most, ++running)
      await new Promise<void>((resolve) => (release = resolve))
      running--
    })
    vi.advanceTimersByTime(1000)
    await tick()
    vi.advanceTimersByTime(3000) // three more periods while the first run waits
    await tick()
    expect(runs).toBe(1)
    release()
    await tick()
    await tick()
    // one more run was asked for while busy: it follows at once, never beside
    expect(runs).toBe(2)
    expect(most).toBe(1)
    release()
  })

  it("runs a 'once' job only in the process holding its lease; 'everywhere' jobs in each", async () => {
    const notMine: SharedState = { ...memoryState(), lease: async () => false }
    const j = make(notMine)
    const ran: string[] = []
    j.schedule('leased', 0, async () => void ran.push('leased'))
    j.schedule('claimed', 0, async () => void ran.push('claimed'), { mode: 'everywhere' })
    j.kick('leased')
    j.kick('claimed')
    await tick()
    await tick()
    expect(ran).toEqual(['claimed'])
  })

  it('logs a failed run with its name and runs again next time', async () => {
    const j = make()
    let n = 0
    j.schedule('flaky', 0, async () => {
      if (++n === 1) throw new Error('boom')
    })
    j.kick('flaky')
    await tick()
    await tick()
    j.kick('flaky')
    await tick()
    await tick()
    expect(n).toBe(2)
    expect(errors.map(([err, name]) => [(err as Error).message, name])).toEqual([['boom', 'flaky']])
    expect(j.list()[0]).toMatchObject({ name: 'flaky', runs: 2, failures: 1 })
  })

  it('records how late a run started after it was due (a run still going delays it)', async () => {
    const j = make()
    let release: () => void = () => undefined
    let runs = 0
    j.schedule('slow', 0, async () => {
      if (++runs === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    j.kick('slow')
    await tick()
    await tick()
    expect(j.list()[0]).toMatchObject({ runs: 1, lastLagMs: expect.any(Number) })
    expect(j.list()[0]!.lastLagMs).toBeLessThan(50)
    j.kick('slow') // due now, but the first run is still going
    await tick()
    await new Promise((resolve) => setTimeout(resolve, 40))
    release()
    await tick()
    await tick()
    await tick()
    const [job] = j.list()
    expect(job!.runs).toBe(2)
    expect(job!.lastLagMs).toBeGreaterThanOrEqual(35)
  })

  it('stop waits for the running work and starts none after', async () => {
    const j = make()
    let done = false
    let runs = 0
    j.schedule('work', 0, async () => {
      runs++
      await new Promise((resolve) => setTimeout(resolve, 20))
      done = true
    })
    j.kick('work')
    await tick()
    await j.stop()
    expect(done).toBe(true)
    j.kick('work')
    await tick()
    expect(runs).toBe(1)
    expect(() => j.kick('nothing')).toThrow('no job named nothing')
    expect(() => j.schedule('work', 0, async () => undefined)).toThrow('scheduled twice')
  })
})
