/**
 * Customer-service verification (客服验证): anyone checks whether a QQ number, WeChat id, phone or
 * e-mail really belongs to our customer service; staff keep the list of official contacts. The rules
 * are in docs/platform-pages.md. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { id, int, oneOf, optional, paging, strict, text } from './fields'

/** STAFF_NO: an agent's 工号 shown beside their 在线客服 messages (docs/customer-service.md) */
export const CS_CHANNELS = ['QQ', 'WECHAT', 'PHONE', 'EMAIL', 'STAFF_NO'] as const
export type CsChannel = (typeof CS_CHANNELS)[number]

export const CS_CHANNEL_LABELS: Record<CsChannel, string> = {
  QQ: 'QQ',
  WECHAT: '微信',
  PHONE: '电话',
  EMAIL: '邮箱',
  STAFF_NO: '客服工号',
}

/** OFFICIAL: a current contact; FORMER: ours once, retired (no longer answers); UNKNOWN: never ours. */
export type CsVerdict = 'OFFICIAL' | 'FORMER' | 'UNKNOWN'

export interface CsVerifyResult {
  channel: CsChannel
  /** the value as we compared it (trimmed, lower case, phone digits only) */
  value: string
  verdict: CsVerdict
  /** the staff member's public name (OFFICIAL and FORMER) */
  staffName: string | null
  /** when a FORMER contact was retired */
  retiredAt: number | null
}

export interface CsContact {
  contactId: number
  channel: CsChannel
  value: string
  staffName: string
  /** internal note, staff only */
  remark: string
  status: 'ACTIVE' | 'RETIRED'
  retiredAt: number | null
  createdAt: number
  updatedAt: number
}

export interface CsUnknownCheck {
  channel: CsChannel
  value: string
  checks: number
  /** distinct client addresses that asked */
  visitors: number
  lastCheckedAt: number
}

/** What the verification page tells every visitor (docs/platform-pages.md). */
export const ANTI_SCAM_ADVICE = [
  '官方客服不会以任何理由要求您支付“保证金”“解冻费”“激活费”或“刷流水”。',
  '所有交易请在本平台下单并担保付款，不要向任何个人账户、二维码转账。',
  '官方客服不会索要您的登录密码、支付密码或短信验证码。',
  '不要点击陌生人发来的“退款”“理赔”链接，也不要下载对方提供的屏幕共享软件。',
  '遇到自称客服的人，请先在本页验证；无法确认时，请通过网站右侧的在线客服联系我们。',
] as const

const contactFields = {
  channel: oneOf('联系方式类型', CS_CHANNELS),
  value: text('联系方式', 64),
}

export const CS_VERIFY = {
  /** public, rate limited per IP and logged */
  verify: endpoint({
    method: 'GET',
    path: '/platform/cs/verify',
    access: 'optional',
    query: strict(contactFields),
    answer: data<CsVerifyResult>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const CS_VERIFY_STAFF = {
  /** staff: every contact, current and retired */
  contactList: endpoint({
    method: 'GET',
    path: '/platform/cs/contact/list',
    access: 'user',
    permission: PERMS.csContactList,
    query: strict({
      ...paging(),
      channel: optional(oneOf('联系方式类型', CS_CHANNELS)),
      status: optional(oneOf('状态', ['ACTIVE', 'RETIRED'] as const)),
      keyword: optional(text('关键词', 64, 0)),
    }),
    answer: page<CsContact>(),
  }),
  contactAdd: endpoint({
    method: 'POST',
    path: '/platform/cs/contact/add',
    access: 'user',
    permission: PERMS.csContactEdit,
    body: strict({
      ...contactFields,
      staffName: text('客服名称', 30),
      remark: optional(text('备注', 200, 0)),
    }),
    answer: data<CsContact>(),
  }),
  /** name and remark only: the contact itself never changes (add a new one instead) */
  contactEdit: endpoint({
    method: 'POST',
    path: '/platform/cs/contact/edit',
    access: 'user',
    permission: PERMS.csContactEdit,
    body: strict({
      contactId: id('联系方式编号'),
      staffName: text('客服名称', 30),
      remark: optional(text('备注', 200, 0)),
    }),
    answer: data<CsContact>(),
  }),
  /** a retired contact stays verifiable as 曾是官方客服，已停用 */
  contactRetire: endpoint({
    method: 'POST',
    path: '/platform/cs/contact/retire',
    access: 'user',
    permission: PERMS.csContactEdit,
    body: strict({ contactId: id('联系方式编号') }),
    answer: data<CsContact>(),
  }),
  /** staff: the unknown contacts checked most in the last `days` days (likely impostors) */
  unknownTop: endpoint({
    method: 'GET',
    path: '/platform/cs/verify/unknownTop',
    access: 'user',
    permission: PERMS.csContactList,
    query: strict({ days: optional(int('天数', 1, 90)), limit: optional(int('条数', 1, 100)) }),
    answer: data<CsUnknownCheck[]>(),
  }),
}

export type CsVerifyQuery = QueryOf<typeof CS_VERIFY.verify>
export type CsContactListQuery = QueryOf<typeof CS_VERIFY_STAFF.contactList>
export type CsContactAddBody = BodyOf<typeof CS_VERIFY_STAFF.contactAdd>
export type CsContactEditBody = BodyOf<typeof CS_VERIFY_STAFF.contactEdit>

/**
 * The form we compare a contact in: trimmed; QQ digits; phones digits without +86/0086 and
 * separators; WeChat ids and e-mails in lower case. null: not a possible contact of that kind.
 */
export function normalizeContact(channel: CsChannel, raw: string): string | null {
  const value = raw.normalize('NFKC').trim()
  switch (channel) {
    case 'QQ': {
      const digits = value.replace(/[\s-]/g, '')
      return /^[1-9]\d{4,11}$/.test(digits) ? digits : null
    }
    case 'PHONE': {
      let digits = value.replace(/[\s\-()]/g, '')
      if (digits.startsWith('+')) digits = digits.slice(1)
      else if (digits.startsWith('00')) digits = digits.slice(2)
      if (/^861\d{10}$/.test(digits)) digits = digits.slice(2)
      return /^\d{5,15}$/.test(digits) ? digits : null
    }
    case 'WECHAT': {
      const id = value.toLowerCase()
      return /^[a-z0-9_-]{5,30}$/.test(id) ? id : null
    }
    case 'EMAIL': {
      const email = value.toLowerCase()
      return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 64 ? email : null
    }
    case 'STAFF_NO': {
      const no = value.toUpperCase()
      return /^KF\d{4,8}$/.test(no) ? no : null
    }
  }
}

export const CS_CHANNEL_FORMAT_MSG: Record<CsChannel, string> = {
  QQ: 'QQ 号格式不正确（5-12 位数字）',
  WECHAT: '微信号格式不正确',
  PHONE: '电话号码格式不正确',
  EMAIL: '邮箱格式不正确',
  STAFF_NO: '客服工号格式不正确（KF 加 4-8 位数字）',
}
