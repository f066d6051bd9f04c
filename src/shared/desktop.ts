/**
 * Types and pure rules of the desktop shell that both the main process and the renderer's
 * settings dialog need: the settings as the dialog sees them, and the server-address rule.
 * No Node, no DOM.
 */
import { CS_PATH, type NotificationKind } from './live-events'

export type NotificationPrefs = Record<NotificationKind, boolean>

/** The desktop settings as the settings dialog shows them. */
export interface DesktopSettings {
  /** the server address in effect (scheme://host[:port]) */
  apiOrigin: string
  /** true when MARKET_API_ORIGIN overrides the stored address (the dialog then shows it read-only) */
  apiOriginFromEnvironment: boolean
  notifications: NotificationPrefs
  /** where downloads are saved without asking */
  downloadDir: string
  /** ask for a place for every download instead */
  askWhereToSave: boolean
  /** start hidden in the tray */
  startMinimized: boolean
}

/** What the dialog may change; every field optional, each validated by the main process. */
export type DesktopSettingsPatch = Partial<
  Pick<DesktopSettings, 'apiOrigin' | 'downloadDir' | 'askWhereToSave' | 'startMinimized'> & {
    notifications: Partial<NotificationPrefs>
  }
>

export interface SettingsSaveResult {
  settings: DesktopSettings
  /** the server address changed: it takes effect after a restart of the app */
  restartRequired: boolean
}

/**
 * `http(s)://host[:port]` of a value, or null: only http/https, no credentials, no path
 * (a lone trailing slash is tolerated), no query, no fragment.
 */
export function normalizeApiOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  let u: URL
  try {
    u = new URL(value.trim())
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/') return null
  if (/[?#]/.test(value)) return null // "http://x?" parses with an empty search
  return u.origin
}

/** Why a server address is refused, in words for the settings dialog; null when it is fine. */
export function apiOriginProblem(value: string): string | null {
  if (value.trim() === '') return '请输入服务器地址'
  if (!normalizeApiOrigin(value))
    return '请输入 http:// 或 https:// 开头的地址，只含主机和端口，例如 https://market.example.com'
  return null
}

/**
 * The built-in customer-service conversation's route (docs/customer-service.md): a page of our own
 * renderer (standalone layout). The desktop client's customer-service window loads it; the web opens
 * the same conversation in a panel (a full-screen sheet on a phone) over the page.
 */
export const CS_CHAT_PATH = CS_PATH

/** What a conversation is opened about (its query on CS_CHAT_PATH): an order, a listing or a dispute. */
export interface CsOpenedAbout {
  orderNo?: string
  goodsId?: number
  disputeId?: number
}

/** The desktop's customer-service window: the built-in conversation's route, perhaps with one attachment. */
export interface CustomerServiceRequest {
  /** CS_CHAT_PATH, or CS_CHAT_PATH?orderNo=YX1 (…goodsId=7, …disputeId=3) */
  path: string
}

export type CustomerServiceOpenResult = 'opened' | 'focused'

const ORDER_NO = /^[A-Za-z0-9]{1,40}$/
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0

/** The conversation's path with at most one attachment (the first valid of orderNo, goodsId, disputeId). */
export function customerServicePath(about?: CsOpenedAbout): string {
  if (about?.orderNo !== undefined && ORDER_NO.test(about.orderNo))
    return `${CS_CHAT_PATH}?orderNo=${about.orderNo}`
  if (isId(about?.goodsId)) return `${CS_CHAT_PATH}?goodsId=${about.goodsId}`
  if (isId(about?.disputeId)) return `${CS_CHAT_PATH}?disputeId=${about.disputeId}`
  return CS_CHAT_PATH
}

/** What a conversation's address says it is about (invalid or several: nothing). */
export function customerServiceAbout(search: string): CsOpenedAbout {
  const q = new URLSearchParams(search)
  const keys = [...q.keys()].filter((k) => k === 'orderNo' || k === 'goodsId' || k === 'disputeId')
  if (keys.length !== 1) return {}
  const value = q.get(keys[0]!) ?? ''
  if (keys[0] === 'orderNo') return ORDER_NO.test(value) ? { orderNo: value } : {}
  const n = /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : NaN
  return isId(n) ? { [keys[0]!]: n } : {}
}

/** A path the customer-service window may load: exactly what customerServicePath() writes. */
export function isCustomerServicePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 100) return false
  if (value === CS_CHAT_PATH) return true
  if (!value.startsWith(`${CS_CHAT_PATH}?`)) return false
  return customerServicePath(customerServiceAbout(value.slice(CS_CHAT_PATH.length))) === value
}
