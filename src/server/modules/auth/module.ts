/**
 * Users, sessions, roles and permissions (docs/account-security.md, docs/console.md): login and
 * registration, the RSA key the login form encrypts with, staff users and 角色管理. The session
 * check of every request is registered by app.ts with this module's service (plugins/auth.ts).
 */
import { defineModule } from '../../module'
import { roleStaffRoutes } from './role-routes'
import { roleStaffService } from './roles'
import { authRoutes } from './routes'
import { loadOrCreateKeyPair, type PasswordCipher } from './rsa'
import { authService, type AuthService } from './service'
import { staffUserRoutes } from './staff-routes'
import { staffUserService } from './staff'

declare module '../../module' {
  interface Services {
    auth: AuthService
    /** the login form's RSA key pair: passwords and PINs arrive encrypted with it */
    cipher: PasswordCipher
  }
}

export const authModule = defineModule({
  name: 'auth',
  needs: ['system', 'menus', 'sms', 'oplog'],
  provides: ['auth', 'cipher'],
  register({ app, db, now, settings, routes }, { system, menus, sms, oplog }) {
    const cipher = loadOrCreateKeyPair(settings.keys)
    app.addHook('onClose', () => cipher.close())
    const auth = authService({
      db,
      system,
      cipher,
      captchaEnabled: settings.captchaEnabled,
      now,
      verifyRegisterCode: (phone, code) => sms.verify(phone, 'REGISTER', code),
      sendLoginCode: (phone, ip) => sms.send(phone, 'LOGIN', ip),
      verifyLoginCode: (phone, code) => sms.verify(phone, 'LOGIN', code),
      loginLog: oplog.login,
    })
    routes(authRoutes, { auth, cipher, system, now })
    routes(staffUserRoutes, { users: staffUserService(db, now) })
    routes(roleStaffRoutes, { roles: roleStaffService(db, now), menus })
    return { auth, cipher }
  },
})
