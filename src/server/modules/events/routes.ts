/**
 * The live event stream (Server-Sent Events):
 *
 *   POST /api/user/message/streamTicket   (Authorization: Bearer …) → { ticket, expiresIn }
 *   GET  /api/user/message/stream?ticket=…[&lastEventId=N]            → text/event-stream
 *
 * EventSource cannot send headers and the long-lived token never goes into a URL, so the stream
 * is opened with a single-use ticket. On connect the stream replays the user's logged events after
 * Last-Event-ID (the header a reconnecting EventSource sends, or `lastEventId` of a client that
 * opens a new EventSource with a new ticket); without one it starts with the current unread count.
 * A comment line every `heartbeatMs` keeps proxies from closing the connection; the session is
 * checked again at each heartbeat and an ended one closes the stream with `event: session-ended`.
 * When the process closes (a rolling restart) every stream gets a last `event: reconnect` with a
 * `retry:` of 1–3 s (spread, so the streams do not all come back in the same instant) and ends; the
 * client reconnects through the proxy to another process and resumes after its last id
 * (docs/operations.md, "Rolling restart"). A stream's connection is never reused (`Connection: close`).
 *
 * A refused ticket is answered like any /api error (HTTP 200, JSON envelope code 401): not
 * text/event-stream, so EventSource gives up at once and the client fetches a new ticket.
 */
import type { ServerResponse } from 'node:http'
import type { FastifyPluginAsync } from 'fastify'
import { EVENTS } from '../../../shared/api/events'
import { SESSION_ENDED_EVENT, STREAM_HEARTBEAT_MS, type StoredLiveEvent } from '../../../shared/live-events'
import { unauthorized } from '../../http/errors'
import { route } from '../../http/route'
import { sessionOf } from '../../plugins/auth'
import { fail } from '../../plugins/envelope'
import { rateLimit } from '../../plugins/rate-limit'
import type { SessionCheck, TicketService } from '../common/tickets'
import type { EventBus } from './bus'

/** Reconnection delay EventSource should use (the renderer's client has its own back-off). */
const RETRY_MS = 5_000
/** The last event of every stream when the process closes: reconnect (elsewhere) and resume. */
export const RECONNECT_EVENT = 'reconnect'
/** Ids a stream remembers having sent (the oldest forgotten first): far more than arrive out of order. */
const SENT_IDS_KEPT = 1000
/** Open streams per user; the oldest is closed when a new one exceeds it (leaked tabs). */
export const MAX_STREAMS_PER_USER = 8

export interface EventRoutesOptions {
  bus: EventBus
  tickets: TicketService
  sessionAlive: SessionCheck
  /** the current unread count of a user (the first event of a fresh stream) */
  unreadCount: (userId: number) => Promise<number>
  heartbeatMs?: number
  now: () => number
}

export function formatEvent(event: StoredLiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`
}

function lastEventIdOf(header: string | string[] | undefined, query: number | undefined): number | null {
  const raw = Array.isArray(header) ? header[0] : header
  if (raw !== undefined && /^\d{1,15}$/.test(raw.trim())) return Number(raw.trim())
  return query ?? null
}

export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, opts) => {
  const { bus, tickets, sessionAlive } = opts
  const heartbeatMs = opts.heartbeatMs ?? STREAM_HEARTBEAT_MS
  const open = new Map<number, Set<(last?: string) => void>>()

  app.addHook('preClose', async () => {
    for (const closers of [...open.values()])
      for (const close of [...closers]) {
        const retryMs = 1000 + Math.floor(Math.random() * 2000)
        close(`retry: ${retryMs}\nevent: ${RECONNECT_EVENT}\ndata: {}\n\n`)
      }
  })

  route(
    app,
    EVENTS.streamTicket,
    { onRequest: rateLimit({ max: 120, windowMs: 60_000, now: opts.now }) },
    async (request) => {
      const ticket = await tickets.issue(sessionOf(request), { kind: 'stream' })
      return { ticket, expiresIn: Math.round(tickets.ttlMs / 1000) }
    },
  )

  route(app, EVENTS.stream, async (request, reply) => {
    const grant = await tickets.consume(request.query.ticket, { kind: 'stream' })
    if (!grant || !(await sessionAlive(grant.tokenHash))) {
      return fail(unauthorized(), request.id)
    }
    const { userId, tokenHash } = grant
    const resumeFrom = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId)

    reply.hijack()
    const res: ServerResponse = reply.raw
    res.writeHead(200, {
      // CORS headers set by the cors plugin's onRequest hook (desktop app origin)
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // a stream's connection is not kept for another request: when the stream ends (a restart), a
      // proxy must not pick it for its next request while the closing process drops it
      connection: 'close',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    })
    res.flushHeaders()

    let closed = false
    // what the client has (ids up to it); above it, the ids sent. Ids are taken in one order and
    // committed in another (two processes, or two transactions, publishing to one user), so an event
    // may arrive after one with a higher id: it is still sent, once (docs/operations.md, "Rolling restart")
    let floor = resumeFrom ?? 0
    const sentIds = new Set<number>()
    const backlog: StoredLiveEvent[] = []
    let replaying = true

    const write = (chunk: string) => {
      if (!closed) res.write(chunk)
    }
    const deliver = (event: StoredLiveEvent) => {
      if (event.id <= floor || sentIds.has(event.id)) return
      sentIds.add(event.id)
      if (sentIds.size > SENT_IDS_KEPT) sentIds.delete(sentIds.values().next().value!)
      write(formatEvent(event))
    }
    // subscribe before reading the log, so nothing published in between is lost
    const unsubscribe = bus.subscribe(userId, (event) => (replaying ? backlog.push(event) : deliver(event)))

    const heartbeat = setInterval(() => {
      void sessionAlive(tokenHash).then(
        (alive) => {
          if (alive) write(`: ping ${opts.now()}\n\n`)
          else {
            write(`event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`)
            close()
          }
        },
        () => write(`: ping\n\n`),
      )
    }, heartbeatMs)
    heartbeat.unref()

    let closers = open.get(userId)
    if (!closers) open.set(userId, (closers = new Set()))
    function close(last?: string) {
      if (closed) return
      if (last) res.write(last)
      closed = true
      clearInterval(heartbeat)
      unsubscribe()
      const set = open.get(userId)
      set?.delete(close)
      if (set?.size === 0) open.delete(userId)
      res.end()
    }
    if (closers.size >= MAX_STREAMS_PER_USER) [...closers][0]?.()
    closers.add(close)
    request.raw.once('close', close)
    res.once('close', close)

    write(`retry: ${RETRY_MS}\n\n`)
    try {
      if (resumeFrom !== null) {
        for (const event of await bus.since(userId, resumeFrom)) deliver(event)
      } else {
        const [count, latest] = await Promise.all([opts.unreadCount(userId), bus.latestId(userId)])
        // the snapshot carries the latest log id: a resume from it replays only what follows
        floor = latest
        write(
          `id: ${latest}\nevent: unread-count\ndata: ${JSON.stringify({ count, reason: 'snapshot' })}\n\n`,
        )
      }
    } catch (err) {
      request.log.error({ err }, 'event stream replay failed')
    }
    replaying = false
    for (const event of backlog.splice(0)) deliver(event)
  })
}
