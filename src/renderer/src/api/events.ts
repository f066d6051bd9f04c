/**
 * The live events client, written once for both shells (Server-Sent Events, see
 * src/server/modules/events/routes.ts):
 *
 *   1. POST /user/message/streamTicket (Authorization header) → a single-use 60-second ticket;
 *   2. new EventSource('<api>/user/message/stream?ticket=…&lastEventId=…');
 *   3. every event goes to the listener; its id is remembered;
 *   4. on any error the EventSource is closed (its own retry would reuse the spent ticket) and the
 *      client starts again at 1 after a back-off (1 s, 2 s, 4 s … 30 s, with jitter), passing the
 *      last id so the server replays what was missed (the server's heartbeat comments keep proxies
 *      from closing an idle link; EventSource itself reports a broken one as an error);
 *   5. `session-ended`, or a ticket refused with 401/521/522, ends the session like any other call.
 *
 * The long-lived token is never put into a URL.
 */
import { Code } from '@shared/api/envelope'
import type { ApiResult } from '@shared/api/envelope'
import type { TicketResult } from '@shared/api/common'
import { EVENTS } from '@shared/api/events'
import {
  LIVE_EVENT_TYPES,
  SESSION_ENDED_EVENT,
  type LiveEvent,
  type StoredLiveEvent,
} from '@shared/live-events'
import { platform } from '@renderer/platform'
import { handleResponse } from './http'

export const BACKOFF = { initialMs: 1000, maxMs: 30_000 } as const

export interface LiveEventsHandlers {
  onEvent(event: StoredLiveEvent): void
  /** the stream is open; `resumed` after a reconnect (the caller may refresh what it shows) */
  onOpen?(info: { resumed: boolean }): void
  /** the server ended the session */
  onSessionEnded?(): void
}

/** What the client needs from the environment (tests replace all of it). */
export interface LiveEventsDeps {
  EventSource: typeof EventSource
  /** a ticket, or a reason to stop / retry */
  fetchTicket(): Promise<{ ticket: string } | { stop: true } | { retry: true }>
  streamUrl(ticket: string, lastEventId: number | null): string
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  random(): number
}

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF.maxMs, BACKOFF.initialMs * 2 ** Math.max(0, attempt))
  return Math.round(base * (0.5 + random() / 2))
}

/** Ask for a stream ticket without the request layer's toasts: a background call stays quiet. */
export async function fetchStreamTicket(): Promise<{ ticket: string } | { stop: true } | { retry: true }> {
  const token = platform.getToken()
  if (!token) return { stop: true }
  let res: Response
  try {
    res = await fetch(`${platform.apiBaseUrl()}${EVENTS.streamTicket.path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
    })
  } catch {
    return { retry: true } // offline, server down: try again later, quietly
  }
  let body: ApiResult<TicketResult> | null
  try {
    body = (await res.json()) as ApiResult<TicketResult>
  } catch {
    return { retry: true }
  }
  if (body?.code === Code.OK && body.data?.ticket) return { ticket: body.data.ticket }
  if (
    body?.code === Code.UNAUTHORIZED ||
    body?.code === Code.SESSION_ENDED ||
    body?.code === Code.SESSION_REPLACED
  ) {
    // the session is over: the request layer's usual handling (warn, clear the token everywhere, login)
    try {
      handleResponse({ data: body, status: res.status, config: {} } as never)
    } catch {
      // handleResponse rejects by design
    }
    return { stop: true }
  }
  return { retry: true }
}

export function defaultDeps(): LiveEventsDeps {
  return {
    EventSource: window.EventSource,
    fetchTicket: fetchStreamTicket,
    streamUrl: (ticket, lastEventId) => {
      const query = new URLSearchParams({ ticket })
      if (lastEventId !== null) query.set('lastEventId', String(lastEventId))
      return `${platform.apiBaseUrl()}${EVENTS.stream.path}?${query.toString()}`
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    random: Math.random,
  }
}

export interface LiveEventsConnection {
  close(): void
  /** the id of the last event received (resumption point) */
  readonly lastEventId: number | null
  readonly state: 'connecting' | 'open' | 'waiting' | 'closed'
}

/** Connect and stay connected until close(). */
export function connectLiveEvents(
  handlers: LiveEventsHandlers,
  deps: LiveEventsDeps = defaultDeps(),
): LiveEventsConnection {
  let source: EventSource | null = null
  let timer: unknown = null
  let attempt = 0
  let opened = false
  let lastEventId: number | null = null
  let state: LiveEventsConnection['state'] = 'connecting'
  const isClosed = () => state === 'closed'

  const stopTimers = () => {
    if (timer !== null) deps.clearTimeout(timer)
    timer = null
  }
  const dropSource = () => {
    if (!source) return
    source.onopen = source.onerror = source.onmessage = null
    source.close()
    source = null
  }

  function reconnectLater(): void {
    if (state === 'closed') return
    dropSource()
    stopTimers()
    state = 'waiting'
    timer = deps.setTimeout(
      () => {
        timer = null
        void open()
      },
      backoffDelay(attempt++, deps.random),
    )
  }

  function onEvent(type: string, message: MessageEvent<string>): void {
    const id = Number(message.lastEventId)
    if (message.lastEventId !== '' && Number.isSafeInteger(id) && id >= 0) lastEventId = id
    let data: unknown
    try {
      data = JSON.parse(message.data)
    } catch {
      return
    }
    handlers.onEvent({ type, data, id: lastEventId ?? 0, at: Date.now() } as StoredLiveEvent)
  }

  async function open(): Promise<void> {
    if (state === 'closed') return
    state = 'connecting'
    const answer = await deps.fetchTicket()
    if (isClosed()) return // closed while the ticket was on its way
    if ('stop' in answer) {
      close()
      return
    }
    if ('retry' in answer) {
      reconnectLater()
      return
    }
    const es = new deps.EventSource(deps.streamUrl(answer.ticket, lastEventId))
    source = es
    es.onopen = () => {
      if (source !== es) return
      const resumed = opened
      opened = true
      attempt = 0
      state = 'open'
      handlers.onOpen?.({ resumed })
    }
    es.onerror = () => {
      if (source === es) reconnectLater()
    }
    for (const type of LIVE_EVENT_TYPES) {
      es.addEventListener(type, (message) => {
        if (source === es) onEvent(type, message as MessageEvent<string>)
      })
    }
    es.addEventListener(SESSION_ENDED_EVENT, () => {
      if (source !== es) return
      close()
      handlers.onSessionEnded?.()
    })
  }

  function close(): void {
    state = 'closed'
    stopTimers()
    dropSource()
  }

  void open()
  return {
    close,
    get lastEventId() {
      return lastEventId
    },
    get state() {
      return state
    },
  }
}

export type { LiveEvent }
