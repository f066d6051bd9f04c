/**
 * The live event stream over real HTTP (inject waits for the end of a response; a stream has none):
 * tickets, delivery of an unread-count change when a message is created, resume with
 * Last-Event-ID, heartbeats, CORS for the desktop app, the end of a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../../shared/messages'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { createEventBus, LIVE_EVENT_LOG_LIMIT } from './bus'

interface SseEvent {
  id?: string
  event?: string
  data?: string
  comment?: string
}

/** An open event stream: events as they arrive, read with `next()`. */
async function openStream(base: string, query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/user/message/stream?${query}`, { headers, signal: controller.signal })
  const events: SseEvent[] = []
  const waiters: Array<() => void> = []
  let buffer = ''
  let ended = false
  const reader = res.body!.getReader()
  const pump = (async () => {
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event: SseEvent = {}
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim()
            else {
              const i = line.indexOf(':')
              const field = line.slice(0, i) as keyof SseEvent
              event[field] = line.slice(i + 1).replace(/^ /, '')
            }
          }
          events.push(event)
          waiters.splice(0).forEach((w) => w())
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true
      waiters.splice(0).forEach((w) => w())
    }
  })()
  let read = 0
  return {
    res,
    events,
    get ended() {
      return ended
    },
    /** the next event matching `pred` (skipping others), within `ms` */
    async next(pred: (e: SseEvent) => boolean = (e) => e.event !== undefined, ms = 5000): Promise<SseEvent> {
      const deadline = Date.now() + ms
      for (;;) {
        while (read < events.length) {
          const e = events[read++]!
          if (pred(e)) return e
        }
        if (ended) throw new Error('stream ended')
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(t)
            resolve()
          })
        })
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined)
      controller.abort()
      await pump
    },
  }
}

describe('live event stream', () => {
  let t: TestApp
  let base: string
  let seller: string
  let admin: string
  beforeAll(async () => {
    t = await startTestApp({ streamHeartbeatMs: 150 })
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    seller = await tokenOf(t.app, ...DEMO.seller)
    admin = await tokenOf(t.app, ...DEMO.admin)
  })
  afterAll(() => t.close())

  const ticket = async (token: string) => {
    const res = await call(t.app, 'POST', '/api/user/message/streamTicket', { token })
    expect(res).toMatchObject({ code: 200, data: { ticket: expect.any(String), expiresIn: 60 } })
    return res.data.ticket as string
  }
  const send = (userName: string, title: string) =>
    call(t.app, 'POST', '/api/system/message/send', {
      token: admin,
      body: { userName, title, content: `${title} 的内容` },
    })

  it('needs login for a ticket and a valid, unused ticket for the stream', async () => {
    expect(await call(t.app, 'POST', '/api/user/message/streamTicket')).toMatchObject({
      code: 401,
      msg: MSG.UNAUTHORIZED,
    })
    for (const query of ['ticket=nope', 'ticket=']) {
      const res = await fetch(`${base}/api/user/message/stream?${query}`)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(((await res.json()) as { code: number }).code).not.toBe(200)
    }
    // the long-lived token is never accepted in the URL
    const withToken = await fetch(`${base}/api/user/message/stream?token=${seller}`)
    expect(((await withToken.json()) as { code: number }).code).toBe(400)

    const used = await ticket(seller)
    const first = await openStream(base, `ticket=${used}`)
    expect(first.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    await first.next()
    const again = await fetch(`${base}/api/user/message/stream?ticket=${used}`)
    expect(await again.json()).toMatchObject({ code: 401, msg: MSG.UNAUTHORIZED })
    await first.close()
  })

  it('a stream ticket cannot download a file', async () => {
    const streamTicket = await ticket(seller)
    const res = await fetch(`${base}/api/common/download?fileName=x.csv&ticket=${streamTicket}`)
    expect(res.status).toBe(403)
  })

  it('starts with the unread count, then delivers a change when a message is created', async () => {
    const stream = await openStream(base, `ticket=${await ticket(seller)}`)
    const snapshot = await stream.next()
    expect(snapshot.event).toBe('unread-count')
    const before = JSON.parse(snapshot.data!)
    expect(before).toEqual({ count: 2, reason: 'snapshot' })

    const sent = await send('seller', '您的商品已上架')
    expect(sent).toMatchObject({ code: 200, data: { messageId: expect.any(Number) } })
    const change = await stream.next()
    expect(change.event).toBe('unread-count')
    expect(Number(change.id)).toBeGreaterThan(Number(snapshot.id))
    expect(JSON.parse(change.data!)).toEqual({
      count: 3,
      reason: 'created',
      message: { messageId: sent.data.messageId, title: '您的商品已上架' },
    })

    // reading it publishes the new count as well
    await call(t.app, 'POST', '/api/user/message/webMessageBatchRead', {
      token: seller,
      body: { ids: [sent.data.messageId] },
    })
    expect(JSON.parse((await stream.next()).data!)).toEqual({ count: 2, reason: 'read' })
    await stream.close()
  })

  it('only the addressee hears about a message', async () => {
    const buyer = await tokenOf(t.app, ...DEMO.buyer)
    const buyerStream = await openStream(base, `ticket=${await ticket(buyer)}`)
    await buyerStream.next()
    await send('seller', '只给卖家')
    await expect(buyerStream.next((e) => e.event !== undefined, 600)).rejects.toThrow(/no matching event/)
    await buyerStream.close()
  })

  it('resumes after Last-Event-ID with exactly the missed events', async () => {
    const stream = await openStream(base, `ticket=${await ticket(seller)}`)
    const last = await stream.next()
    await stream.close()

    await send('seller', '错过的第一条')
    await send('seller', '错过的第二条')

    // a reconnecting EventSource sends the header
    const resumed = await openStream(base, `ticket=${await ticket(seller)}`, { 'Last-Event-ID': last.id! })
    const a = await resumed.next()
    const b = await resumed.next()
    expect(JSON.parse(a.data!).message.title).toBe('错过的第一条')
    expect(JSON.parse(b.data!).message.title).toBe('错过的第二条')
    expect(Number(b.id)).toBeGreaterThan(Number(a.id))
    await resumed.close()

    // a client that opens a new EventSource passes it in the query
    const byQuery = await openStream(base, `ticket=${await ticket(seller)}&lastEventId=${a.id}`)
    expect(JSON.parse((await byQuery.next()).data!).message.title).toBe('错过的第二条')
    await expect(byQuery.next((e) => e.event !== undefined, 400)).rejects.toThrow(/no matching event/)
    await byQuery.close()
  })

  it('sends heartbeat comments', async () => {
    const stream = await openStream(base, `ticket=${await ticket(seller)}`)
    const ping = await stream.next((e) => e.comment?.startsWith('ping') === true, 2000)
    expect(ping.event).toBeUndefined()
    await stream.close()
  })

  it('answers the desktop app origin with CORS headers', async () => {
    const stream = await openStream(base, `ticket=${await ticket(seller)}`, { Origin: 'app://marketplace' })
    expect(stream.res.headers.get('access-control-allow-origin')).toBe('app://marketplace')
    await stream.close()
    const preflight = await fetch(`${base}/api/user/message/streamTicket`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'app://marketplace',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
  })

  it('ends the stream with session-ended after a logout', async () => {
    const token = await tokenOf(t.app, ...DEMO.buyer)
    const stream = await openStream(base, `ticket=${await ticket(token)}`)
    await stream.next()
    await call(t.app, 'POST', '/api/logout', { token })
    const ended = await stream.next((e) => e.event === 'session-ended', 2000)
    expect(ended.data).toBe('{}')
    await stream.close()
  })

  it('the admin send route is for admins only', async () => {
    expect(
      await call(t.app, 'POST', '/api/system/message/send', {
        token: seller,
        body: { userName: 'buyer', title: 'x', content: 'y' },
      }),
    ).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    expect(
      await call(t.app, 'POST', '/api/system/message/send', {
        token: admin,
        body: { userName: 'nobody', title: 'x', content: 'y' },
      }),
    ).toMatchObject({ code: 400, msg: '用户不存在' })
  })
})

describe('event bus', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('keeps a bounded log per user with increasing ids', async () => {
    const bus = createEventBus(t.app.db, { logLimit: 5 })
    const seen: number[] = []
    const off = bus.subscribe(2, (e) => seen.push(e.id))
    const ids: number[] = []
    for (let i = 0; i < 8; i++) {
      ids.push((await bus.publish(2, { type: 'unread-count', data: { count: i, reason: 'read' } })).id)
    }
    await bus.publish(3, {
      type: 'bid',
      data: { bidId: 1, goodsId: 1, goodsTitle: 'x', price: 1, counter: false },
    })
    off()
    expect(seen).toEqual(ids)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    const kept = await bus.since(2, 0)
    expect(kept.map((e) => e.id)).toEqual(ids.slice(3))
    expect(kept.at(-1)).toMatchObject({ type: 'unread-count', data: { count: 7 } })
    expect(await bus.latestId(2)).toBe(ids.at(-1))
    expect((await bus.since(3, 0)).map((e) => e.type)).toEqual(['bid'])
    expect(bus.listenerCount()).toBe(0)
    expect(LIVE_EVENT_LOG_LIMIT).toBeGreaterThanOrEqual(100)
  })
})
