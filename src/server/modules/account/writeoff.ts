/**
 * Account cancellation (docs/account-security.md): allowed when the user has no open orders, no
 * disputes, no listings on sale and no money (available or frozen); confirmed by an SMS code to the
 * bound phone. Then 15 days of cooling-off in which any login cancels the request (every session ends
 * at the request, so using the account again means logging in). After it the sweeper erases or
 * anonymises the personal data; ledger rows and orders stay for the record, and the users row stays
 * (renamed nothing: the user name is never reused).
 */
import { randomBytes } from 'node:crypto'
import type { WriteoffCondition, WriteoffStatus } from '../../../shared/api/account'
import { badRequest } from '../../http/errors'
import type { AuthService } from '../auth/service'
import type { SmsService } from '../sms/service'
import type { AccountRepo } from './repo'
import type { SecurityAction } from './service'
import { formatYuan } from '../../../shared/money'

export const WRITEOFF_COOLING_MS = 15 * 24 * 60 * 60_000
/** users.status of a cancelled account (login refused like a disabled one) */
export const STATUS_CANCELLED = '2'
export const CANCELLED_NICK = '已注销用户'

export interface WriteoffDeps {
  /** the conditions, read through the modules that own them */
  writeoffFacts: {
    orders(userId: number): Promise<{ open: number; disputed: number }>
    listingsOnSale(userId: number): Promise<number>
    wallet(userId: number): Promise<{ available: number; frozen: number }>
  }
}

const yuan = formatYuan

export function writeoffService(
  deps: WriteoffDeps & {
    repo: AccountRepo
    auth: AuthService
    sms: SmsService
    secured: (userId: number, action: SecurityAction, detail: string, ip: string) => Promise<void>
    userOf: (userId: number) => Promise<{ phone: string }>
    now: () => number
  },
) {
  const { repo, auth, now } = deps

  async function conditions(userId: number): Promise<WriteoffCondition[]> {
    const facts = deps.writeoffFacts
    const [orders, listings, wallet] = await Promise.all([
      facts.orders(userId),
      facts.listingsOnSale(userId),
      facts.wallet(userId),
    ])
    const money = wallet.available + wallet.frozen
    return [
      {
        key: 'orders',
        label: '没有进行中的订单',
        ok: orders.open === 0,
        detail: orders.open === 0 ? '无进行中的订单' : `有 ${orders.open} 笔订单未完成`,
      },
      {
        key: 'disputes',
        label: '没有进行中的纠纷',
        ok: orders.disputed === 0,
        detail: orders.disputed === 0 ? '无纠纷' : `有 ${orders.disputed} 笔订单在仲裁中`,
      },
      {
        key: 'listings',
        label: '没有在售的商品',
        ok: listings === 0,
        detail: listings === 0 ? '无在售商品' : `有 ${listings} 件商品在售，请先下架`,
      },
      {
        key: 'funds',
        label: '账户余额和冻结资金为零',
        ok: money === 0,
        detail:
          money === 0 ? '余额为零' : `可用 ${yuan(wallet.available)}，冻结 ${yuan(wallet.frozen)}，请先提现`,
      },
    ]
  }

  async function status(userId: number): Promise<WriteoffStatus> {
    const [list, pending, user] = await Promise.all([
      conditions(userId),
      repo.pendingWriteoff(userId),
      deps.userOf(userId),
    ])
    return {
      conditions: list,
      allMet: list.every((c) => c.ok),
      hasPhone: user.phone !== '',
      request: pending
        ? { status: 'PENDING', requestedAt: Number(pending.requested_at), dueAt: Number(pending.due_at) }
        : null,
    }
  }

  /** Erases or anonymises one user's personal data (the users row and its name stay). */
  async function erase(userId: number) {
    await auth.users.update(userId, {
      nick_name: CANCELLED_NICK,
      avatar: '',
      phone: '',
      email: '',
      password_hash: `cancelled$${randomBytes(16).toString('hex')}`,
      status: STATUS_CANCELLED,
    })
    await auth.users.endSessions(userId, null)
    await repo.deleteRealName(userId)
    await repo.deleteReviewsOf(userId)
    await repo.deleteProfile(userId)
  }

  // a login during the cooling-off cancels the request
  auth.onLogin(async (userId) => {
    if (await repo.endWriteoff(userId, 'CANCELLED', now()))
      await deps.secured(userId, 'WRITEOFF_CANCEL', '您在冷静期内登录，账号注销申请已自动撤销', '')
  })

  return {
    writeoffStatus: status,

    async requestWriteoff(userId: number, smsCode: string, ip: string): Promise<WriteoffStatus> {
      if (await repo.pendingWriteoff(userId)) throw badRequest('您已提交注销申请，正在冷静期中')
      const list = await conditions(userId)
      const unmet = list.find((c) => !c.ok)
      if (unmet) throw badRequest(`暂不能注销：${unmet.detail}`)
      const user = await deps.userOf(userId)
      if (!user.phone) throw badRequest('请先绑定手机号')
      await deps.sms.verify(user.phone, 'WRITEOFF', smsCode)
      const at = now()
      await repo.insertWriteoff(userId, at, at + WRITEOFF_COOLING_MS)
      await deps.secured(userId, 'WRITEOFF', '您已申请注销账号，15 天冷静期内登录将自动撤销申请', ip)
      const answer = await status(userId)
      // every session ends: using the account again means logging in, which cancels the request
      await auth.users.endSessions(userId, null)
      return answer
    },

    async cancelWriteoff(userId: number, ip: string) {
      if (!(await repo.endWriteoff(userId, 'CANCELLED', now()))) throw badRequest('没有待处理的注销申请')
      await deps.secured(userId, 'WRITEOFF_CANCEL', '您已撤销账号注销申请', ip)
    },

    /** The sweeper: requests past their cooling-off are carried out (one failure is logged, skipped). */
    async sweepWriteoffs(): Promise<number> {
      let done = 0
      for (const { user_id } of await repo.dueWriteoffs(now(), 100)) {
        try {
          if (!(await repo.endWriteoff(user_id, 'DONE', now()))) continue
          await erase(user_id)
          done++
        } catch (err) {
          console.error(`[account] cancellation of user ${user_id} failed`, err)
        }
      }
      return done
    },
  }
}
