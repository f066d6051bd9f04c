/**
 * Real names (docs/account-security.md): the name and mainland ID number are checked locally first
 * (format, region, birth date, GB 11643 checksum — shared/rules/id-card.ts), so a bad number never
 * reaches the provider; then the two-factor check of the provider. The verified identity is stored
 * encrypted (AES-256-GCM, like delivery credentials) and only shown masked. One verified identity
 * per account: changing it, or a case the provider cannot answer, goes to staff (manual review).
 * Trading (withdrawals, listings going on sale) needs a verified adult.
 */
import type { RealNameReview, RealNameReviewQuery, RealNameView } from '../../../shared/api/account'
import { idCardInfo, idCardProblem } from '../../../shared/rules/id-card'
import { maskIdNumber, maskRealName } from '../../../shared/rules/real-name'
import type { Page } from '../../db/paging'
import { badRequest, notFound, realNameRequired, tooMany, underAge } from '../../http/errors'
import type { FieldCipher } from '../delivery/crypto'
import type { MessageService } from '../message/service'
import type { Db } from '../../db'
import { record, type Actor } from '../oplog/service'
import { accountRepo, type AccountRepo } from './repo'
import type { IdVerifier } from './realname-provider'
import type { SecurityAction } from './service'

/** Provider checks a user may start per China day (each costs money and guesses identities). */
export const REAL_NAME_DAILY_TRIES = 5

const DAY = 24 * 60 * 60_000
const CHINA_OFFSET = 8 * 60 * 60_000

/** Whether someone born on `birthDate` (YYYY-MM-DD) is 18 or older at `at` (China date). */
export function isAdult(birthDate: string, at: number): boolean {
  const today = new Date(at + CHINA_OFFSET).toISOString().slice(0, 10)
  const [y, m, d] = birthDate.split('-').map(Number)
  const adultOn = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  return adultOn <= today
}

export function realNameService(deps: {
  db: Db
  repo: AccountRepo
  fieldCipher: FieldCipher
  idVerifier: IdVerifier | null
  messages: MessageService
  secured: (userId: number, action: SecurityAction, detail: string, ip: string) => Promise<void>
  now: () => number
}) {
  const { repo, now } = deps
  const tries = new Map<number, { day: number; count: number }>()
  const seal = (userId: number) => ({
    name: (v: string) => deps.fieldCipher.encrypt(v, `realname:${userId}:name`),
    id: (v: string) => deps.fieldCipher.encrypt(v, `realname:${userId}:id`),
  })
  const open = (userId: number, row: { name_enc: string; id_no_enc: string }) => ({
    name: deps.fieldCipher.decrypt(row.name_enc, `realname:${userId}:name`),
    idNumber: deps.fieldCipher.decrypt(row.id_no_enc, `realname:${userId}:id`),
  })

  /** The trimmed name and upper-case number after the local checks (never sent anywhere when bad). */
  function locallyChecked(realName: string, idNumber: string) {
    const name = realName.trim().replace(/\s+/g, '')
    if (!/^[\u4e00-\u9fa5·]{2,20}$/.test(name)) throw badRequest('真实姓名须为 2-20 个汉字')
    const id = idNumber.trim().toUpperCase()
    const problem = idCardProblem(id, new Date(now()))
    if (problem) throw badRequest(problem)
    return { name, id, birthDate: idCardInfo(id, new Date(now()))!.birthDate }
  }

  function countTry(userId: number) {
    const day = Math.floor((now() + CHINA_OFFSET) / DAY)
    const entry = tries.get(userId)
    const count = entry && entry.day === day ? entry.count + 1 : 1
    if (count > REAL_NAME_DAILY_TRIES) throw tooMany('今日实名认证次数已达上限，请明天再试或提交人工审核')
    tries.set(userId, { day, count })
  }

  async function realNameView(userId: number): Promise<RealNameView> {
    const [row, latest] = await Promise.all([repo.realName(userId), repo.latestReviewOf(userId)])
    const pending = latest?.status === 'PENDING' ? latest : null
    return {
      status: row ? 'VERIFIED' : 'NONE',
      name: row?.name_masked ?? '',
      idNumber: row?.id_masked ?? '',
      verifiedAt: row ? Number(row.verified_at) : null,
      adult: row ? isAdult(row.birth_date, now()) : false,
      pendingReview: pending ? { reviewId: pending.id, createdAt: Number(pending.created_at) } : null,
      rejectedRemark: latest?.status === 'REJECTED' ? latest.remark || '未通过审核' : null,
    }
  }

  async function store(
    userId: number,
    c: { name: string; id: string; birthDate: string },
    source: string,
    into: AccountRepo = repo,
  ) {
    const s = seal(userId)
    await into.upsertRealName({
      user_id: userId,
      name_enc: s.name(c.name),
      id_no_enc: s.id(c.id),
      name_masked: maskRealName(c.name),
      id_masked: maskIdNumber(c.id),
      birth_date: c.birthDate,
      source,
      verified_at: now(),
    })
  }

  return {
    realNameView,

    async verifyRealName(userId: number, body: { realName: string; idNumber: string }, ip: string) {
      if (await repo.realName(userId)) throw badRequest('您已完成实名认证；如需变更实名信息，请提交人工审核')
      if (await repo.pendingReviewOf(userId)) throw badRequest('您的实名信息正在人工审核中，请耐心等待')
      const checked = locallyChecked(body.realName, body.idNumber)
      if (!deps.idVerifier) throw badRequest('实名认证服务暂不可用，请提交人工审核')
      countTry(userId)
      const answer = await deps.idVerifier.check(checked.name, checked.id)
      if (answer === 'MISMATCH') throw badRequest('姓名与身份证号不一致，请核对后重试')
      if (answer === 'UNAVAILABLE') throw badRequest('暂时无法核验您的身份信息，请稍后重试或提交人工审核')
      await store(userId, checked, 'PROVIDER')
      await deps.secured(userId, 'REAL_NAME', `您已完成实名认证（${maskRealName(checked.name)}）`, ip)
      return realNameView(userId)
    },

    async requestReview(userId: number, body: { realName: string; idNumber: string; reason: string }) {
      if (await repo.pendingReviewOf(userId)) throw badRequest('您已有一条实名审核申请在处理中')
      const checked = locallyChecked(body.realName, body.idNumber)
      const s = seal(userId)
      await repo.insertReview({
        user_id: userId,
        name_enc: s.name(checked.name),
        id_no_enc: s.id(checked.id),
        name_masked: maskRealName(checked.name),
        id_masked: maskIdNumber(checked.id),
        birth_date: checked.birthDate,
        reason: body.reason.trim(),
        status: 'PENDING',
        remark: '',
        created_at: now(),
        decided_at: null,
        decided_by: null,
      })
      return realNameView(userId)
    },

    /** Staff: the manual reviews, identities in full (staff compare them with the documents). */
    async reviews(q: RealNameReviewQuery): Promise<Page<RealNameReview>> {
      const { rows, total } = await repo.reviewPage(q.status, q.pageNum ?? 1, q.pageSize ?? 20)
      return {
        total,
        rows: rows.map((r) => {
          const plain = open(r.user_id, r)
          return {
            reviewId: r.id,
            userId: r.user_id,
            userName: r.user_name,
            name: plain.name,
            idNumber: plain.idNumber,
            birthDate: r.birth_date,
            reason: r.reason,
            status: r.status as RealNameReview['status'],
            remark: r.remark,
            createdAt: Number(r.created_at),
            decidedAt: r.decided_at === null ? null : Number(r.decided_at),
          }
        }),
      }
    },

    /**
     * Staff decide a manual review; approving replaces the account's identity. The decision, the
     * new identity and the operation-log row (modules/oplog) are one transaction.
     */
    async decideReview(actor: Actor, body: { reviewId: number; approve: boolean; remark?: string }) {
      const review = await repo.review(body.reviewId)
      if (!review) throw notFound('审核申请不存在')
      const remark = body.remark?.trim() ?? ''
      if (!body.approve && !remark) throw badRequest('驳回时请填写原因')
      const status = body.approve ? 'APPROVED' : 'REJECTED'
      const at = now()
      await deps.db.transaction().execute(async (trx) => {
        const tx = accountRepo(trx)
        if (!(await tx.decideReview(review.id, status, remark, actor.userId, at)))
          throw badRequest('该申请已处理')
        if (body.approve) {
          const plain = open(review.user_id, review)
          await store(
            review.user_id,
            { name: plain.name, id: plain.idNumber, birthDate: review.birth_date },
            'MANUAL',
            tx,
          )
        }
        await record(trx, {
          actor,
          module: 'user',
          action: body.approve ? 'realNameApprove' : 'realNameReject',
          target: review.id,
          before: { status: 'PENDING' },
          after: { status, userId: review.user_id, name: review.name_masked },
          detail: remark,
          at,
        })
      })
      if (body.approve) {
        await deps.secured(
          review.user_id,
          'REAL_NAME_REVIEW',
          `您的实名信息已通过人工审核（${review.name_masked}）`,
          actor.ip,
        )
      } else {
        await deps.messages.create(review.user_id, {
          title: '实名审核未通过',
          content: `您提交的实名审核未通过：${remark}。请核对后重新提交。`,
          messageType: 'SYSTEM',
        })
      }
    },

    /** The verified identity must match (phone lost, payment-password reset). */
    async confirmIdentity(userId: number, realName: string, idNumber: string) {
      const row = await repo.realName(userId)
      if (!row) throw realNameRequired('该操作')
      countTry(userId)
      const plain = open(userId, row)
      const name = realName.trim().replace(/\s+/g, '')
      if (plain.name !== name || plain.idNumber !== idNumber.trim().toUpperCase())
        throw badRequest('实名信息与您认证的不一致')
    },

    isVerified: async (userId: number) => (await repo.realName(userId)) !== undefined,

    /** Whether `name` is the user's verified real name (a withdrawal's payee name must be it). */
    async isVerifiedName(userId: number, name: string): Promise<boolean> {
      const row = await repo.realName(userId)
      return row !== undefined && open(userId, row).name === name.trim().replace(/\s+/g, '')
    },

    /** Trading gate: a verified adult (withdrawals, a listing going on sale); `what` names the action. */
    async requireTradingIdentity(userId: number, what: string) {
      const row = await repo.realName(userId)
      if (!row) throw realNameRequired(what)
      if (!isAdult(row.birth_date, now())) throw underAge()
    },
  }
}
