/**
 * The staff operation log and the login log (docs/console.md, "Operation log").
 *
 * Every staff change is written by `record(trx, entry)` INSIDE the transaction of the change, so a
 * change without its log row cannot happen (and a rolled-back change leaves no row). A refused
 * attempt — a caller without the endpoint's permission (route() → requirePermission → 403) — is
 * written by `denied(...)` from the auth plugin. Logins, successful or not, go to the login log.
 */
import type { FastifyRequest } from 'fastify'
import type { Page } from '../../../shared/api/contract'
import {
  DEFAULT_CONSOLE_SETTINGS,
  type ConsoleSettings,
  type LoginLog,
  type OpLog,
  type OpLogStatus,
} from '../../../shared/api/oplog'
import type { Db } from '../../db'
import { sessionOf } from '../../plugins/auth'
import { oplogRepo, type LogFilter } from './repo'

/** Who acts and from where. */
export interface Actor {
  userId: number
  ip: string
}

/** The staff member behind a request of a route with access 'user'. */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: sessionOf(request).userId,
  ip: request.ip,
})

export interface OpEntry {
  actor: Actor
  /** goods, funds, trade, system, game, notice… (the first part of the permission string) */
  module: string
  /** approve, reject, takedown, lock, ruling… */
  action: string
  /** the object's id or number */
  target: string | number
  before?: unknown
  after?: unknown
  /** the reason given, or a note */
  detail?: string
  /** epoch ms (default: now) — services pass their clock */
  at?: number
}

const MAX_JSON = 20_000
const json = (value: unknown): string | null => {
  if (value === undefined) return null
  const text = JSON.stringify(value)
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}…` : text
}

/**
 * Writes one operation-log row with `trx` — the transaction of the change it records. Other
 * modules' services call this; nothing else writes op_logs.
 */
export async function record(trx: Db, entry: OpEntry, status: OpLogStatus = 'SUCCESS'): Promise<void> {
  const repo = oplogRepo(trx)
  await repo.insert({
    user_id: entry.actor.userId,
    user_name: await repo.userName(entry.actor.userId),
    module: entry.module,
    action: entry.action,
    target: String(entry.target),
    before_json: json(entry.before),
    after_json: json(entry.after),
    ip: entry.actor.ip,
    status,
    detail: (entry.detail ?? '').slice(0, 500),
    created_at: entry.at ?? Date.now(),
  })
}

/** One login attempt as the login log keeps it (userId null: no such user). */
export interface LoginAttempt {
  userId: number | null
  userName: string
  ip: string
  userAgent: string
  ok: boolean
  msg: string
}

export function oplogService(db: Db, now: () => number) {
  const repo = oplogRepo(db)
  return {
    record: (trx: Db, entry: OpEntry) => record(trx, { at: now(), ...entry }),

    /** A caller without the permission an endpoint declares (answered 403). */
    async denied(request: FastifyRequest, permission: string) {
      const userId = request.session?.userId ?? null
      const [module] = permission.split(':')
      await repo.insert({
        user_id: userId,
        user_name: userId === null ? '' : await repo.userName(userId),
        module,
        action: 'denied',
        target: `${request.method} ${request.url.split('?')[0]}`.slice(0, 200),
        before_json: null,
        after_json: null,
        ip: request.ip,
        status: 'DENIED',
        detail: permission,
        created_at: now(),
      })
    },

    /** One login attempt (the auth service calls this; inside the login's transaction on success). */
    async login(trx: Db | null, entry: LoginAttempt) {
      await oplogRepo(trx ?? db).insertLogin({
        user_id: entry.userId,
        user_name: entry.userName.slice(0, 64),
        ip: entry.ip,
        user_agent: entry.userAgent.slice(0, 300),
        status: entry.ok ? '0' : '1',
        msg: entry.msg,
        created_at: now(),
      })
    },

    async opLogs(filter: LogFilter): Promise<Page<OpLog>> {
      const page = await repo.opLogs(filter)
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          userName: r.user_name,
          module: r.module,
          action: r.action,
          target: r.target,
          before: r.before_json,
          after: r.after_json,
          ip: r.ip,
          status: r.status as OpLogStatus,
          detail: r.detail,
          createdAt: Number(r.created_at),
        })),
      }
    },

    async loginLogs(filter: LogFilter): Promise<Page<LoginLog>> {
      const page = await repo.loginLogs(filter)
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          userName: r.user_name,
          ip: r.ip,
          userAgent: r.user_agent,
          status: r.status === '0' ? '0' : '1',
          msg: r.msg,
          createdAt: Number(r.created_at),
        })),
      }
    },

    async settings(userId: number): Promise<ConsoleSettings> {
      const saved = await repo.settings(userId)
      if (!saved) return DEFAULT_CONSOLE_SETTINGS
      try {
        return { ...DEFAULT_CONSOLE_SETTINGS, ...(JSON.parse(saved) as Partial<ConsoleSettings>) }
      } catch {
        return DEFAULT_CONSOLE_SETTINGS
      }
    },

    saveSettings: (userId: number, settings: ConsoleSettings) =>
      repo.saveSettings(userId, JSON.stringify(settings), now()),
  }
}

export type OplogService = ReturnType<typeof oplogService>
