/**
 * 代售 (agency sale, docs/agency-sale.md): an owner hands an account to the platform; staff verify it
 * (验号), list it as 官方代售 and deliver it when sold; at the buyer's confirmation the owner receives
 * the price minus the agency commission. Owner endpoints answer only the owner's applications (404
 * for anyone else); staff endpoints carry a permission. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import type { ExportResult } from './common'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, fen, id, list, oneOf, optional, paging, strict, text, textMap, Type } from './fields'
import type { Attributes, GoodsImage } from './goods'

export const AGENCY_LIMITS = {
  titleMax: 60,
  descriptionMax: 2000,
  imagesMin: 1,
  imagesMax: 12,
  reasonMax: 200,
  noteMax: 200,
  /** applications a user may send per day */
  perDay: 10,
  /** the commission when the game sets none: 5 % */
  defaultCommissionPercent: 5,
} as const

/** sys_config keys: the commission in percent (per game first, then the default), the 验号 checklist. */
export const AGENCY_CONFIG = {
  commission: 'agency.commissionPercent',
  commissionOf: (gameId: number) => `agency.commissionPercent.${gameId}`,
  checklist: 'agency.checklist',
  checklistOf: (gameId: number) => `agency.checklist.${gameId}`,
} as const

export const AGENCY_STATUSES = ['PENDING', 'VERIFYING', 'LISTED', 'SOLD', 'REJECTED', 'WITHDRAWN'] as const
export type AgencyStatus = (typeof AGENCY_STATUSES)[number]
export const AGENCY_STATUS_LABELS: Record<AgencyStatus, string> = {
  PENDING: '待审核',
  VERIFYING: '验号中',
  LISTED: '已上架',
  SOLD: '已售出',
  REJECTED: '已驳回',
  WITHDRAWN: '已撤回',
}
export const AGENCY_STATUS_DICT = 'agency_status'

export const AGENCY_EVENT_LABELS = {
  APPLIED: '提交代售申请',
  TAKEN: '客服开始验号',
  CHECKED: '记录验号结果',
  REJECTED: '申请被驳回',
  LISTED: '已上架为官方代售',
  DELIVERED: '平台已交付买家',
  SOLD: '已售出并结算',
  WITHDRAWN: '申请已撤回',
} as const
export type AgencyEventKind = keyof typeof AGENCY_EVENT_LABELS

/** One item of the 验号 checklist (a game's config, else the default list). */
export interface AgencyCheckItem {
  key: string
  label: string
}
export const DEFAULT_AGENCY_CHECKLIST: AgencyCheckItem[] = [
  { key: 'phone', label: '绑定手机可换绑' },
  { key: 'realName', label: '游戏账号实名信息' },
  { key: 'recharge', label: '充值记录' },
  { key: 'items', label: '角色与物品核对' },
]

/** A recorded check: passed or not, with a staff note. */
export interface AgencyCheck extends AgencyCheckItem {
  passed: boolean
  note: string
}

export interface AgencyEvent {
  kind: AgencyEventKind
  label: string
  detail: string
  createdAt: number
}

export interface AgencyApplication {
  applicationId: number
  gameId: number
  gameName: string
  platform: string | null
  areaId: number | null
  serverId: number | null
  title: string
  description: string
  attributes: Attributes
  images: GoodsImage[]
  askingPrice: number
  negotiable: boolean
  floorPrice: number | null
  status: AgencyStatus
  rejectReason: string
  listedPrice: number | null
  goodsId: number | null
  /** labels of the credential fields handed in (never their values) */
  credentialFields: string[]
  timeline: AgencyEvent[]
  createdAt: number
  updatedAt: number
}

/** What staff see besides: the owner, the checklist and its results, the sale's order. */
export interface StaffAgencyApplication extends AgencyApplication {
  userId: number
  userName: string
  staffId: number | null
  checklist: AgencyCheckItem[]
  checks: AgencyCheck[]
  /** the listing's live or finished order, when sold */
  order: { orderNo: string; status: string; amount: number } | null
  /** every credential field is present and valid: the sale is delivered automatically at payment */
  credentialsComplete: boolean
}

export const AGENCY_SETTLEMENT_STATES = ['PENDING', 'SETTLED', 'REFUNDED'] as const
export type AgencySettlementState = (typeof AGENCY_SETTLEMENT_STATES)[number]
export const AGENCY_SETTLEMENT_LABELS: Record<AgencySettlementState, string> = {
  PENDING: '待结算',
  SETTLED: '已结算',
  REFUNDED: '已退款',
}

/** An order of one of the owner's agency listings. */
export interface AgencyOrder {
  orderNo: string
  applicationId: number
  goodsTitle: string
  gameName: string
  amount: number
  /** the commission (the settled one, else what the current rate would take) */
  commission: number
  net: number
  orderStatus: string
  settlement: AgencySettlementState
  createdAt: number
  settledAt: number | null
}

const attributes = Type.Unsafe<Attributes>({
  type: 'object',
  title: '账号属性',
  maxProperties: 50,
  propertyNames: { maxLength: 40 },
  additionalProperties: { title: '账号属性' },
})
const applicationIdBody = strict({ applicationId: id('申请编号') })
const applicationIdParams = strict({ applicationId: id('申请编号') })

/** The commission in fen of `amount` at `percent` (rounded to the fen, never more than the amount). */
export function agencyCommissionOf(amount: number, percent: number): number {
  return Math.min(amount, Math.round((amount * Math.round(percent * 100)) / 10_000))
}

/** What an application would be charged, stated on the apply form before submitting (docs/agency-sale.md). */
export interface AgencyTerms {
  gameId: number
  /** the commission percent of the game's sales (参数设置, per game first, then the default) */
  commissionPercent: number
}

export const AGENCY = {
  /** the commission rate of a game, read by the apply form once a game is chosen */
  terms: endpoint({
    method: 'GET',
    path: '/agencySale/terms/:gameId',
    access: 'user',
    params: strict({ gameId: id('游戏编号') }),
    answer: data<AgencyTerms>(),
  }),
  apply: endpoint({
    method: 'POST',
    path: '/agencySale/apply',
    access: 'user',
    body: strict({
      gameId: id('游戏编号'),
      platform: optional(text('平台', 20, 0)),
      areaId: optional(id('大区')),
      serverId: optional(id('服务器')),
      title: text('标题', AGENCY_LIMITS.titleMax),
      description: optional(text('描述', AGENCY_LIMITS.descriptionMax, 0)),
      attributes: optional(attributes),
      askingPrice: fen('期望售价'),
      negotiable: bool('是否允许议价'),
      floorPrice: optional(fen('最低价')),
      imageIds: list(
        '账号截图',
        Type.String({ title: '图片编号', pattern: '^[a-f0-9]{32}$' }),
        AGENCY_LIMITS.imagesMax,
        AGENCY_LIMITS.imagesMin,
      ),
      credentials: textMap('账号信息', 20, 500),
    }),
    answer: data<AgencyApplication>(),
  }),
  my: endpoint({
    method: 'GET',
    path: '/agencySale/my',
    access: 'user',
    query: strict({
      ...paging(50),
      status: optional(oneOf('状态', AGENCY_STATUSES)),
      gameId: optional(id('游戏编号')),
    }),
    answer: page<AgencyApplication>(),
  }),
  /** owner only (404 for anyone else) */
  detail: endpoint({
    method: 'GET',
    path: '/agencySale/detail/:applicationId',
    access: 'user',
    params: applicationIdParams,
    answer: data<AgencyApplication>(),
  }),
  /** the owner, while not sold; a listed one is taken down */
  withdraw: endpoint({
    method: 'POST',
    path: '/agencySale/withdraw',
    access: 'user',
    body: applicationIdBody,
    answer: data<AgencyApplication>(),
  }),
  orders: endpoint({
    method: 'GET',
    path: '/agencySale/orders',
    access: 'user',
    query: strict({ ...paging(50), settlement: optional(oneOf('结算状态', AGENCY_SETTLEMENT_STATES)) }),
    answer: page<AgencyOrder>(),
  }),
  ordersExport: endpoint({
    method: 'POST',
    path: '/agencySale/orders/export',
    access: 'user',
    body: optional(strict({ settlement: optional(oneOf('结算状态', AGENCY_SETTLEMENT_STATES)) })),
    answer: data<ExportResult>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const AGENCY_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/agency/list',
    access: 'user',
    permission: PERMS.agencyList,
    query: strict({
      ...paging(),
      status: optional(oneOf('状态', AGENCY_STATUSES)),
      gameId: optional(id('游戏编号')),
    }),
    answer: page<StaffAgencyApplication>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/console/agency/detail/:applicationId',
    access: 'user',
    permission: PERMS.agencyList,
    params: applicationIdParams,
    answer: data<StaffAgencyApplication>(),
  }),
  /** the credentials in clear, for 验号 (every view is in the operation log) */
  credentials: endpoint({
    method: 'POST',
    path: '/console/agency/credentials',
    access: 'user',
    permission: PERMS.agencyVerify,
    body: applicationIdBody,
    answer: data<Array<{ key: string; label: string; value: string }>>(),
  }),
  take: endpoint({
    method: 'POST',
    path: '/console/agency/take',
    access: 'user',
    permission: PERMS.agencyVerify,
    body: applicationIdBody,
    answer: data<StaffAgencyApplication>(),
  }),
  check: endpoint({
    method: 'POST',
    path: '/console/agency/check',
    access: 'user',
    permission: PERMS.agencyVerify,
    body: strict({
      applicationId: id('申请编号'),
      checks: list(
        '验号结果',
        strict({
          key: text('检查项', 40),
          passed: bool('是否通过'),
          note: optional(text('备注', AGENCY_LIMITS.noteMax, 0)),
        }),
        30,
        1,
      ),
    }),
    answer: data<StaffAgencyApplication>(),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/console/agency/reject',
    access: 'user',
    permission: PERMS.agencyVerify,
    body: strict({
      applicationId: id('申请编号'),
      reason: Type.String({
        title: '驳回原因',
        minLength: 1,
        maxLength: AGENCY_LIMITS.reasonMax,
        pattern: '\\S',
      }),
    }),
    answer: data<StaffAgencyApplication>(),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/console/agency/publish',
    access: 'user',
    permission: PERMS.agencyPublish,
    body: strict({ applicationId: id('申请编号'), price: fen('上架价格') }),
    answer: data<StaffAgencyApplication>(),
  }),
  /** hands the stored credentials (completed by `fields`) to the buyer of the sold listing */
  deliver: endpoint({
    method: 'POST',
    path: '/console/agency/deliver',
    access: 'user',
    permission: PERMS.agencyDeliver,
    body: strict({ applicationId: id('申请编号'), fields: optional(textMap('交付信息', 20, 500)) }),
    answer: data<StaffAgencyApplication>(),
  }),
}

export type AgencyApplyBody = BodyOf<typeof AGENCY.apply>
export type AgencyMyQuery = QueryOf<typeof AGENCY.my>
export type AgencyListQuery = QueryOf<typeof AGENCY_STAFF.list>
export type AgencyOrdersQuery = QueryOf<typeof AGENCY.orders>
export type AgencyCheckBody = BodyOf<typeof AGENCY_STAFF.check>
