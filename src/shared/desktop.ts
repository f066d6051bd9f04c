/**
 * Types and pure rules of the desktop shell that both the main process and the renderer's
 * settings dialog need: the settings as the dialog sees them, and the server-address rule.
 * No Node, no DOM.
 */
import type { NotificationKind } from './live-events'

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

/** A customer-service conversation as the shells open it (desktop: its own window; web: a popup). */
export interface CustomerServiceRequest {
  /** the chat widget's address, built by customerServiceUrl() */
  url: string
  /** one window per conversation: a second request with the same id reuses the window */
  conversationId: string
}

export type CustomerServiceOpenResult = 'opened' | 'focused' | 'blocked'

export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export interface CustomerServiceConfig {
  /** cs.serviceUrl: the external chat widget */
  serviceUrl: string
  /** cs.customerId: our account at the chat service */
  customerId: string
}

export interface CustomerServiceVisitor {
  /** the logged-in user's public code (the chat opens with it) */
  userCode: string
  /** shown to the agent */
  name: string
  /** a short line of context for the agent (where the chat was opened) */
  info: string
}

/**
 * The chat widget's address: the configured service URL with the customer id, the
 * visitor's name and info, and the user code that opens the conversation. Null when the
 * configured URL is not https (http only for a loopback test service).
 */
export function customerServiceUrl(
  config: CustomerServiceConfig,
  visitor: CustomerServiceVisitor,
): string | null {
  if (!isCustomerServiceUrl(config.serviceUrl)) return null
  const u = new URL(config.serviceUrl)
  u.searchParams.set('customerId', config.customerId)
  u.searchParams.set('name', visitor.name.slice(0, 50))
  u.searchParams.set('info', visitor.info.slice(0, 200))
  u.searchParams.set('userCode', visitor.userCode)
  return u.toString()
}

/** An address a customer-service window may load: https, or http on a loopback host (tests, dev). */
export function isCustomerServiceUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 4096) return false
  let u: URL
  try {
    u = new URL(value)
  } catch {
    return false
  }
  if (u.username || u.password) return false
  if (u.protocol === 'https:') return true
  const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]'
  return u.protocol === 'http:' && loopback
}
