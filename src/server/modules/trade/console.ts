/**
 * Console 订单管理 (docs/console.md): staff search every order and read one — amounts, its timeline,
 * its ledger rows (through the funds service), the delivery masked (which fields were handed over,
 * never a value), its disputes and room (through the warrant service) — and keep staff notes on it.
 * Nothing here changes an order; a note and its operation-log row are written in one transaction.
 *
 * There is no table of state changes: the timeline is put together from the order's own timestamps
 * (each state it reached), its order_events (deliveries, corrections), its disputes and its room.
 */
import {
  Code,
  RULING_DECISION_LABELS,
  type Dispute,
  type OrderTimelineItem,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffOrderLedger,
  type StaffOrderNote,
  type StaffOrderQuery,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { ApiError } from '../../plugins/envelope'
import { yuan } from '../funds/numbers'
import type { GameService } from '../game/service'
import { record, type Actor } from '../oplog/service'
import { orderConsoleRepo, type StaffOrderRow } from './console-repo'

export interface OrderConsoleDeps {
  db: Db
  games: Pick<GameService, 'transferConfig'>
  /** the order's ledger rows: the funds module's */
  orderLedger: (orderNo: string) => Promise<StaffOrderLedger[]>
  /** the order's disputes and room posts: the warrant module's */
  warrantView: (orderNo: string) => Promise<{
    disputes: Dispute[]
    posts: Array<{
      senderRole: string
      senderName: string
      content: string
      images: number
      createdAt: number
    }>
  }>
  now: () => number
}

const MASK = '******'
const ROLE_LABELS: Record<string, string> = { buyer: '买家', seller: '卖家', staff: '客服', system: '系统' }
const EVENT_LABELS: Record<string, string> = {
  DELIVERED: '卖家交付',
  DELIVERY_CORRECTED: '卖家修改交付信息',
  AUTO_DELIVERED: '平台自动交付',
}

const n = (v: number | null) => (v === null ? null : Number(v))

function toStaffOrder(o: StaffOrderRow): StaffOrder {
  return {
    orderNo: o.order_no,
    title: o.title,
    gameId: o.game_id,
    gameName: o.game_name,
    goodsType: o.goods_type,
    amount: Number(o.amount),
    status: o.status,
    buyerId: o.buyer_id,
    buyerName: o.buyer_name,
    sellerId: o.seller_id,
    sellerName: o.seller_name,
    createdAt: Number(o.created_at),
    paidAt: n(o.paid_at),
    notes: Number(o.note_count ?? 0),
  }
}

/** The states an order reached, from its timestamps. */
function stateLines(o: StaffOrderRow): OrderTimelineItem[] {
  const lines: Array<[number | null, string, string]> = [
    [o.created_at, '买家下单', `${o.quantity} 件，金额 ${yuan(Number(o.amount))}`],
    [o.paid_at, '买家支付', `${yuan(Number(o.amount))} 由平台担保`],
    [o.delivery_started_at, '卖家开始交付', ''],
    [o.delivered_at, '交付完成，待买家确认', ''],
    [o.completed_at, '确认收货', `保护期 ${o.protection_days} 天`],
    [o.settled_at, '货款结算', ''],
    [o.cancelled_at, '订单取消', ''],
    [o.refunded_at, '退款完成', ''],
  ]
  return lines
    .filter(([at]) => at !== null)
    .map(([at, title, detail]) => ({ at: Number(at), kind: 'STATE' as const, title, detail }))
}

export function orderConsoleService(deps: OrderConsoleDeps) {
  const { db, now } = deps
  const repo = orderConsoleRepo(db)

  async function mustFind(orderNo: string) {
    const o = await repo.order(orderNo)
    if (!o) throw new ApiError(Code.NOT_FOUND, '订单不存在')
    return o
  }

  const toNote = (r: Awaited<ReturnType<typeof repo.notes>>[number]): StaffOrderNote => ({
    noteId: Number(r.id),
    staffId: r.staff_id,
    staffName: r.user_name,
    content: r.content,
    createdAt: Number(r.created_at),
  })

  /** Field labels of the hand-over, values masked; the game's transfer config names the keys. */
  async function maskedDelivery(o: StaffOrderRow) {
    if (!o.credentials_enc && o.delivered_at === null) return null
    const keys = o.credentials_enc ? Object.keys(JSON.parse(o.credentials_enc) as Record<string, string>) : []
    const fields = keys.length > 0 ? (await deps.games.transferConfig(o.game_id)).fields : []
    return {
      autoDelivered: o.auto_delivered === 1,
      corrections: Number(o.delivery_corrections),
      deliveredAt: n(o.delivered_at),
      fields: keys.map((k) => ({ label: fields.find((f) => f.key === k)?.label ?? k, value: MASK })),
      views: await repo.credentialViews(o.order_no),
    }
  }

  return {
    async list(q: StaffOrderQuery): Promise<Page<StaffOrder>> {
      const page = await repo.page(q)
      return { total: Number(page.total), rows: page.rows.map(toStaffOrder) }
    },

    async detail(orderNo: string): Promise<StaffOrderDetail> {
      const o = await mustFind(orderNo)
      const [events, ledger, warrant, notes, delivery] = await Promise.all([
        repo.events(orderNo),
        deps.orderLedger(orderNo),
        deps.warrantView(orderNo),
        repo.notes(orderNo),
        maskedDelivery(o),
      ])
      const timeline: OrderTimelineItem[] = [
        ...stateLines(o),
        ...events.map((e) => ({
          at: Number(e.created_at),
          kind: 'EVENT' as const,
          title: EVENT_LABELS[e.kind] ?? e.kind,
          detail: e.detail,
        })),
        ...warrant.disputes.flatMap((d) => [
          {
            at: d.openedAt,
            kind: 'DISPUTE' as const,
            title: `${d.openedBy ? ROLE_LABELS[d.openedBy] : ''}发起纠纷`,
            detail: d.reason,
          },
          ...(d.ruling
            ? [
                {
                  at: d.ruling.ruledAt,
                  kind: 'DISPUTE' as const,
                  title: `平台裁决：${RULING_DECISION_LABELS[d.ruling.decision]}`,
                  detail: `退回买家 ${yuan(d.ruling.refundAmount)}，结算卖家 ${yuan(d.ruling.settleAmount)}；${d.ruling.reason}`,
                },
              ]
            : []),
        ]),
        ...warrant.posts.map((p) => ({
          at: p.createdAt,
          kind: 'MESSAGE' as const,
          title: `担保群 · ${ROLE_LABELS[p.senderRole] ?? ''}${p.senderName ? ` ${p.senderName}` : ''}`,
          detail: p.content + (p.images > 0 ? ` [图片 ${p.images} 张]` : ''),
        })),
      ]
      // oldest first; at the same instant the state line comes before what it caused
      const order = { STATE: 0, EVENT: 1, DISPUTE: 2, MESSAGE: 3 }
      timeline.sort((a, b) => a.at - b.at || order[a.kind] - order[b.kind])
      return {
        ...toStaffOrder(o),
        goodsId: o.goods_id,
        unitPrice: Number(o.unit_price),
        quantity: o.quantity,
        escrowAmount: Number(o.escrow_amount),
        protectionDays: o.protection_days,
        disputeReason: o.dispute_reason,
        timeline,
        ledger,
        delivery,
        dispute: warrant.disputes.at(-1) ?? null,
        noteList: notes.map(toNote),
      }
    },

    async notes(orderNo: string): Promise<StaffOrderNote[]> {
      await mustFind(orderNo)
      return (await repo.notes(orderNo)).map(toNote)
    },

    /** A staff note and its operation-log row, in one transaction. */
    async addNote(actor: Actor, orderNo: string, content: string): Promise<StaffOrderNote> {
      const o = await mustFind(orderNo)
      const text = content.trim()
      const at = now()
      const noteId = await db.transaction().execute(async (trx) => {
        const id = await orderConsoleRepo(trx).addNote(o.order_no, actor.userId, text, at)
        await record(trx, {
          actor,
          module: 'trade',
          action: 'order-note',
          target: o.order_no,
          after: { noteId: id, status: o.status },
          detail: text,
          at,
        })
        return id
      })
      const note = (await repo.notes(orderNo)).find((r) => Number(r.id) === noteId)
      return toNote(note!)
    },
  }
}

export type OrderConsoleService = ReturnType<typeof orderConsoleService>
