/**
 * Staff: 订单管理 (docs/console.md): staff search every order and read one — amounts, its timeline,
 * its ledger rows (through the funds service), the delivery masked (which fields were handed over,
 * never a value), its disputes and room (through the warrant service) — and keep staff notes on it.
 * Nothing here changes an order; a note and its operation-log row are written in one transaction.
 * The timeline is the trade module's one builder (timeline.ts), with the room's posts as lines.
 */
import type {
  Dispute,
  StaffOrder,
  StaffOrderDetail,
  StaffOrderLedger,
  StaffOrderNote,
  StaffOrderQuery,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { notFound } from '../../http/errors'
import type { GameService } from '../game/service'
import { record, type Actor } from '../oplog/service'
import { orderStaffRepo, type StaffOrderRow } from './staff-repo'
import { orderTimeline } from './timeline'

export interface OrderStaffDeps {
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

export function orderStaffService(deps: OrderStaffDeps) {
  const { db, now } = deps
  const repo = orderStaffRepo(db)

  async function mustFind(orderNo: string) {
    const o = await repo.order(orderNo)
    if (!o) throw notFound('订单不存在')
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
      const timeline = orderTimeline({
        order: o,
        events,
        disputes: warrant.disputes,
        posts: warrant.posts,
      })
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
        const id = await orderStaffRepo(trx).addNote(o.order_no, actor.userId, text, at)
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

export type OrderStaffService = ReturnType<typeof orderStaffService>
