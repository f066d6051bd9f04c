/**
 * Short-lived, single-use tickets (see shared/api/common.ts): an authenticated POST issues one, a
 * GET that cannot carry the Authorization header (EventSource, a download navigation) presents it.
 * A ticket is bound to the session that asked for it and to one purpose — the event stream, or
 * the download of one file — and dies at its first use or after TICKET_TTL_MS.
 *
 * Only the sha256 of a ticket is kept: in this process's memory (one server process), or in the shared
 * store when several processes run (REDIS_URL, docs/scaling.md), so a ticket issued by one process is
 * good on another, once. The session is checked again when the ticket is used: a logout in between
 * kills it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { TICKET_TTL_MS } from '../../../shared/api/common'
import type { SharedState } from '../../cluster/state'

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

export function ticketService(opts: { now: () => number; ttlMs?: number; shared?: SharedState }) {
  const shared = opts.shared?.kind === 'redis' ? opts.shared : null
  const ttlMs = opts.ttlMs ?? TICKET_TTL_MS
  const entries = new Map<string, Entry>()

  function prune(now: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key)
  }

  return {
    ttlMs,
    /** A new ticket; in the shared store it is usable once the promise settles (issue then answer). */
    async issue(grant: TicketGrant, purpose: TicketPurpose): Promise<string> {
      const now = opts.now()
      if (shared) {
        const ticket = randomBytes(32).toString('base64url')
        const entry: Entry = { ...grant, purpose, expiresAt: now + ttlMs }
        await shared.put(`ticket:${hash(ticket)}`, JSON.stringify(entry), ttlMs)
        return ticket
      }
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
    async consume(ticket: string | undefined, purpose: TicketPurpose): Promise<TicketGrant | null> {
      if (!ticket) return null
      const key = hash(ticket)
      let entry: Entry | undefined
      if (shared) {
        const raw = await shared.take(`ticket:${key}`)
        entry = raw === null ? undefined : (JSON.parse(raw) as Entry)
      } else {
        entry = entries.get(key)
        entries.delete(key)
      }
      if (!entry) return null
      if (entry.expiresAt <= opts.now() || !samePurpose(entry.purpose, purpose)) return null
      return { userId: entry.userId, tokenHash: entry.tokenHash }
    },

    size: () => entries.size,
  }
}

export type TicketService = ReturnType<typeof ticketService>
