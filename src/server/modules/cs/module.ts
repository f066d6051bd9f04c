/**
 * Customer service (docs/customer-service.md): 在线客服 conversations and the 客服工作台, the older
 * leave-a-message form, and the staff records of /platform/customServiceVerify (docs/platform-pages.md).
 * Listed after the modules whose data it reads (orders, disputes, wallets, real names).
 */
import { PERMS } from '../../../shared/permissions'
import { defineModule } from '../../module'
import { notFound } from '../../http/errors'
import { csConversationRoutes } from './conversation-routes'
import { csConversations, type CsConversationService } from './conversations'
import { csRoutes } from './routes'
import { csService } from './service'
import { csTodayFigures, csTools } from './tools'
import { csVerifyRepo } from './verify-repo'
import { csVerifyService } from './verify-service'

declare module '../../module' {
  interface Services {
    csConversations: CsConversationService
  }
}

/** How often the automatic assignment sweeps the queue (it also runs on enqueue and going online). */
export const CS_ASSIGN_EVERY_MS = 5_000

export const csModule = defineModule({
  name: 'cs',
  needs: ['system', 'auth', 'account', 'funds', 'trade', 'goods', 'warrant'],
  provides: ['csConversations'],
  register(
    { db, now, bus, jobs, metrics, settings, routes },
    { system, auth, account, funds, trade, goods, warrant },
  ) {
    const verifyRepo = csVerifyRepo(db)
    const conversations = csConversations({
      db,
      now,
      bus,
      configValue: (key) => system.configValue(key),
      nickName: async (userId) => (await auth.publicNames([userId])).get(userId) ?? '',
      isSupervisor: (userId) => auth.hasPermission(userId, PERMS.csSupervise),
      async attachment(userId, body) {
        const party = (o: { buyer_id: number; seller_id: number } | undefined) =>
          !!o && (Number(o.buyer_id) === userId || Number(o.seller_id) === userId)
        if (body.orderNo !== undefined) {
          const o = await trade.orderForRuling(body.orderNo)
          if (!o || !party(o)) throw notFound('订单不存在')
          return {
            kind: 'order',
            orderNo: o.order_no,
            goodsId: Number(o.goods_id),
            disputeId: null,
            title: o.title,
          }
        }
        if (body.goodsId !== undefined) {
          const title = (await goods.titles([body.goodsId])).get(body.goodsId)
          if (title === undefined) throw notFound('商品不存在')
          return { kind: 'goods', orderNo: null, goodsId: body.goodsId, disputeId: null, title }
        }
        if (body.disputeId !== undefined) {
          const d = await db
            .selectFrom('disputes')
            .select('order_no')
            .where('id', '=', body.disputeId)
            .executeTakeFirst()
          const o = d ? await trade.orderForRuling(d.order_no) : undefined
          if (!o || !party(o)) throw notFound('纠纷不存在')
          return {
            kind: 'dispute',
            orderNo: o.order_no,
            goodsId: Number(o.goods_id),
            disputeId: body.disputeId,
            title: o.title,
          }
        }
        return null
      },
      async registerStaffNo(staffNo, staffName) {
        if (await verifyRepo.findContact('STAFF_NO', staffNo)) return
        const at = now()
        await verifyRepo.insertContact({
          channel: 'STAFF_NO',
          value: staffNo,
          staff_name: staffName,
          remark: '在线客服工号（自动登记）',
          status: 'ACTIVE',
          retired_at: null,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
      },
      async renameStaffNo(staffNo, staffName) {
        const c = await verifyRepo.findContact('STAFF_NO', staffNo)
        if (c) await verifyRepo.updateContact(Number(c.id), { staff_name: staffName, updated_at: now() })
      },
    })
    const tools = csTools({
      db,
      now,
      conversations,
      wallet: (userId) => funds.wallet(userId),
      realName: (userId) => account.realNameView(userId),
      order: (orderNo) => trade.orderForRuling(orderNo),
      disputed: (orderNo) => warrant.disputed(orderNo),
    })
    // the escrow room shows an agent's staff post with their name and 工号
    warrant.staffBadges.plug({ badge: conversations.agent.badge, badges: conversations.agent.badges })

    jobs.schedule('cs.assign', settings.csAssignMs ?? CS_ASSIGN_EVERY_MS, () => conversations.autoAssign())

    let kept: { at: number; value: Awaited<ReturnType<typeof csTodayFigures>> } | null = null
    const figures = async () => {
      if (!kept || Date.now() - kept.at > 5_000)
        kept = { at: Date.now(), value: await csTodayFigures(db, now()) }
      return kept.value
    }
    metrics.gauge(
      'cs_waiting',
      'In-site customer-service conversations waiting for an agent.',
      [],
      async () => [{ labels: {}, value: (await figures()).waiting }],
    )
    metrics.gauge(
      'cs_first_response_median_seconds',
      "Today's (China day) median seconds to the first agent message.",
      [],
      async () => {
        const v = (await figures()).firstResponseMedianSeconds
        return v === null ? [] : [{ labels: {}, value: v }]
      },
    )

    routes(csRoutes, { cs: csService(db, now), verify: csVerifyService(db, now), now })
    routes(csConversationRoutes, { conversations, tools, now })
    return { csConversations: conversations }
  },
})
