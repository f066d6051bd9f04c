import type { FastifyPluginAsync } from 'fastify'
import {
  PATHS,
  loginBodySchema,
  registerBodySchema,
  type LoginBody,
  type RegisterBody,
} from '../../../shared/api'
import { bearerToken, sessionOf } from '../../plugins/auth'
import { ok, okFlat } from '../../plugins/envelope'
import { rateLimit } from '../../plugins/rate-limit'
import type { PasswordCipher } from './rsa'
import type { AuthService } from './service'

const MINUTE = 60_000

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService
  cipher: PasswordCipher
  now: () => number
}> = async (app, { auth, cipher, now }) => {
  app.get(PATHS.captchaImage, { onRequest: rateLimit({ max: 30, windowMs: MINUTE, now }) }, async () =>
    okFlat(await auth.captcha()),
  )

  app.get(PATHS.publicKey, async () => ok({ publicKey: cipher.publicKeyPem }))

  app.post<{ Body: LoginBody }>(
    PATHS.login,
    { schema: { body: loginBodySchema }, onRequest: rateLimit({ max: 20, windowMs: MINUTE, now }) },
    async (request) => {
      const client = { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 255) }
      return okFlat(await auth.login(request.body, client), '登录成功')
    },
  )

  app.post<{ Body: RegisterBody }>(
    PATHS.register,
    { schema: { body: registerBodySchema }, onRequest: rateLimit({ max: 10, windowMs: MINUTE, now }) },
    async (request) => {
      await auth.register(request.body)
      return ok(undefined, '注册成功')
    },
  )

  app.post(PATHS.logout, async (request) => {
    await auth.logout(bearerToken(request))
    return ok(undefined, '退出成功')
  })

  app.get(PATHS.getInfo, { config: { auth: true } }, async (request) =>
    okFlat(await auth.info(sessionOf(request).userId)),
  )
}
