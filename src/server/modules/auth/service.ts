/**
 * Login rules: captcha, RSA-encrypted passwords, lockout after repeated failures, opaque bearer tokens
 * stored only as their sha256, registration rules, login by SMS code.
 *
 * Long (over 400 lines) because every way in — password, SMS code, registration — must pass the same
 * lockout, session issue and login-log steps, which are closures over one set of dependencies here;
 * the pieces that stand alone already live beside it (password.ts, rsa.ts, system-account.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type {
  CaptchaResult,
  GetInfoResult,
  LoginBody,
  LoginResult,
  RegisterBody,
  LoginSmsBody,
} from '../../../shared/api/auth'
import { PUBLIC_CONFIG_KEYS } from '../../../shared/api/system'
import { passwordProblem, usernameProblem } from '../../../shared/rules/account'
import {
  ALL_PERMISSION,
  CAPTCHA_TTL_MS,
  LOGIN_LOCK,
  ROLE_ADMIN,
  TOKEN_TTL_MS,
} from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { isUniqueViolation, type Db } from '../../db'
import { badRequest, sessionEnded, unauthorized } from '../../http/errors'
import type { Session } from '../../plugins/auth'
import type { LoginAttempt } from '../oplog/service'
import type { SystemService } from '../system/service'
import { hashPassword, verifyPassword } from './password'
import { effectivePermissions, holds } from './grants'
import { authRepo } from './repo'
import type { PasswordCipher } from './rsa'
import { newUserCode } from './system-account'

export { newUserCode, systemAccount } from './system-account'

/** Role of every self-registered user. */
export const ROLE_COMMON = 'common'

export interface AuthServiceDeps {
  db: Db
  system: SystemService
  cipher: PasswordCipher
  captchaEnabled: boolean
  now: () => number
  /** checks the SMS code of a registration by phone (the SMS service); without it phone registration is off */
  verifyRegisterCode?: (phone: string, code: string) => Promise<void>
  /** login by SMS code: sends a LOGIN code and checks (uses up) one; without them it is off */
  sendLoginCode?: (phone: string, ip: string) => Promise<{ sentTo: string; resendIn: number }>
  verifyLoginCode?: (phone: string | null, code: string) => Promise<void>
  /** the login log (oplog module): every attempt, the successful one inside the login's transaction */
  loginLog?: (trx: Db | null, entry: LoginAttempt) => Promise<void>
}

export interface ClientInfo {
  ip: string
  userAgent: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export function authService(deps: AuthServiceDeps) {
  const repo = authRepo(deps.db)
  // Verified against when the user does not exist, so both failures take the same time.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'))
  // what other modules do after every successful login (the account module cancels a cancellation)
  const loginListeners: ((userId: number) => Promise<void>)[] = []

  async function checkCaptcha(code: string | undefined, uuid: string | undefined) {
    if (!deps.captchaEnabled) return
    if (!code?.trim()) throw badRequest('验证码不能为空')
    const captcha = uuid ? await repo.takeCaptcha(uuid) : undefined
    if (!captcha || captcha.expires_at <= deps.now()) throw badRequest(MSG.CAPTCHA_EXPIRED)
    if (sha256(code.trim().toLowerCase()) !== captcha.answer_hash) throw badRequest(MSG.CAPTCHA_WRONG)
  }

  async function decryptPassword(cipherText: string): Promise<string> {
    const plain = await deps.cipher.decrypt(cipherText)
    if (plain === null) throw badRequest(MSG.PASSWORD_DECRYPT_FAILED)
    return plain
  }

  /** Locked while the latest failure closed a run of maxFailures within windowMs, for lockMs after it. */
  async function isLocked(userName: string): Promise<boolean> {
    const latest = await repo.latestFailures(userName, LOGIN_LOCK.maxFailures)
    if (latest.length < LOGIN_LOCK.maxFailures) return false
    const newest = latest[0]
    const oldest = latest[latest.length - 1]
    return newest - oldest <= LOGIN_LOCK.windowMs && deps.now() < newest + LOGIN_LOCK.lockMs
  }

  /**
   * Opens a session for `user` within `tx`'s transaction (expired tokens swept, the login time
   * recorded) and answers as a login does: the token (only its hash is stored) and the user's card.
   */
  async function openSession(
    tx: ReturnType<typeof authRepo>,
    user: NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>,
    now: number,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url')
    await tx.deleteExpiredTokens(now)
    await tx.insertToken({
      tokenHash: sha256(token),
      userId: user.id,
      now,
      expiresAt: now + TOKEN_TTL_MS,
      ...client,
    })
    await tx.recordLogin(user.id, now)
    return {
      token,
      userInfoDto: {
        userId: user.id,
        userName: user.user_name,
        nickName: user.nick_name,
        code: user.user_code,
        avatar: user.avatar,
      },
    }
  }

  return {
    async captcha(): Promise<CaptchaResult> {
      if (!deps.captchaEnabled) return { captchaEnabled: false }
      const { text, data } = svgCaptcha.createMathExpr({
        mathMin: 1,
        mathMax: 20,
        mathOperator: '+',
        noise: 2,
        color: true,
        width: 120,
        height: 40,
      })
      const uuid = randomUUID()
      const now = deps.now()
      await repo.insertCaptcha(uuid, sha256(text.toLowerCase()), now + CAPTCHA_TTL_MS, now)
      return {
        captchaEnabled: true,
        uuid,
        img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      }
    },

    async login(body: LoginBody, client: ClientInfo): Promise<LoginResult> {
      await checkCaptcha(body.code, body.uuid)
      const userName = body.username.trim()
      if (!userName) throw badRequest('用户名不能为空')
      const failed = async (userId: number | null, msg: string) => {
        await deps.loginLog?.(null, { userId, userName, ...client, ok: false, msg })
        return badRequest(msg)
      }
      // Implicit rejection: a value that does not decrypt counts as a wrong password, so login answers
      // never tell bad PKCS#1 v1.5 padding apart from a wrong password (no Bleichenbacher oracle).
      const password = (await deps.cipher.decrypt(body.password)) ?? randomBytes(16).toString('hex')
      if (await isLocked(userName)) throw await failed(null, MSG.ACCOUNT_LOCKED)

      const user = await repo.findUserByName(userName)
      const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash))
      const now = deps.now()
      if (!user || !matches) {
        await repo.addFailure(userName, client.ip, now, now - LOGIN_LOCK.windowMs - LOGIN_LOCK.lockMs)
        throw await failed(
          user?.id ?? null,
          (await isLocked(userName)) ? MSG.ACCOUNT_LOCKED : MSG.BAD_CREDENTIALS,
        )
      }
      if (user.status !== '0')
        throw await failed(
          user.id,
          user.lock_reason ? `账号已被锁定：${user.lock_reason}` : MSG.ACCOUNT_DISABLED,
        )

      const result = await deps.db.transaction().execute(async (trx) => {
        const tx = authRepo(trx)
        await tx.clearFailures(userName)
        const session = await openSession(tx, user, now, client)
        await deps.loginLog?.(trx, {
          userId: user.id,
          userName: user.user_name,
          ...client,
          ok: true,
          msg: '登录成功',
        })
        return session
      })
      for (const listener of loginListeners) await listener(user.id)
      return result
    },

    /** A login code to the phone when an account is bound to it; the same answer otherwise. */
    async loginSmsSend(phone: string, ip: string): Promise<{ sentTo: string; resendIn: number }> {
      if (!deps.sendLoginCode) throw badRequest('暂不支持验证码登录')
      const user = await repo.findUserByPhone(phone)
      if (!user) return { sentTo: `${phone.slice(0, 3)}****${phone.slice(7)}`, resendIn: 60 }
      return deps.sendLoginCode(phone, ip)
    },

    /** Login by SMS code: the code is checked and used up, then as a password login (lock, log). */
    async loginSms(body: LoginSmsBody, client: ClientInfo): Promise<LoginResult> {
      if (!deps.verifyLoginCode) throw badRequest('暂不支持验证码登录')
      const user = await repo.findUserByPhone(body.phone)
      const failed = async (userId: number | null, msg: string) => {
        await deps.loginLog?.(null, {
          userId,
          userName: user?.user_name ?? body.phone,
          ...client,
          ok: false,
          msg,
        })
        return badRequest(msg)
      }
      try {
        // no account: verify(null) refuses like an expired code, so the answer does not tell
        await deps.verifyLoginCode(user ? body.phone : null, body.smsCode)
      } catch (err) {
        throw await failed(user?.id ?? null, err instanceof Error ? err.message : '验证码错误')
      }
      if (!user) throw await failed(null, '验证码已失效，请重新获取')
      if (user.status !== '0')
        throw await failed(
          user.id,
          user.lock_reason ? `账号已被锁定：${user.lock_reason}` : MSG.ACCOUNT_DISABLED,
        )
      const now = deps.now()
      const result = await deps.db.transaction().execute(async (trx) => {
        const session = await openSession(authRepo(trx), user, now, client)
        await deps.loginLog?.(trx, {
          userId: user.id,
          userName: user.user_name,
          ...client,
          ok: true,
          msg: '验证码登录成功',
        })
        return session
      })
      for (const listener of loginListeners) await listener(user.id)
      return result
    },

    /** Creates the account: its id (the register route logs the new user in with sessionFor). */
    async register(body: RegisterBody): Promise<number> {
      if ((await deps.system.configValue(PUBLIC_CONFIG_KEYS.registerUser)) !== 'true') {
        throw badRequest('当前系统没有开启注册功能')
      }
      await checkCaptcha(body.code, body.uuid)
      const userName = body.username.trim()
      const nameProblem = usernameProblem(userName)
      if (nameProblem) throw badRequest(nameProblem)
      const password = await decryptPassword(body.password)
      if (password !== (await decryptPassword(body.confirmPassword))) throw badRequest('确认密码与密码不一致')
      const strengthProblem = passwordProblem(password)
      if (strengthProblem) throw badRequest(strengthProblem)

      const taken = badRequest('用户名已被注册')
      if (await repo.findUserByName(userName)) throw taken
      if (body.agreed !== true) throw badRequest('请阅读并勾选同意用户协议、买家协议、卖家协议和隐私政策')
      const phone = body.phone?.trim() ?? ''
      if (phone) {
        if (!deps.verifyRegisterCode) throw badRequest('暂不支持手机号注册')
        if (await repo.findUserByPhone(phone)) throw badRequest('该手机号已绑定其他账号')
        await deps.verifyRegisterCode(phone, body.smsCode ?? '')
      }
      const now = deps.now()
      const passwordHash = await hashPassword(password)
      try {
        return await deps.db.transaction().execute(async (trx) => {
          const tx = authRepo(trx)
          const userId = await tx.insertUser({
            user_name: userName,
            nick_name: body.nickName?.trim() || userName,
            password_hash: passwordHash,
            avatar: '',
            phone,
            email: '',
            user_code: newUserCode(),
            status: '0',
            created_at: now,
            updated_at: now,
            last_login_at: null,
          })
          await tx.addRole(userId, ROLE_COMMON)
          return userId
        })
      } catch (err) {
        throw isUniqueViolation(err) ? taken : err
      }
    },

    /**
     * Re-checks the login password of a signed-in user before a sensitive change (the payment
     * password). Wrong tries count toward the same lockout as logins, so a session cannot be used to
     * guess the login password.
     */
    async confirmPassword(userId: number, cipherText: string, ip: string): Promise<void> {
      const user = await repo.findUserById(userId)
      if (!user) throw unauthorized()
      if (await isLocked(user.user_name)) throw badRequest(MSG.ACCOUNT_LOCKED)
      const plain = await deps.cipher.decrypt(cipherText)
      if (plain === null || !(await verifyPassword(plain, user.password_hash))) {
        const now = deps.now()
        await repo.addFailure(user.user_name, ip, now, now - LOGIN_LOCK.windowMs - LOGIN_LOCK.lockMs)
        throw badRequest((await isLocked(user.user_name)) ? MSG.ACCOUNT_LOCKED : '登录密码不正确')
      }
      await repo.clearFailures(user.user_name)
    },

    /**
     * A session for a user who proved who they are another way (a scan of the WeChat official
     * account by the bound identity): the same token and answer as a password login. Disabled
     * accounts are refused like at login.
     */
    async sessionFor(userId: number, client: ClientInfo): Promise<LoginResult> {
      const user = await repo.findUserById(userId)
      if (!user) throw unauthorized()
      if (user.status !== '0') throw badRequest(MSG.ACCOUNT_DISABLED)
      const now = deps.now()
      return deps.db.transaction().execute((trx) => openSession(authRepo(trx), user, now, client))
    },

    /** Runs after every successful login (e.g. a login cancels a pending cancellation). */
    onLogin(listener: (userId: number) => Promise<void>) {
      loginListeners.push(listener)
    },

    /** The user rows other modules change through here (the account module: passwords, phone, profile). */
    users: {
      byId: (userId: number) => repo.findUserById(userId),
      byName: (userName: string) => repo.findUserByName(userName),
      byPhone: (phone: string) => repo.findUserByPhone(phone),
      update: (userId: number, patch: Parameters<ReturnType<typeof authRepo>['updateUser']>[1]) =>
        repo.updateUser(userId, patch, deps.now()),
      /**
       * Hashes and sets a new login password the user chose (a change or a reset by SMS): a password
       * staff reset no longer has to be changed (must_change_password cleared).
       */
      async setPassword(userId: number, password: string) {
        await repo.updateUser(
          userId,
          { password_hash: await hashPassword(password), must_change_password: 0 },
          deps.now(),
        )
      },
      verifyPassword: async (userId: number, password: string) => {
        const user = await repo.findUserById(userId)
        return user ? verifyPassword(password, user.password_hash) : false
      },
      sessions: (userId: number) => repo.tokensOf(userId, deps.now()),
      /** ends every session of the user but `keepHash` (null: all) */
      endSessions: (userId: number, keepHash: string | null) => repo.deleteTokensOfUser(userId, keepHash),
    },

    async logout(token: string | null) {
      if (token) await repo.deleteToken(sha256(token))
    },

    /** Ends one session by its token hash (login devices). */
    logoutHash: (tokenHash: string) => repo.deleteToken(tokenHash),

    async authenticate(token: string): Promise<Session> {
      const tokenHash = sha256(token)
      const row = await repo.findToken(tokenHash)
      if (!row || row.status !== '0') throw unauthorized()
      if (row.expires_at <= deps.now()) {
        await repo.deleteToken(tokenHash)
        throw sessionEnded()
      }
      return {
        userId: row.user_id,
        tokenHash,
        ...(Number(row.must_change_password) === 1 ? { mustChangePassword: true } : {}),
      }
    },

    /** Whether the session of a token hash is still alive (tickets and open event streams ask). */
    async sessionAlive(tokenHash: string): Promise<boolean> {
      const row = await repo.findToken(tokenHash)
      return row !== undefined && row.status === '0' && row.expires_at > deps.now()
    },

    /** The id of a user by name (any letter case), or null. */
    async userIdByName(userName: string): Promise<number | null> {
      return (await repo.findUserByName(userName))?.id ?? null
    },

    roleKeys: (userId: number) => repo.roleKeys(userId),

    /**
     * Whether a user holds a permission string: the admin role and `*:*:*` hold every one; a console
     * permission counts only with console:index:view (grants.ts).
     */
    hasPermission: (userId: number, permission: string): Promise<boolean> =>
      holds(deps.db, userId, permission),

    /** Whether a user is staff (holds the admin role): other modules take their staff checks from here. */
    isStaff: async (userId: number) => (await repo.roleKeys(userId)).includes(ROLE_ADMIN),

    /** Display names (nick name, else user name) of users, for authors shown to others. */
    async publicNames(userIds: number[]): Promise<Map<number, string>> {
      const rows = await repo.namesOf(userIds)
      return new Map(rows.map((r) => [r.id, r.nick_name || r.user_name]))
    },

    /** Sets the user's avatar (an image URL of this site, e.g. an AI drawing's thumbnail). */
    setAvatar: (userId: number, avatar: string) => repo.setAvatar(userId, avatar, deps.now()),

    /** Every staff member's user id (e.g. to notify them of a disputed order's messages). */
    staffIds: () => repo.userIdsWithRole(ROLE_ADMIN),

    async info(userId: number): Promise<GetInfoResult> {
      const user = await repo.findUserById(userId)
      if (!user) throw unauthorized()
      const roles = await repo.roleKeys(userId)
      return {
        user: {
          userId: user.id,
          userName: user.user_name,
          nickName: user.nick_name,
          code: user.user_code,
          avatar: user.avatar,
          phone: user.phone,
          email: user.email,
          createdAt: user.created_at,
          lastLoginAt: user.last_login_at,
        },
        roles,
        permissions: roles.includes(ROLE_ADMIN)
          ? [ALL_PERMISSION]
          : effectivePermissions(await repo.permissions(userId)),
        ...(Number(user.must_change_password) === 1 ? { mustChangePassword: true } : {}),
      }
    },
  }
}

export type AuthService = ReturnType<typeof authService>
