import { describe, expect, it, vi } from 'vitest'
import type { StoredLiveEvent } from '@shared/live-events'
import { backoffDelay, BACKOFF, connectLiveEvents, type LiveEventsDeps } from './events'

/** An EventSource the test drives: open(), send(type, data, id), fail(). */
class FakeEventSource {
  static instances: FakeEventSource[] = []
  onopen: ((e: Event) => void) | null = null
  onerror: ((e: Event) => void) | null = null
  onmessage: ((e: MessageEvent) => void) | null = null
  closed = false
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>()
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn])
  }
  close() {
    this.closed = true
  }
  open() {
    this.onopen?.(new Event('open'))
  }
  send(type: string, data: unknown, id?: number) {
    const event = new MessageEvent(type, {
      data: JSON.stringify(data),
      lastEventId: id === undefined ? '' : String(id),
    })
    for (const fn of this.listeners.get(type) ?? []) fn(event)
  }
  fail() {
    this.onerror?.(new Event('error'))
  }
}

function setup(tickets: Array<{ ticket: string } | { stop: true } | { retry: true }> = []) {
  FakeEventSource.instances = []
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = []
  let n = 0
  const deps: LiveEventsDeps = {
    EventSource: FakeEventSource as unknown as typeof EventSource,
    fetchTicket: vi.fn(async () => tickets.shift() ?? { ticket: `t${++n}` }),
    streamUrl: (ticket, lastEventId) =>
      `/api/user/message/stream?ticket=${ticket}${lastEventId === null ? '' : `&lastEventId=${lastEventId}`}`,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false }
      timers.push(t)
      return t
    },
    clearTimeout: (t) => {
      ;(t as { cleared: boolean }).cleared = true
    },
    random: () => 1,
  }
  const events: StoredLiveEvent[] = []
  const onOpen = vi.fn()
  const onSessionEnded = vi.fn()
  const connection = connectLiveEvents({ onEvent: (e) => events.push(e), onOpen, onSessionEnded }, deps)
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  /** run the next pending timer */
  const tick = async () => {
    const t = timers.find((x) => !x.cleared)
    if (!t) throw new Error('no timer')
    t.cleared = true
    t.fn()
    await flush()
    return t.ms
  }
  const current = () => FakeEventSource.instances.at(-1)!
  return { deps, events, onOpen, onSessionEnded, connection, flush, tick, current, timers }
}

describe('live events client', () => {
  it('opens the stream with a ticket and hands every event over with its id', async () => {
    const { events, flush, current, onOpen, connection } = setup()
    await flush()
    expect(current().url).toBe('/api/user/message/stream?ticket=t1')
    current().open()
    expect(onOpen).toHaveBeenCalledWith({ resumed: false })
    current().send('unread-count', { count: 3, reason: 'snapshot' }, 7)
    current().send('order-paid', { orderNo: 'YX1', goodsId: 1, goodsTitle: '账号', amount: 10 }, 8)
    current().send('not-ours', { x: 1 }, 9)
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['unread-count', 7],
      ['order-paid', 8],
    ])
    expect(events[0]!.data).toEqual({ count: 3, reason: 'snapshot' })
    expect(connection.lastEventId).toBe(8)
    expect(connection.state).toBe('open')
  })

  it('reconnects after an error with a new ticket, back-off and the last event id', async () => {
    const { flush, current, tick, onOpen, deps } = setup()
    await flush()
    const first = current()
    first.open()
    first.send('unread-count', { count: 1, reason: 'created' }, 41)
    first.fail()
    expect(first.closed).toBe(true) // never left to retry with its spent ticket
    expect(await tick()).toBe(BACKOFF.initialMs)
    expect(current()).not.toBe(first)
    expect(current().url).toBe('/api/user/message/stream?ticket=t2&lastEventId=41')
    current().open()
    expect(onOpen).toHaveBeenLastCalledWith({ resumed: true })
    expect(deps.fetchTicket).toHaveBeenCalledTimes(2)
  })

  it('backs off exponentially while it keeps failing, and resets after a success', async () => {
    const { flush, current, tick } = setup()
    await flush()
    const delays: number[] = []
    for (let i = 0; i < 7; i++) {
      current().fail()
      delays.push(await tick())
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    current().open()
    current().fail()
    expect(await tick()).toBe(1000)
  })

  it('retries quietly when the ticket cannot be had, and stops when the session is gone', async () => {
    const { flush, tick, connection } = setup([{ retry: true }, { stop: true }])
    await flush()
    expect(FakeEventSource.instances).toHaveLength(0)
    await tick()
    expect(connection.state).toBe('closed')
    expect(FakeEventSource.instances).toHaveLength(0)
  })

  it('session-ended closes the stream and tells the app', async () => {
    const { flush, current, onSessionEnded, connection, timers } = setup()
    await flush()
    current().open()
    current().send('session-ended', {})
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
    expect(current().closed).toBe(true)
    expect(connection.state).toBe('closed')
    expect(timers.filter((t) => !t.cleared)).toHaveLength(0)
  })

  it('close() stops everything, also while waiting', async () => {
    const { flush, current, connection, timers } = setup()
    await flush()
    current().fail()
    connection.close()
    expect(timers.every((t) => t.cleared)).toBe(true)
    expect(connection.state).toBe('closed')
  })

  it('the back-off has jitter between half and the full delay', () => {
    expect(backoffDelay(0, () => 0)).toBe(500)
    expect(backoffDelay(3, () => 1)).toBe(8000)
    expect(backoffDelay(20, () => 0.5)).toBe(22500)
  })
})
