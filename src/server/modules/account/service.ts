/**
 * Account and identity (docs/account-security.md): login password change and reset, phone
 * rebinding, payment-password reset, profile, the settings hub (security level, login devices) and
 * the security log. Every change of a password, phone or real name writes a security-log row and an
 * in-site message to the user (`secured`). Real names are in realname.ts, cancellation in writeoff.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import type {
  LoginSession,
  PhoneBindBody,
  PhoneVerifyOldBody,
  ResetPayPasswordBody,
  SecurityLogEntry,
  SecuritySummary,
  SmsSentResult,
  UpdateProfileBody,
  UserProfileView,
} from '../../../shared/api/account'
import { passwordProblem } from '../../../shared/rules/account'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound, unauthorized } from '../../http/errors'
import type { Session } from '../../plugins/auth'
import type { AuthService } from '../auth/service'
import type { PasswordCipher } from '../auth/rsa'
import type { FieldCipher } from '../delivery/crypto'
import type { MessageService } from '../message/service'
import { maskPhone, type SmsService } from '../sms/service'
import { accountRepo } from './repo'
import { realNameService } from './realname'
import type { IdVerifier } from './realname-provider'
import { socket } from '../../plug'
import { writeoffService, type WriteoffDeps } from './writeoff'

type WriteoffFacts = WriteoffDeps['writeoffFacts']
/** the payment password, kept by the funds module */
export interface PayPasswordPort {
  has(userId: number): Promise<boolean>
  reset(userId: number, cipherText: string): Promise<void>
}

export const SECURITY_ACTIONS = {
  LOGIN_PASSWORD: '修改登录密码',
  LOGIN_PASSWORD_RESET: '找回登录密码',
  PHONE: '更换绑定手机',
  PAY_PASSWORD_RESET: '找回支付密码',
  REAL_NAME: '实名认证',
  REAL_NAME_REVIEW: '实名人工审核',
  EMAIL: '绑定邮箱',
  SESSION_END: '下线登录设备',
  WRITEOFF: '申请注销账号',
  WRITEOFF_CANCEL: '撤销注销申请',
} as const
export type SecurityAction = keyof typeof SECURITY_ACTIONS

/** How long the proof of a rebinding's first step works. */
export const TICKET_TTL_MS = 10 * 60_000

export interface AccountDeps {
  db: Db
  auth: AuthService
  sms: SmsService
  /** RSA: passwords arrive encrypted like at login */
  cipher: PasswordCipher
  /** AES-GCM at rest for real names (delivery/crypto.ts) */
  fieldCipher: FieldCipher
  idVerifier: IdVerifier | null
  messages: MessageService
  /** an uploaded image of the user cropped square (image module); answers its URL */
  squareAvatar?: (userId: number, imageId: string) => Promise<string>
  now: () => number
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** The handle of a session shown to its owner: a prefix of its token hash (never the token). */
const sessionIdOf = (tokenHash: string) => tokenHash.slice(0, 16)

export function accountService(deps: AccountDeps) {
  const { auth, sms, now } = deps
  const repo = accountRepo(deps.db)

  /** The security-log row and the in-site message of a change (never fails the change itself). */
  async function secured(userId: number, action: SecurityAction, detail: string, ip: string) {
    await repo.addLog({ userId, action, detail, ip, at: now() })
    try {
      await deps.messages.create(userId, {
        title: `账号安全提醒：${SECURITY_ACTIONS[action]}`,
        content: `${detail}。如非本人操作，请立即修改登录密码并联系客服。`,
        messageType: 'SYSTEM',
      })
    } catch (err) {
      console.error('[account] security message not sent', err)
    }
  }

  async function decrypt(cipherText: string, what: string): Promise<string> {
    const plain = await deps.cipher.decrypt(cipherText)
    if (plain === null) throw badRequest(`${what}解密失败，请刷新页面后重试`)
    return plain
  }

  async function userOf(userId: number) {
    const user = await auth.users.byId(userId)
    if (!user) throw unauthorized()
    return user
  }

  const realNames = realNameService({ ...deps, repo, secured })
  // read through modules built after this one (they need its real-name gate): they plug in (plug.ts)
  const plugs = {
    payPassword: socket<PayPasswordPort>('account: the payment password (funds module)'),
    openOrders: socket<WriteoffFacts['orders']>('account: open orders (trade module)'),
    listingsOnSale: socket<WriteoffFacts['listingsOnSale']>('account: listings on sale (goods module)'),
    wallet: socket<WriteoffFacts['wallet']>('account: the wallet (funds module)'),
  }
  const writeoffFacts: WriteoffFacts = {
    orders: (userId) => plugs.openOrders.get()(userId),
    listingsOnSale: (userId) => plugs.listingsOnSale.get()(userId),
    wallet: (userId) => plugs.wallet.get()(userId),
  }
  const writeoff = writeoffService({ ...deps, writeoffFacts, repo, secured, userOf })

  return {
    /** where the funds, trade and goods modules plug in what this one reads */
    plugs,
    secured,
    ...realNames,
    ...writeoff,

    /** Whether a number is bound to some account (registration refuses it). */
    phoneTaken: async (phone: string) => (await auth.users.byPhone(phone)) !== undefined,
    phoneTakenError: () => badRequest('该手机号已绑定其他账号'),

    // ---------------------------------------------------------------- codes to the caller's phone
    async sendUserCode(
      userId: number,
      purpose: 'PHONE_OLD' | 'PHONE_NEW' | 'PAY_RESET' | 'WRITEOFF',
      phone: string | undefined,
      ip: string,
    ): Promise<SmsSentResult> {
      const user = await userOf(userId)
      if (purpose === 'PHONE_NEW') {
        if (!phone) throw badRequest('请输入新手机号')
        if (phone === user.phone) throw badRequest('新手机号不能与当前绑定的手机号相同')
        const other = await auth.users.byPhone(phone)
        if (other && other.id !== userId) throw badRequest('该手机号已绑定其他账号')
        return sms.send(phone, purpose, ip)
      }
      if (!user.phone) throw badRequest('您还没有绑定手机号，请先绑定手机')
      return sms.send(user.phone, purpose, ip)
    },

    // ---------------------------------------------------------------- login password
    /** Changes the login password (old one checked with the login lockout); every other session ends. */
    async changePassword(session: Session, body: { oldPassword: string; newPassword: string }, ip: string) {
      await auth.confirmPassword(session.userId, body.oldPassword, ip)
      const next = await decrypt(body.newPassword, '新密码')
      const problem = passwordProblem(next)
      if (problem) throw badRequest(problem)
      if (await auth.users.verifyPassword(session.userId, next)) throw badRequest('新密码不能与原密码相同')
      await auth.users.setPassword(session.userId, next)
      const ended = await auth.users.endSessions(session.userId, session.tokenHash)
      await secured(
        session.userId,
        'LOGIN_PASSWORD',
        `您的登录密码已修改，其他 ${ended} 个登录设备已下线`,
        ip,
      )
    },

    /** 忘记密码, step 1: a code to the bound phone; the same answer for an unknown name or no phone. */
    async forgetSend(username: string, ip: string): Promise<SmsSentResult> {
      const user = await auth.users.byName(username.trim())
      if (!user || !user.phone || user.status !== '0') return { sentTo: '', resendIn: 60 }
      return sms.send(user.phone, 'RESET_LOGIN', ip)
    },

    /** 忘记密码, step 2: the code, then the new password; every session of the user ends. */
    async forgetReset(body: { username: string; smsCode: string; password: string }, ip: string) {
      const user = await auth.users.byName(body.username.trim())
      const usable = user && user.status === '0' && user.phone ? user : null
      await sms.verify(usable?.phone ?? null, 'RESET_LOGIN', body.smsCode)
      const next = await decrypt(body.password, '新密码')
      const problem = passwordProblem(next)
      if (problem) throw badRequest(problem)
      await auth.users.setPassword(usable!.id, next)
      await auth.users.endSessions(usable!.id, null)
      await secured(
        usable!.id,
        'LOGIN_PASSWORD_RESET',
        '您通过短信验证码重置了登录密码，所有登录设备已下线',
        ip,
      )
    },

    // ---------------------------------------------------------------- phone
    /** Rebinding, step 1: the old phone's code, or (phone lost) the verified real name. */
    async phoneVerifyOld(userId: number, body: PhoneVerifyOldBody): Promise<{ ticket: string }> {
      const user = await userOf(userId)
      if (!user.phone) throw badRequest('您还没有绑定手机号，可直接绑定新手机')
      if (body.smsCode) await sms.verify(user.phone, 'PHONE_OLD', body.smsCode)
      else if (body.realName && body.idNumber)
        await realNames.confirmIdentity(userId, body.realName, body.idNumber)
      else throw badRequest('请输入原手机收到的验证码，或填写实名信息')
      const ticket = randomBytes(24).toString('base64url')
      await repo.insertTicket(sha256(ticket), userId, 'PHONE', now() + TICKET_TTL_MS)
      return { ticket }
    },

    /** Rebinding, step 2: the new phone's code (and step 1's ticket when a phone was bound). */
    async phoneBind(userId: number, body: PhoneBindBody, ip: string) {
      const user = await userOf(userId)
      if (user.phone) {
        if (!body.ticket || !(await repo.useTicket(sha256(body.ticket), userId, 'PHONE', now())))
          throw badRequest('身份验证已过期，请重新验证原手机')
      }
      if (body.phone === user.phone) throw badRequest('新手机号不能与当前绑定的手机号相同')
      const other = await auth.users.byPhone(body.phone)
      if (other && other.id !== userId) throw badRequest('该手机号已绑定其他账号')
      await sms.verify(body.phone, 'PHONE_NEW', body.smsCode)
      await auth.users.update(userId, { phone: body.phone })
      await secured(
        userId,
        'PHONE',
        user.phone
          ? `您的绑定手机已由 ${maskPhone(user.phone)} 更换为 ${maskPhone(body.phone)}`
          : `您已绑定手机 ${maskPhone(body.phone)}`,
        ip,
      )
    },

    // ---------------------------------------------------------------- payment password
    /** 找回支付密码: the bound phone's code plus the verified real name, then the new PIN. */
    async resetPayPassword(userId: number, body: ResetPayPasswordBody, ip: string) {
      const user = await userOf(userId)
      await realNames.confirmIdentity(userId, body.realName, body.idNumber)
      await sms.verify(user.phone || null, 'PAY_RESET', body.smsCode)
      await plugs.payPassword.get().reset(userId, body.payPassword)
      await secured(userId, 'PAY_PASSWORD_RESET', '您通过短信验证码和实名信息重置了支付密码', ip)
    },

    // ---------------------------------------------------------------- profile
    async profile(userId: number): Promise<UserProfileView> {
      const [user, profile] = await Promise.all([userOf(userId), repo.profile(userId)])
      return {
        userName: user.user_name,
        nickName: user.nick_name,
        avatar: user.avatar,
        gender: profile?.gender ?? '2',
        qq: profile?.qq ?? '',
        email: user.email,
        emailVerified: profile?.email_verified === 1,
        signature: profile?.signature ?? '',
      }
    },

    async updateProfile(userId: number, body: UpdateProfileBody) {
      const nickName = body.nickName.trim()
      if (!nickName) throw badRequest('昵称不能为空')
      await auth.users.update(userId, { nick_name: nickName })
      await repo.saveProfile(userId, {
        gender: body.gender,
        qq: body.qq?.trim() ?? '',
        signature: body.signature?.trim() ?? '',
      })
    },

    async updateAvatar(userId: number, imageId: string): Promise<{ avatar: string }> {
      if (!deps.squareAvatar) throw badRequest('暂不支持上传头像')
      const avatar = await deps.squareAvatar(userId, imageId)
      await auth.users.update(userId, { avatar })
      return { avatar }
    },

    async sendEmailCode(userId: number, email: string, ip: string): Promise<SmsSentResult> {
      await userOf(userId)
      return sms.send(email.trim().toLowerCase(), 'EMAIL', ip)
    },

    async bindEmail(userId: number, email: string, code: string, ip: string) {
      const address = email.trim().toLowerCase()
      await sms.verify(address, 'EMAIL', code)
      await auth.users.update(userId, { email: address })
      await repo.saveProfile(userId, { email_verified: 1 })
      await secured(userId, 'EMAIL', `您已绑定邮箱 ${maskPhone(address)}`, ip)
    },

    // ---------------------------------------------------------------- settings hub
    async security(userId: number): Promise<SecuritySummary> {
      const [user, profile, realName, hasPay, pending] = await Promise.all([
        userOf(userId),
        repo.profile(userId),
        realNames.realNameView(userId),
        plugs.payPassword.get().has(userId),
        repo.pendingWriteoff(userId),
      ])
      const emailVerified = profile?.email_verified === 1 && user.email !== ''
      // the login password is always set; each of these raises the level
      const points = [user.phone !== '', realName.status === 'VERIFIED', hasPay, emailVerified].filter(
        Boolean,
      ).length
      const level = points >= 4 ? 3 : points >= 2 ? 2 : 1
      return {
        level,
        levelLabel: ['低', '中', '高'][level - 1],
        phone: maskPhone(user.phone),
        email: user.email ? maskPhone(user.email) : '',
        emailVerified,
        realName,
        hasPayPassword: hasPay,
        writeoffDueAt: pending ? Number(pending.due_at) : null,
      }
    },

    async sessions(session: Session): Promise<LoginSession[]> {
      const rows = await auth.users.sessions(session.userId)
      return rows.map((r) => ({
        sessionId: sessionIdOf(r.token_hash),
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
        ip: r.ip,
        userAgent: r.user_agent,
        current: r.token_hash === session.tokenHash,
      }))
    },

    /** Ends one of the caller's sessions (404 for a handle that is not theirs). */
    async endSession(session: Session, sessionId: string, ip: string) {
      const rows = await auth.users.sessions(session.userId)
      const row = rows.find((r) => sessionIdOf(r.token_hash) === sessionId)
      if (!row) throw notFound('该登录设备已下线')
      if (row.token_hash === session.tokenHash) throw badRequest('当前设备请使用“退出登录”')
      await auth.logoutHash(row.token_hash)
      await repo.addLog({
        userId: session.userId,
        action: 'SESSION_END',
        detail: `下线了 ${row.ip} 的登录设备`,
        ip,
        at: now(),
      })
    },

    async securityLog(
      userId: number,
      q: { pageNum?: number; pageSize?: number },
    ): Promise<Page<SecurityLogEntry>> {
      const { rows, total } = await repo.logPage(userId, q.pageNum ?? 1, q.pageSize ?? 20)
      return {
        total,
        rows: rows.map((r) => ({
          logId: r.id,
          action: r.action,
          actionLabel: SECURITY_ACTIONS[r.action as SecurityAction] ?? r.action,
          detail: r.detail,
          ip: r.ip,
          createdAt: Number(r.created_at),
        })),
      }
    },
  }
}

export type AccountService = ReturnType<typeof accountService>
