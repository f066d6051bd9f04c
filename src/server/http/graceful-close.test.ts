/**
 * The graceful close of a listening app (graceful-close.ts; docs/operations.md, "Rolling restart"):
 * while it drains, readiness is 503 and answers close their connection; fenced, GETs are answered 503
 * and POSTs served; then new connections are refused, a request already in flight still finishes with its answer, a live-event stream gets its
 * last event with a retry hint and ends, an idle keep-alive connection and one that never carried a
 * request are closed, and the whole close ends in time.
 */
import http from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECONNECT_EVENT } from '../modules/events/routes'
import { call, DEMO, startTestApp, tokenOf, type TestApp } from '../test-utils'
import { closeGracefully } from './graceful-close'

const DELAY_MS = 1500
const QUIET_MS = 300
const FENCE_MS = 3000
const SETTLE_MS = 100

/** GET over a fresh connection: status, the Connection header and the body */
function get(port: number, path: string, agent: http.Agent | false = false) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
    })
    req.on('error', reject)
  })
}

/** whether a new TCP connection is accepted (false: refused) */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port })
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
  })
}

/** everything a raw socket receives until it closes */
function received(socket: Socket): Promise<string> {
  let text = ''
  socket.setEncoding('utf8')
  socket.on('data', (c: string) => (text += c))
  return new Promise((resolve) => socket.once('close', () => resolve(text)))
}

describe('graceful close', () => {
  let t: TestApp
  let port: number
  let seller: string
  beforeAll(async () => {
    t = await startTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as { port: number }).port
    seller = await tokenOf(t.app, ...DEMO.seller)
  })
  afterAll(() => t.close())

  it('finishes what it has, refuses new connections, ends streams with a retry hint, in time', async () => {
    // a live-event stream, read raw up to its end
    const { data } = await call(t.app, 'POST', '/api/user/message/streamTicket', { token: seller })
    const stream = connect({ host: '127.0.0.1', port })
    const streamText = received(stream)
    stream.write(`GET /api/user/message/stream?ticket=${data.ticket} HTTP/1.1\r\nHost: x\r\n\r\n`)

    // an idle keep-alive connection (a direct client's)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    expect((await get(port, '/healthz', agent)).connection).toBe('keep-alive')
    const idle = Object.values(agent.freeSockets).flat()[0]!
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()))

    // a connection that never carries a request (a browser's preconnect)
    const preconnect = connect({ host: '127.0.0.1', port })
    const preconnectText = received(preconnect)

    // a request in flight: headers and half of the body sent before the close begins
    const body = JSON.stringify({ username: 'nobody', password: 'not-encrypted' })
    const slow = connect({ host: '127.0.0.1', port })
    const slowText = received(slow)
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()))
    slow.write(
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((r) => setTimeout(r, 50))

    const started = Date.now()
    const closed = closeGracefully(t.app, {
      delayMs: DELAY_MS,
      quietMs: QUIET_MS,
      fenceMs: FENCE_MS,
      settleMs: SETTLE_MS,
    })
    let closedAt = 0
    void closed.then(() => (closedAt = Date.now()))

    // draining: still served, readiness says so, every answer closes its connection
    const ready = await get(port, '/readyz')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'draining' })
    expect(ready.connection).toBe('close')
    const health = await get(port, '/healthz')
    expect([health.status, health.connection]).toEqual([200, 'close'])

    // fenced: a GET is answered 503 at once (nginx passes it on and takes the process out), a POST is
    // still served (nginx would not pass it on)
    let fenced = await get(port, '/healthz')
    while (fenced.status === 200) {
      expect(Date.now() - started).toBeLessThan(DELAY_MS + 3000)
      await new Promise((r) => setTimeout(r, 20))
      fenced = await get(port, '/healthz')
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 20)
    expect([fenced.status, fenced.connection, JSON.parse(fenced.body)]).toEqual([
      503,
      'close',
      { status: 'closing' },
    ])
    const quietFrom = Date.now()
    const post = await fetch(`http://127.0.0.1:${port}/api/nope`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect([
      post.status,
      post.headers.get('connection'),
      ((await post.json()) as { code: number }).code,
    ]).toEqual([200, 'close', 404])

    // then, without requests for QUIET_MS, new connections are refused (nginx passes a refused request
    // to the other process, even a POST)
    while (await accepts(port)) {
      expect(Date.now() - started).toBeLessThan(DELAY_MS + FENCE_MS)
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(Date.now() - quietFrom).toBeGreaterThanOrEqual(QUIET_MS - 50)

    // the stream got its last event with a retry hint and ended
    const text = await streamText
    expect(text).toMatch(/\r\nconnection: close\r\n/i)
    expect(text).toMatch(new RegExp(`retry: \\d{4}\\nevent: ${RECONNECT_EVENT}\\ndata: \\{\\}\\n\\n`))
    await idleClosed
    expect(await preconnectText).toBe('')

    // the request in flight is answered in full, and the close waited for it
    expect(closedAt).toBe(0)
    slow.write(body.slice(10))
    const answer = await slowText
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: expect.any(Number),
      msg: expect.any(String),
    })

    await closed
    expect(Date.now() - started).toBeLessThan(DELAY_MS + FENCE_MS + SETTLE_MS + 5000)
    agent.destroy()
  })
})
