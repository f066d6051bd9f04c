import type { FastifyPluginAsync } from 'fastify'
import { AUTH } from '../../../shared/api/auth'
import { route, uid } from '../../http/route'
import { bearerToken } from '../../plugins/auth'
import { rateLimit } from '../../plugins/rate-limit'
import type { PasswordCipher } from './rsa'
import type { AuthService } from './service'

const MINUTE = 60_000

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService
  cipher: PasswordCipher
  now: () => number
}> = async (app, { auth, cipher, now }) => {
  route(app, AUTH.captcha, { onRequest: rateLimit({ max: 30, windowMs: MINUTE, now }) }, () => auth.captcha())

  route(app, AUTH.publicKey, () => ({ publicKey: cipher.publicKeyPem }))

  route(
    app,
    AUTH.login,
    { message: '登录成功', onRequest: rateLimit({ max: 20, windowMs: MINUTE, now }) },
    (r) => auth.login(r.body, { ip: r.ip, userAgent: (r.headers['user-agent'] ?? '').slice(0, 255) }),
  )

  route(
    app,
    AUTH.register,
    { message: '注册成功', onRequest: rateLimit({ max: 10, windowMs: MINUTE, now }) },
    (r) => auth.register(r.body),
  )

  route(app, AUTH.logout, { message: '退出成功' }, (r) => auth.logout(bearerToken(r)))

  route(app, AUTH.info, (r) => auth.info(uid(r)))
}
