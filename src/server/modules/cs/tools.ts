/**
 * The 客服工作台's tools besides the conversation itself (docs/customer-service.md): canned replies
 * per team, the side panel (who the user is and what they have with us — read-only look-ups of
 * other modules' data, like the console dashboard), the supervisor's live figures, and the staff read
 * of a disputed order's parties' conversations. Reads of a user's data are written to the operation log.
 */
import {
  CS_LIMITS,
  type CsAttachment,
  type CsCannedBody,
  type CsCannedReply,
  type CsDisputeConversations,
  type CsFigures,
  type CsTeam,
  type CsUserContext,
} from '../../../shared/api/cs'
import type { RealNameView, Wallet } from '../../../shared/api'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { csConversationRepo } from './conversation-repo'
import type { CsConversationService } from './conversations'
import { toCsMessage } from './conversations'
import { chinaToday } from './hours'

export interface CsToolsDeps {
  db: Db
  now: () => number
  conversations: CsConversationService
  wallet: (userId: number) => Promise<Pick<Wallet, 'available' | 'frozen'>>
  realName: (userId: number) => Promise<Pick<RealNameView, 'status' | 'name'>>
  /** the order a dispute read starts from, and whether it was disputed */
  order: (orderNo: string) => Promise<{ buyer_id: number; seller_id: number } | undefined>
  disputed: (orderNo: string) => Promise<boolean>
}

const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p ? '****' : null)

export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2)
}

const percentile = (values: number[], p: number): number | null => {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

/** seconds from when waiting counted to the first agent message */
const firstResponse = (r: { wait_from: number; first_response_at: number | null }) =>
  r.first_response_at === null
    ? null
    : Math.max(0, Math.round((Number(r.first_response_at) - Number(r.wait_from)) / 1000))

/** Today's waiting count and first-response median: the dashboard and /metrics read these. */
export async function csTodayFigures(db: Db, now: number) {
  const today = chinaToday(now)
  const [waiting, answered] = await Promise.all([
    db
      .selectFrom('cs_conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'WAITING')
      .executeTakeFirst(),
    db
      .selectFrom('cs_conversations')
      .select(['wait_from', 'first_response_at'])
      .where('first_response_at', '>=', today)
      .execute(),
  ])
  const seconds = answered.map(firstResponse).filter((v): v is number => v !== null)
  return { waiting: Number(waiting?.n ?? 0), firstResponseMedianSeconds: median(seconds) }
}

function toCanned(r: {
  id: number
  team: string
  title: string
  content: string
  sort: number
  updated_at: number
}): CsCannedReply {
  return {
    cannedId: Number(r.id),
    team: r.team as CsTeam,
    title: r.title,
    content: r.content,
    sort: Number(r.sort),
    updatedAt: Number(r.updated_at),
  }
}

export function csTools(deps: CsToolsDeps) {
  const { db, now } = deps
  const repo = csConversationRepo(db)

  async function cannedRow(id: number) {
    const r = await db.selectFrom('cs_canned_replies').selectAll().where('id', '=', id).executeTakeFirst()
    if (!r) throw notFound('快捷回复不存在')
    return r
  }

  return {
    async canned(agentId: number, team?: CsTeam): Promise<CsCannedReply[]> {
      const t = team ?? ((await deps.conversations.agent.me(agentId)).team as CsTeam)
      const rows = await db
        .selectFrom('cs_canned_replies')
        .selectAll()
        .where('team', '=', t)
        .orderBy('sort')
        .orderBy('id')
        .execute()
      return rows.map(toCanned)
    },

    async cannedAdd(actor: Actor, body: CsCannedBody): Promise<CsCannedReply> {
      const count = await db
        .selectFrom('cs_canned_replies')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('team', '=', body.team)
        .executeTakeFirst()
      if (Number(count?.n ?? 0) >= CS_LIMITS.canned.perTeam)
        throw badRequest(`每个小组最多 ${CS_LIMITS.canned.perTeam} 条快捷回复`)
      const at = now()
      const id = await db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('cs_canned_replies')
          .values({
            team: body.team,
            title: body.title.trim(),
            content: body.content.trim(),
            sort: body.sort ?? 0,
            created_by: actor.userId,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await record(trx, {
          actor,
          module: 'cs',
          action: 'cs-canned-add',
          target: Number(r.id),
          after: body,
          detail: `新增快捷回复「${body.title.trim()}」`,
          at,
        })
        return Number(r.id)
      })
      return toCanned(await cannedRow(id))
    },

    async cannedEdit(actor: Actor, body: CsCannedBody & { cannedId: number }): Promise<CsCannedReply> {
      const before = await cannedRow(body.cannedId)
      const at = now()
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('cs_canned_replies')
          .set({
            team: body.team,
            title: body.title.trim(),
            content: body.content.trim(),
            sort: body.sort ?? 0,
            updated_at: at,
          })
          .where('id', '=', body.cannedId)
          .execute()
        await record(trx, {
          actor,
          module: 'cs',
          action: 'cs-canned-edit',
          target: body.cannedId,
          before: toCanned(before),
          after: body,
          detail: `修改快捷回复「${body.title.trim()}」`,
          at,
        })
      })
      return toCanned(await cannedRow(body.cannedId))
    },

    async cannedRemove(actor: Actor, cannedId: number): Promise<void> {
      const before = await cannedRow(cannedId)
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('cs_canned_replies').where('id', '=', cannedId).execute()
        await record(trx, {
          actor,
          module: 'cs',
          action: 'cs-canned-remove',
          target: cannedId,
          before: toCanned(before),
          detail: `删除快捷回复「${before.title}」`,
          at: now(),
        })
      })
    },

    /** the side panel of a conversation the agent may see (the read is logged) */
    async context(actor: Actor, conversationId: number): Promise<CsUserContext> {
      const c = await deps.conversations.agent.conversation(actor.userId, conversationId)
      const userId = c.userId
      const user = await db
        .selectFrom('users')
        .select(['user_name', 'nick_name', 'phone', 'status', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!user) throw notFound('用户不存在')
      const [wallet, realName, orders, disputes, past] = await Promise.all([
        deps.wallet(userId),
        deps.realName(userId),
        db
          .selectFrom('orders')
          .select(['order_no', 'goods_id', 'title', 'amount', 'status', 'buyer_id', 'created_at'])
          .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
          .orderBy('id', 'desc')
          .limit(10)
          .execute(),
        db
          .selectFrom('disputes as d')
          .innerJoin('orders as o', 'o.order_no', 'd.order_no')
          .select(['d.id', 'd.order_no', 'o.title', 'd.opened_at', 'd.reason'])
          .where('d.status', '=', 'OPEN')
          .where((eb) => eb.or([eb('o.buyer_id', '=', userId), eb('o.seller_id', '=', userId)]))
          .orderBy('d.id', 'desc')
          .limit(10)
          .execute(),
        db
          .selectFrom('cs_conversations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('id', '<>', conversationId)
          .executeTakeFirst(),
      ])
      await record(db, {
        actor,
        module: 'cs',
        action: 'cs-context-read',
        target: conversationId,
        detail: `查看用户 ${user.user_name} 的资料（在线客服侧栏）`,
        at: now(),
      })
      return {
        userId,
        userName: user.user_name,
        nickName: user.nick_name,
        phone: maskPhone(user.phone),
        registeredAt: Number(user.created_at),
        locked: user.status === '1',
        realName: {
          verified: realName.status === 'VERIFIED',
          status: realName.status,
          maskedName: realName.status === 'VERIFIED' ? realName.name : null,
        },
        balance: Number(wallet.available),
        frozen: Number(wallet.frozen),
        recentOrders: orders.map((o) => ({
          orderNo: o.order_no,
          goodsId: Number(o.goods_id),
          goodsTitle: o.title,
          amount: Number(o.amount),
          status: o.status,
          role: Number(o.buyer_id) === userId ? ('buyer' as const) : ('seller' as const),
          createdAt: Number(o.created_at),
        })),
        openDisputes: disputes.map((d) => ({
          disputeId: Number(d.id),
          orderNo: d.order_no,
          goodsTitle: d.title,
          openedAt: Number(d.opened_at),
          reason: d.reason,
        })),
        attachment: c.attachment,
        pastConversations: Number(past?.n ?? 0),
      }
    },

    async figures(): Promise<CsFigures> {
      const at = now()
      const today = chinaToday(at)
      const [waiting, active, todayRows, agents] = await Promise.all([
        repo.waiting(),
        repo.active(null),
        db.selectFrom('cs_conversations').selectAll().where('created_at', '>=', today).execute(),
        deps.conversations.agent.agents(),
      ])
      const answeredToday = await db
        .selectFrom('cs_conversations')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('first_response_at', '>=', today),
            eb('ended_at', '>=', today),
            eb('rated_at', '>=', today),
          ]),
        )
        .execute()
      const responses = answeredToday
        .filter((r) => r.first_response_at !== null && Number(r.first_response_at) >= today)
        .map((r) => ({ agent: Number(r.agent_id), s: firstResponse(r)! }))
      const rated = answeredToday.filter((r) => r.rating_score !== null && Number(r.rated_at) >= today)
      const ended = answeredToday.filter((r) => r.ended_at !== null && Number(r.ended_at) >= today)
      const avg = (xs: number[]) =>
        xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : null
      const distribution: [number, number, number, number, number] = [0, 0, 0, 0, 0]
      for (const r of rated) distribution[Number(r.rating_score) - 1]! += 1
      return {
        waiting: waiting.length,
        active: active.length,
        longestWaitSeconds: waiting.length
          ? Math.max(0, Math.round((at - Math.min(...waiting.map((w) => Number(w.wait_from)))) / 1000))
          : 0,
        onlineAgents: agents.filter((a) => a.available).length,
        today: {
          opened: todayRows.length,
          ended: ended.length,
          firstResponseMedianSeconds: median(responses.map((r) => r.s)),
          firstResponseP90Seconds: percentile(
            responses.map((r) => r.s),
            90,
          ),
          ratingAverage: avg(rated.map((r) => Number(r.rating_score))),
          ratingCount: rated.length,
          ratingDistribution: distribution,
        },
        agents: agents.map((a) => {
          const mine = rated.filter((r) => Number(r.agent_id) === a.userId).map((r) => Number(r.rating_score))
          return {
            ...a,
            handledToday: ended.filter((r) => Number(r.agent_id) === a.userId).length,
            firstResponseMedianSeconds: median(responses.filter((r) => r.agent === a.userId).map((r) => r.s)),
            ratingAverage: avg(mine),
            ratingCount: mine.length,
          }
        }),
      }
    },

    /**
     * Staff (纠纷仲裁): the buyer's and the seller's customer-service conversations (newest 10 each,
     * with their messages) of a disputed order; the read is written to the operation log.
     */
    async disputeConversations(actor: Actor, orderNo: string): Promise<CsDisputeConversations> {
      const o = await deps.order(orderNo)
      if (!o) throw notFound('订单不存在')
      if (!(await deps.disputed(orderNo))) throw badRequest('只有发生纠纷的订单可以查看客服记录')
      const of = async (userId: number) => {
        const rows = await db
          .selectFrom('cs_conversations')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(10)
          .execute()
        const out = []
        for (const r of rows) {
          const conversation = await deps.conversations.agent.conversationAsStaff(Number(r.id))
          const messages = (await repo.messagesAfter(Number(r.id), 0, 500)).map(toCsMessage)
          out.push({ conversation, messages })
        }
        return out
      }
      const buyer = await of(Number(o.buyer_id))
      const seller = await of(Number(o.seller_id))
      await record(db, {
        actor,
        module: 'cs',
        action: 'cs-dispute-read',
        target: orderNo,
        after: { buyer: buyer.length, seller: seller.length },
        detail: '查看纠纷双方的在线客服记录',
        at: now(),
      })
      return { buyer, seller }
    },
  }
}

export type CsTools = ReturnType<typeof csTools>
export type { CsAttachment }
