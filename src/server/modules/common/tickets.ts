/**
 * Short-lived, single-use tickets (see shared/api/common.ts): an authenticated POST issues one, a
 * GET that cannot carry the Authorization header (EventSource, a download navigation) presents it.
 * A ticket is bound to the session that asked for it and to one purpose — the event stream, or
 * the download of one file — and dies at its first use or after TICKET_TTL_MS.
 *
 * Only the sha256 of a ticket is kept, in this process's memory (one server process, like the rate
 * limiter). The session is checked again when the ticket is used: a logout in between kills it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { TICKET_TTL_MS } from '../../../shared/api/common'

export type TicketPurpose = { kind: 'stream' } | { kind: 'download'; fileName: string }

/** Whether the session behind a ticket or an open stream is still alive (the auth service answers). */
export type SessionCheck = (tokenHash: string) => Promise<boolean>

export interface TicketGrant {
  userId: number
  tokenHash: string
}

interface Entry extends TicketGrant {
  purpose: TicketPurpose
  expiresAt: number
}

const MAX_OUTSTANDING = 50_000

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

function samePurpose(a: TicketPurpose, b: TicketPurpose): boolean {
  if (a.kind !== b.kind) return false
  return a.kind === 'stream' || (b.kind === 'download' && a.fileName === b.fileName)
}

export function ticketService(opts: { now: () => number; ttlMs?: number }) {
  const ttlMs = opts.ttlMs ?? TICKET_TTL_MS
  const entries = new Map<string, Entry>()

  function prune(now: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }

  return {
    ttlMs,
    issue(grant: TicketGrant, purpose: TicketPurpose): string {
      const now = opts.now()
      if (entries.size >= MAX_OUTSTANDING) prune(now)
      if (entries.size >= MAX_OUTSTANDING) {
        // still full of live tickets: drop the oldest rather than grow without bound
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      const ticket = randomBytes(32).toString('base64url')
      entries.set(hash(ticket), { ...grant, purpose, expiresAt: now + ttlMs })
      return ticket
    },

    /** The grant of a valid ticket for this purpose, or null. The ticket is used up either way. */
    consume(ticket: string | undefined, purpose: TicketPurpose): TicketGrant | null {
      if (!ticket) return null
      const key = hash(ticket)
      const entry = entries.get(key)
      if (!entry) return null
      entries.delete(key)
      if (entry.expiresAt <= opts.now() || !samePurpose(entry.purpose, purpose)) return null
      return { userId: entry.userId, tokenHash: entry.tokenHash }
    },

    size: () => entries.size,
  }
}

export type TicketService = ReturnType<typeof ticketService>
