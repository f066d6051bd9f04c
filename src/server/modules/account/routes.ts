import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { ACCOUNT, ACCOUNT_STAFF } from '../../../shared/api/account'
import { route, uid } from '../../http/route'
import { sessionOf } from '../../plugins/auth'
import { rateLimit } from '../../plugins/rate-limit'
import type { SmsService } from '../sms/service'
import type { AccountService } from './service'

const MINUTE = 60_000

export const accountRoutes: FastifyPluginAsync<{
  account: AccountService
  sms: SmsService
  now: () => number
}> = async (app, { account, sms, now }) => {
  const limit = (max: number) => ({ onRequest: rateLimit({ max, windowMs: MINUTE, now }) })
  const session = sessionOf

  // one-time codes
  route(app, ACCOUNT.sendCode, { ...limit(10), message: '验证码已发送' }, (r) =>
    account.sendUserCode(uid(r), r.body.purpose, r.body.phone, r.ip),
  )
  route(app, ACCOUNT.sendRegisterCode, { ...limit(10), message: '验证码已发送' }, async (r) => {
    if (await account.phoneTaken(r.body.phone)) throw account.phoneTakenError()
    return sms.send(r.body.phone, 'REGISTER', r.ip)
  })

  // login password
  route(app, ACCOUNT.changePassword, { ...limit(10), message: '登录密码已修改' }, (r) =>
    account.changePassword(session(r), r.body, r.ip),
  )
  route(app, ACCOUNT.forgetSend, { ...limit(10), message: '如该账号已绑定手机，验证码已发送' }, (r) =>
    account.forgetSend(r.body.username, r.ip),
  )
  route(app, ACCOUNT.forgetReset, { ...limit(20), message: '密码已重置，请使用新密码登录' }, (r) =>
    account.forgetReset(r.body, r.ip),
  )

  // phone
  route(app, ACCOUNT.phoneVerifyOld, limit(20), (r) => account.phoneVerifyOld(uid(r), r.body))
  route(app, ACCOUNT.phoneBind, { ...limit(20), message: '手机号已更换' }, (r) =>
    account.phoneBind(uid(r), r.body, r.ip),
  )

  // real name
  route(app, ACCOUNT.realName, (r) => account.realNameView(uid(r)))
  route(app, ACCOUNT.verifyRealName, { ...limit(10), message: '实名认证成功' }, (r) =>
    account.verifyRealName(uid(r), r.body, r.ip),
  )
  route(app, ACCOUNT.requestRealNameReview, { ...limit(10), message: '已提交人工审核' }, (r) =>
    account.requestReview(uid(r), r.body),
  )
  route(app, ACCOUNT_STAFF.realNameReviews, (r) => account.reviews(r.query))
  route(app, ACCOUNT_STAFF.decideRealNameReview, { message: '审核完成' }, (r) =>
    account.decideReview(actorOf(r), r.body),
  )

  // payment password
  route(app, ACCOUNT.resetPayPassword, { ...limit(10), message: '支付密码已重置' }, (r) =>
    account.resetPayPassword(uid(r), r.body, r.ip),
  )

  // profile
  route(app, ACCOUNT.profile, (r) => account.profile(uid(r)))
  route(app, ACCOUNT.updateProfile, { message: '个人资料已保存' }, (r) =>
    account.updateProfile(uid(r), r.body),
  )
  route(app, ACCOUNT.updateAvatar, { ...limit(20), message: '头像已更新' }, (r) =>
    account.updateAvatar(uid(r), r.body.imageId),
  )
  route(app, ACCOUNT.sendEmailCode, { ...limit(10), message: '验证码已发送' }, (r) =>
    account.sendEmailCode(uid(r), r.body.email, r.ip),
  )
  route(app, ACCOUNT.bindEmail, { ...limit(20), message: '邮箱已绑定' }, (r) =>
    account.bindEmail(uid(r), r.body.email, r.body.code, r.ip),
  )

  // settings hub
  route(app, ACCOUNT.security, (r) => account.security(uid(r)))
  route(app, ACCOUNT.sessions, (r) => account.sessions(session(r)))
  route(app, ACCOUNT.endSession, { message: '该设备已下线' }, (r) =>
    account.endSession(session(r), r.body.sessionId, r.ip),
  )
  route(app, ACCOUNT.securityLog, (r) => account.securityLog(uid(r), r.query))

  // cancellation
  route(app, ACCOUNT.writeoff, (r) => account.writeoffStatus(uid(r)))
  route(app, ACCOUNT.requestWriteoff, { ...limit(10), message: '注销申请已提交' }, (r) =>
    account.requestWriteoff(uid(r), r.body.smsCode, r.ip),
  )
  route(app, ACCOUNT.cancelWriteoff, { message: '已撤销注销申请' }, (r) =>
    account.cancelWriteoff(uid(r), r.ip),
  )
}
