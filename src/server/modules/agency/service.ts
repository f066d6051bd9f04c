/**
 * Long because one application's whole life (owner and staff transitions, each with its timeline row,
 * message and op-log row) shares one set of guards; settlement and parameters are in their own files.
 *
 * 代售 (agency sale, docs/agency-sale.md). An owner (a verified adult) applies with the account's
 * listing data, screenshots and credentials (sealed per field at rest); staff take it (验号中), record
 * the game's 验号 checklist, and publish it as a 官方代售 listing at a price that respects the owner's
 * floor (已上架), or reject it with a reason (已驳回); the owner may withdraw it until it is sold
 * (已撤回; a listed one is taken down). A sold listing is delivered automatically at payment when the
 * credentials are complete, else by staff; the buyer's confirmation settles it at once: the owner
 * gets price − commission and the platform's commission account the commission, both as ledger rows
 * in the settlement's transaction (已售出; settlement.ts, parameters in config.ts). Every transition
 * writes a timeline row and an in-site message; every staff action its operation-log row in the same
 * transaction.
 */
import {
  AGENCY_EVENT_LABELS,
  AGENCY_LIMITS,
  AGENCY_STATUS_LABELS,
  type AgencyApplication,
  type AgencyApplyBody,
  type AgencyCheck,
  type AgencyEventKind,
  type AgencyListQuery,
  type AgencyMyQuery,
  type AgencyStatus,
  type Attributes,
  type Game,
  type StaffAgencyApplication,
  type TransferField,
} from '../../../shared/api'
import {
  isCompleteTransfer,
  normaliseTransferValue,
  transferValueProblem,
} from '../../../shared/rules/transfer'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound, tooMany } from '../../http/errors'
import type { ExportsService } from '../common/exports'
import type { FieldCipher } from '../delivery/crypto'
import type { DeliveryService } from '../delivery/service'
import type { FundsService } from '../funds/service'
import { yuan } from '../funds/numbers'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import type { ImageService } from '../image/service'
import type { MessageService } from '../message/service'
import { record, type Actor } from '../oplog/service'
import type { TradeService } from '../trade/service'
import { agencyConfig } from './config'
import { agencyRepo, type ApplicationRow } from './repo'
import { agencySettlement } from './settlement'

export { commissionOf } from './config'
export { REVENUE_USER } from './settlement'

const DAY = 24 * 60 * 60 * 1000

const stateError = (row: { status: string }) =>
  badRequest(`代售申请当前状态为「${AGENCY_STATUS_LABELS[row.status as AgencyStatus]}」，不能进行此操作`)

/**
 * The credentials an owner hands in: each value checked by its field's kind like a delivery; fields
 * left empty are allowed (staff complete them at delivery; only complete ones deliver automatically).
 */
function credentialValues(
  fields: TransferField[],
  input: Record<string, string>,
): { values: Record<string, string> } | { problem: string } {
  const values: Record<string, string> = {}
  for (const [key, raw] of Object.entries(input)) {
    const field = fields.find((f) => f.key === key)
    if (!field) return { problem: `未知的账号信息：${key}` }
    const value = normaliseTransferValue(field, raw)
    if (value === '') continue
    const problem = transferValueProblem(field, value)
    if (problem) return { problem }
    values[key] = value
  }
  if (Object.keys(values).length === 0) return { problem: '请填写账号信息' }
  return { values }
}

export interface AgencyDeps {
  db: Db
  games: GameService
  goods: GoodsService
  delivery: DeliveryService
  images: ImageService
  messages: MessageService
  funds: Pick<FundsService, 'move'>
  /** staff deliver its orders through the trade service (docs/agency-sale.md) */
  trade: TradeService
  cipher: FieldCipher
  /** the account module's gate: a verified adult */
  requireRealName: (userId: number, what: string) => Promise<void>
  exports?: ExportsService
  now: () => number
}

export function agencyService(deps: AgencyDeps) {
  const { db, games, goods, delivery, images, messages, cipher, now } = deps
  const repo = agencyRepo(db)
  const context = (id: number, key: string) => `agency:${id}:${key}`

  function openCredentials(row: ApplicationRow): Record<string, string> {
    const sealed = JSON.parse(row.credentials_enc) as Record<string, string>
    return Object.fromEntries(
      Object.entries(sealed).map(([k, v]) => [k, cipher.decrypt(v, context(row.id, k))]),
    )
  }

  async function notify(userId: number, title: string, content: string) {
    try {
      await messages.create(userId, { title, content, messageType: 'SYSTEM' })
    } catch (err) {
      console.error('[agency] message not written', err)
    }
  }

  const config = agencyConfig(db)
  const { checklistOf, percentOf } = config
  const settlement = agencySettlement({
    db,
    funds: deps.funds,
    exports: deps.exports,
    percentOf,
    notify,
  })

  async function present(rows: ApplicationRow[]): Promise<AgencyApplication[]> {
    const ids = rows.map((r) => r.id)
    const [events, names] = await Promise.all([
      repo.events(ids),
      repo.gameNames([...new Set(rows.map((r) => r.game_id))]),
    ])
    return Promise.all(
      rows.map(async (row) => {
        const fields = (await games.transferConfig(row.game_id)).fields
        const keys = Object.keys(JSON.parse(row.credentials_enc) as Record<string, string>)
        return {
          applicationId: row.id,
          gameId: row.game_id,
          gameName: names.get(row.game_id) ?? '',
          platform: row.platform,
          areaId: row.area_id,
          serverId: row.server_id,
          title: row.title,
          description: row.description,
          attributes: JSON.parse(row.attrs) as Attributes,
          images: await images.byIds(JSON.parse(row.image_ids) as string[]),
          askingPrice: Number(row.asking_price),
          negotiable: row.negotiable === 1,
          floorPrice: row.floor_price === null ? null : Number(row.floor_price),
          status: row.status as AgencyStatus,
          rejectReason: row.reject_reason,
          listedPrice: row.listed_price === null ? null : Number(row.listed_price),
          goodsId: row.goods_id,
          credentialFields: fields.filter((f) => keys.includes(f.key)).map((f) => f.label),
          timeline: events
            .filter((e) => e.application_id === row.id)
            .map((e) => ({
              kind: e.kind as AgencyEventKind,
              label: AGENCY_EVENT_LABELS[e.kind as AgencyEventKind] ?? e.kind,
              detail: e.detail,
              createdAt: Number(e.created_at),
            })),
          createdAt: Number(row.created_at),
          updatedAt: Number(row.updated_at),
        }
      }),
    )
  }

  async function staffPresent(rows: ApplicationRow[]): Promise<StaffAgencyApplication[]> {
    const [views, users] = await Promise.all([present(rows), repo.userNames(rows.map((r) => r.user_id))])
    return Promise.all(
      rows.map(async (row, i) => {
        const order = row.goods_id === null ? undefined : await repo.orderOfGoods(row.goods_id)
        const fields = (await games.transferConfig(row.game_id)).fields
        return {
          ...views[i],
          userId: row.user_id,
          userName: users.get(row.user_id) ?? '',
          staffId: row.staff_id,
          checklist: await checklistOf(row.game_id),
          checks: JSON.parse(row.checks) as AgencyCheck[],
          order: order
            ? { orderNo: order.order_no, status: order.status, amount: Number(order.amount) }
            : null,
          credentialsComplete: fields.length > 0 && isCompleteTransfer(fields, openCredentials(row)),
        }
      }),
    )
  }

  async function staffView(id: number): Promise<StaffAgencyApplication> {
    const row = await repo.find(id)
    if (!row) throw notFound('代售申请不存在')
    return (await staffPresent([row]))[0]
  }

  async function mine(userId: number, id: number): Promise<ApplicationRow> {
    const row = await repo.find(id)
    // someone else's application answers like a missing one: no existence leak
    if (!row || row.user_id !== userId) throw notFound('代售申请不存在')
    return row
  }

  async function mustFind(id: number): Promise<ApplicationRow> {
    const row = await repo.find(id)
    if (!row) throw notFound('代售申请不存在')
    return row
  }

  /** One staff transition: the row's change, its timeline row and its operation-log row in one transaction. */
  async function staffChange(
    actor: Actor,
    row: ApplicationRow,
    change: {
      from: AgencyStatus[]
      patch: Parameters<ReturnType<typeof agencyRepo>['transition']>[2]
      event: AgencyEventKind
      action: string
      detail?: string
      before?: unknown
      after?: unknown
      extra?: (trx: Db) => Promise<void>
    },
  ) {
    const at = now()
    await db.transaction().execute(async (trx) => {
      if (change.extra) await change.extra(trx)
      const r = agencyRepo(trx)
      if (!(await r.transition(row.id, change.from, { ...change.patch, updated_at: at })))
        throw badRequest('代售申请状态已变化，请刷新')
      await r.addEvent(row.id, change.event, actor.userId, change.detail ?? '', at)
      await record(trx, {
        actor,
        module: 'agency',
        action: change.action,
        target: row.id,
        before: change.before ?? { status: row.status },
        after: change.after ?? { status: change.patch.status ?? row.status },
        detail: change.detail ?? '',
        at,
      })
    })
  }

  return {
    hooks: settlement.hooks,
    checklistOf,
    percentOf,

    // ---------------------------------------------------------------- the owner
    async apply(userId: number, body: AgencyApplyBody): Promise<AgencyApplication> {
      await deps.requireRealName(userId, '申请代售')
      const at = now()
      if ((await repo.countSince(userId, at - DAY)) >= AGENCY_LIMITS.perDay)
        throw tooMany(`每天最多提交 ${AGENCY_LIMITS.perDay} 个代售申请，请明天再试`)
      if (body.negotiable) {
        if (body.floorPrice === undefined) throw badRequest('允许议价时请填写最低价')
        if (body.floorPrice > body.askingPrice) throw badRequest('最低价不能高于期望售价')
      }
      // checked exactly like a listing of the game (attributes, area and server, price, screenshots)
      const listing = await goods.checkListing({
        gameId: body.gameId,
        goodsType: 'ACCOUNT',
        platform: body.platform,
        areaId: body.areaId,
        serverId: body.serverId,
        title: body.title,
        description: body.description,
        price: body.askingPrice,
        stock: 1,
        attributes: body.attributes,
        imageIds: body.imageIds,
      })
      if (listing.hold) throw badRequest(listing.hold.remark)
      const fields = (await games.transferConfig(body.gameId)).fields
      if (fields.length === 0) throw badRequest('该游戏暂未开放代售')
      const checked = credentialValues(fields, body.credentials)
      if ('problem' in checked) throw badRequest(checked.problem)
      const id = await db.transaction().execute(async (trx) => {
        // only the caller's own screenshots that no listing uses
        await images.attach(trx, userId, null, listing.imageIds)
        const r = agencyRepo(trx)
        const newId = await r.insert({
          user_id: userId,
          game_id: listing.gameId,
          platform: listing.platform,
          area_id: listing.areaId,
          server_id: listing.serverId,
          title: listing.title,
          description: listing.description,
          attrs: JSON.stringify(listing.attributes),
          image_ids: JSON.stringify(listing.imageIds),
          asking_price: body.askingPrice,
          negotiable: body.negotiable ? 1 : 0,
          floor_price: body.negotiable ? (body.floorPrice ?? null) : null,
          credentials_enc: '{}',
          status: 'PENDING',
          reject_reason: '',
          checks: '[]',
          staff_id: null,
          listed_price: null,
          goods_id: null,
          order_no: null,
          commission: null,
          net_amount: null,
          settled_at: null,
          created_at: at,
          updated_at: at,
        })
        const sealed = Object.fromEntries(
          Object.entries(checked.values)
            .filter(([, v]) => v !== '')
            .map(([k, v]) => [k, cipher.encrypt(v, context(newId, k))]),
        )
        await trx
          .updateTable('agency_applications')
          .set({ credentials_enc: JSON.stringify(sealed) })
          .where('id', '=', newId)
          .execute()
        await r.addEvent(newId, 'APPLIED', userId, `期望售价 ${yuan(body.askingPrice)}`, at)
        return newId
      })
      await notify(userId, '代售申请已提交', `您的代售申请「${listing.title}」已提交，客服将尽快为您验号。`)
      return this.detail(userId, id)
    },

    async my(userId: number, q: AgencyMyQuery): Promise<Page<AgencyApplication>> {
      const { rows, total } = await repo.pageOwn(userId, q)
      return { rows: await present(rows), total: Number(total) }
    },

    async detail(userId: number, id: number): Promise<AgencyApplication> {
      return (await present([await mine(userId, id)]))[0]
    },

    /** The owner withdraws while not sold; a listed account is taken down (not while an order holds it). */
    async withdraw(userId: number, id: number): Promise<AgencyApplication> {
      const row = await mine(userId, id)
      if (!['PENDING', 'VERIFYING', 'LISTED'].includes(row.status)) throw stateError(row)
      const at = now()
      await db.transaction().execute(async (trx) => {
        if (row.goods_id !== null && !(await goods.takeDownAgency(trx, row.goods_id)))
          throw badRequest('账号已被买家下单，不能撤回')
        const r = agencyRepo(trx)
        if (
          !(await r.transition(row.id, ['PENDING', 'VERIFYING', 'LISTED'], {
            status: 'WITHDRAWN',
            updated_at: at,
          }))
        )
          throw badRequest('代售申请状态已变化，请刷新')
        await r.addEvent(row.id, 'WITHDRAWN', userId, row.status === 'LISTED' ? '已从在售列表下架' : '', at)
      })
      await notify(userId, '代售申请已撤回', `您的代售申请「${row.title}」已撤回。`)
      return this.detail(userId, id)
    },

    /** The games the user has agency applications in (the page's filter). */
    async myGames(userId: number): Promise<Game[]> {
      const ids = new Set(await repo.gameIdsOf(userId))
      return (await games.games()).filter((g) => ids.has(g.gameId))
    },

    orders: settlement.orders,
    exportOrders: settlement.exportOrders,

    // ---------------------------------------------------------------- staff (代售审核)
    async list(q: AgencyListQuery): Promise<Page<StaffAgencyApplication>> {
      const { rows, total } = await repo.pageAll(q)
      return { rows: await staffPresent(rows), total: Number(total) }
    },

    staffDetail: staffView,

    /** The credentials in clear for 验号; the view is logged (never the values). */
    async credentials(actor: Actor, id: number) {
      const row = await mustFind(id)
      const values = openCredentials(row)
      const fields = (await games.transferConfig(row.game_id)).fields
      await db.transaction().execute((trx) =>
        record(trx, {
          actor,
          module: 'agency',
          action: 'agencyViewCredentials',
          target: row.id,
          detail: Object.keys(values).join(','),
          at: now(),
        }),
      )
      return fields
        .filter((f) => values[f.key] !== undefined)
        .map((f) => ({ key: f.key, label: f.label, value: values[f.key] }))
    },

    async take(actor: Actor, id: number) {
      const row = await mustFind(id)
      if (row.status !== 'PENDING') throw stateError(row)
      await staffChange(actor, row, {
        from: ['PENDING'],
        patch: { status: 'VERIFYING', staff_id: actor.userId },
        event: 'TAKEN',
        action: 'agencyTake',
      })
      await notify(row.user_id, '代售账号验号中', `您的代售申请「${row.title}」已由客服受理，正在验号。`)
      return staffView(id)
    },

    /** Records the game's checklist: every item once, passed or not, with a note. */
    async check(actor: Actor, id: number, input: Array<{ key: string; passed: boolean; note?: string }>) {
      const row = await mustFind(id)
      if (row.status !== 'VERIFYING') throw badRequest('请先受理该申请，再记录验号结果')
      const items = await checklistOf(row.game_id)
      const byKey = new Map(input.map((c) => [c.key, c]))
      if (byKey.size !== input.length) throw badRequest('验号结果中有重复的检查项')
      const unknown = input.find((c) => !items.some((i) => i.key === c.key))
      if (unknown) throw badRequest(`未知的检查项：${unknown.key}`)
      const missing = items.find((i) => !byKey.has(i.key))
      if (missing) throw badRequest(`请填写检查项「${missing.label}」的结果`)
      const checks: AgencyCheck[] = items.map((i) => ({
        ...i,
        passed: byKey.get(i.key)!.passed,
        note: (byKey.get(i.key)!.note ?? '').trim(),
      }))
      const passed = checks.filter((c) => c.passed).length
      const summary = `通过 ${passed}/${checks.length}${
        passed < checks.length
          ? `，未通过：${checks
              .filter((c) => !c.passed)
              .map((c) => c.label)
              .join('、')}`
          : ''
      }`
      await staffChange(actor, row, {
        from: ['VERIFYING'],
        patch: { checks: JSON.stringify(checks) },
        event: 'CHECKED',
        action: 'agencyCheck',
        detail: summary,
        before: { checks: JSON.parse(row.checks) },
        after: { checks },
      })
      return staffView(id)
    },

    async reject(actor: Actor, id: number, reason: string) {
      const row = await mustFind(id)
      if (row.status !== 'PENDING' && row.status !== 'VERIFYING') throw stateError(row)
      const text = reason.trim()
      await staffChange(actor, row, {
        from: ['PENDING', 'VERIFYING'],
        patch: { status: 'REJECTED', reject_reason: text },
        event: 'REJECTED',
        action: 'agencyReject',
        detail: text,
      })
      await notify(row.user_id, '代售申请未通过', `您的代售申请「${row.title}」未通过审核，原因：${text}`)
      return staffView(id)
    },

    /**
     * Publishes a verified account as a 官方代售 listing: every check passed, and the price at least
     * the owner's floor (negotiable) or asking price (not negotiable). Its credentials become the
     * listing's delivery account; complete ones are delivered automatically at payment.
     */
    async publish(actor: Actor, id: number, price: number) {
      const row = await mustFind(id)
      if (row.status !== 'VERIFYING') throw stateError(row)
      const checks = JSON.parse(row.checks) as AgencyCheck[]
      const items = await checklistOf(row.game_id)
      if (checks.length === 0 || items.some((i) => !checks.some((c) => c.key === i.key)))
        throw badRequest('请先记录完整的验号结果')
      if (checks.some((c) => !c.passed)) throw badRequest('验号未全部通过，不能上架')
      const floor = row.negotiable === 1 ? Number(row.floor_price) : Number(row.asking_price)
      if (price < floor)
        throw badRequest(
          row.negotiable === 1
            ? `上架价格不能低于用户设置的最低价 ${yuan(floor)}`
            : `用户不接受议价，上架价格不能低于 ${yuan(floor)}`,
        )
      const listing = await goods.checkListing({
        gameId: row.game_id,
        goodsType: 'ACCOUNT',
        platform: row.platform ?? undefined,
        areaId: row.area_id ?? undefined,
        serverId: row.server_id ?? undefined,
        title: row.title,
        description: row.description,
        price,
        stock: 1,
        attributes: JSON.parse(row.attrs) as Attributes,
        imageIds: JSON.parse(row.image_ids) as string[],
      })
      const values = openCredentials(row)
      let goodsId = 0
      await staffChange(actor, row, {
        from: ['VERIFYING'],
        patch: { status: 'LISTED', listed_price: price },
        event: 'LISTED',
        action: 'agencyPublish',
        detail: `上架价格 ${yuan(price)}`,
        after: { status: 'LISTED', listedPrice: price },
        extra: async (trx) => {
          goodsId = await goods.publishAgency(trx, row.user_id, listing, row.id, false)
          const complete = await delivery.saveForAgency(trx, goodsId, row.user_id, row.game_id, values)
          if (complete) await goods.setAutoDelivery(trx, goodsId, true)
          await trx
            .updateTable('agency_applications')
            .set({ goods_id: goodsId })
            .where('id', '=', row.id)
            .execute()
        },
      })
      await notify(
        row.user_id,
        '代售账号已上架',
        `您的代售账号「${row.title}」已通过验号，以 ${yuan(price)} 上架为官方代售商品。`,
      )
      return staffView(id)
    },

    /** Staff hand the stored credentials (completed by `fields`) to the buyer of the sold listing. */
    async deliver(actor: Actor, id: number, fields: Record<string, string> = {}) {
      const row = await mustFind(id)
      if (row.status !== 'LISTED' || row.goods_id === null) throw stateError(row)
      const order = await repo.orderOfGoods(row.goods_id)
      if (!order || (order.status !== 'PAID' && order.status !== 'DELIVERING'))
        throw badRequest('该代售账号没有待交付的订单')
      const values = { ...openCredentials(row), ...fields }
      const at = now()
      const done = await deps.trade.platformDeliver(order.order_no, actor.userId, values, async (trx) => {
        await agencyRepo(trx).addEvent(row.id, 'DELIVERED', actor.userId, `订单 ${order.order_no}`, at)
        await record(trx, {
          actor,
          module: 'agency',
          action: 'agencyDeliver',
          target: row.id,
          before: { orderStatus: order.status },
          after: { orderStatus: 'TO_CONFIRM', orderNo: order.order_no },
          detail: Object.keys(values).join(','),
          at,
        })
      })
      if (!done) throw badRequest('订单状态已变化，请刷新')
      await notify(
        row.user_id,
        '代售账号已交付',
        `您的代售账号「${row.title}」已由平台交付买家，买家确认收货后结算。`,
      )
      return staffView(id)
    },
  }
}

export type AgencyService = ReturnType<typeof agencyService>
