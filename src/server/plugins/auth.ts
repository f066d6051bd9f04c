/**
 * Authentication: `Authorization: Bearer <token>` (header only, never cookies). A route opts in with
 * `config: { auth: true }`; then a missing or unknown token answers code 401 (MSG.UNAUTHORIZED) and an
 * expired one code 521 (MSG.SESSION_EXPIRED), on which the client warns, clears the login and goes
 * to /login.html (docs/error-codes.md). A public route that answers more to a logged-in caller (goods
 * detail: followed, isOwner) uses `config: { auth: 'optional' }`: a valid token sets the session, a
 * missing, unknown or expired one leaves it null and the route answers as to a visitor.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError, forbidden, unauthorized } from '../http/errors'

export const MUST_CHANGE_PASSWORD = '您的登录密码已被平台重置，请先修改登录密码'

export interface Session {
  userId: number
  tokenHash: string
  /** staff reset the login password: the user must choose a new one before changing anything */
  mustChangePassword?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route needs a logged-in user; 'optional': the user if the token is valid, else a visitor */
    auth?: boolean | 'optional'
  }
  interface FastifyRequest {
    session: Session | null
  }
}

export interface Authenticator {
  /** Resolves a raw token to its session or throws an ApiError (401/521). */
  authenticate(token: string): Promise<Session>
  /** Whether a user holds a permission string (the admin role and `*:*:*` hold every one). */
  hasPermission(userId: number, permission: string): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws 403 (MSG.FORBIDDEN) unless the logged-in caller holds the permission. */
    requirePermission(request: FastifyRequest, permission: string): Promise<void>
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')
  return match ? match[1] : null
}

/** The session of a route declared with `auth: true`. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized()
  return request.session
}

export function registerAuth(
  app: FastifyInstance,
  authenticator: Authenticator,
  /** a refused attempt (403) is written to the operation log (docs/console.md) */
  onDenied?: (request: FastifyRequest, permission: string) => Promise<void>,
  /**
   * Routes (full paths) a user whose password staff reset may still change things with (the login
   * password change). Every other change (a non-GET call of a logged-in route) answers 403 until the
   * user has chosen a new password: whoever learnt the temporary password cannot act as the user.
   * Reads stay open so the app can show the change-password page — except `secretReads` (delivered
   * account credentials), which answer 403 too.
   */
  passwordChangeRoutes: readonly string[] = [],
  secretReads: readonly string[] = [],
) {
  const allowedWhileReset = new Set(passwordChangeRoutes)
  const refusedWhileReset = new Set(secretReads)
  app.decorateRequest('session', null)
  app.decorate('requirePermission', async (request: FastifyRequest, permission: string) => {
    const { userId } = sessionOf(request)
    if (!(await authenticator.hasPermission(userId, permission))) {
      await onDenied?.(request, permission).catch((err: unknown) =>
        request.log.error({ err }, 'denied attempt not logged'),
      )
      throw forbidden()
    }
  })
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth
    if (!mode) return
    const token = bearerToken(request)
    if (mode === 'optional') {
      if (token) {
        request.session = await authenticator.authenticate(token).catch((err: unknown) => {
          if (err instanceof ApiError) return null
          throw err
        })
      }
      return
    }
    if (!token) throw unauthorized()
    request.session = await authenticator.authenticate(token)
    if (
      request.session.mustChangePassword &&
      (request.method !== 'GET' || refusedWhileReset.has(request.routeOptions.url ?? '')) &&
      !allowedWhileReset.has(request.routeOptions.url ?? '')
    )
      throw forbidden(MUST_CHANGE_PASSWORD, 'PASSWORD_CHANGE_REQUIRED')
  })
}
