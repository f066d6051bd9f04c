import type { FastifyPluginAsync } from 'fastify'
import { AUTH } from '../../../shared/api/auth'
import { SYSTEM } from '../../../shared/api/system'
import { PERMS } from '../../../shared/permissions'
import { route, uid } from '../../http/route'
import { bearerToken } from '../../plugins/auth'
import { rateLimit } from '../../plugins/rate-limit'
import type { SystemService } from '../system/service'
import type { PasswordCipher } from './rsa'
import type { AuthService } from './service'

const MINUTE = 60_000

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService
  cipher: PasswordCipher
  system: SystemService
  now: () => number
}> = async (app, { auth, cipher, system, now }) => {
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
    // the new user is logged in (docs/account-security.md)
    async (r) =>
      auth.sessionFor(await auth.register(r.body), {
        ip: r.ip,
        userAgent: (r.headers['user-agent'] ?? '').slice(0, 255),
      }),
  )

  // login by SMS code: limited like the password login (docs/account-security.md)
  route(
    app,
    AUTH.loginSmsSend,
    {
      message: '如该手机号已绑定账号，验证码已发送',
      onRequest: rateLimit({ max: 10, windowMs: MINUTE, now }),
    },
    (r) => auth.loginSmsSend(r.body.phone, r.ip),
  )
  route(
    app,
    AUTH.loginSms,
    { message: '登录成功', onRequest: rateLimit({ max: 20, windowMs: MINUTE, now }) },
    (r) => auth.loginSms(r.body, { ip: r.ip, userAgent: (r.headers['user-agent'] ?? '').slice(0, 255) }),
  )

  route(app, AUTH.logout, { message: '退出成功' }, (r) => auth.logout(bearerToken(r)))

  route(app, AUTH.info, (r) => auth.info(uid(r)))

  // the menus of the caller's roles (the system module keeps the menus)
  route(app, SYSTEM.routers, async (r) => {
    const menus = await system.routers(await auth.roleKeys(uid(r)))
    // the console's menus only with console:index:view, whatever menus a role was given
    if (await auth.hasPermission(uid(r), PERMS.consoleView)) return menus
    return menus.filter((menu) => menu.path !== '/console' && !menu.path.startsWith('/console/'))
  })
}
