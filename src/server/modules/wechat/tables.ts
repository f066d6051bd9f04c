/** Row types of the tables the WeChat module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { WechatQrPurpose, WechatTemplateKey } from '../../../shared/api/wechat'

/** One WeChat identity (openid of our official account) per account, one account per identity. */
export interface WechatBindingsTable {
  user_id: number
  openid: string
  nickname: string
  created_at: number
}

/** The user's switches; kept across unbinding and rebinding. */
export interface WechatPrefsTable {
  user_id: number
  /** master switch, 0/1 */
  is_send: number
  /** JSON array of the template keys switched off */
  disabled: string
  updated_at: number
}

export type SceneStatus = 'WAITING' | 'SCANNED' | 'BOUND' | 'FAILED' | 'USED'

/**
 * A temporary QR code. `scene_str` is what the QR code carries (WeChat hands it back in the scan
 * event); `poll_hash` is the sha256 of the page's poll handle (sceneId), never in the QR code.
 */
export interface WechatScenesTable {
  id: Generated<number>
  scene_str: string
  poll_hash: string
  purpose: WechatQrPurpose
  /** BIND: the account being bound */
  user_id: number | null
  status: SceneStatus
  openid: string | null
  nickname: string | null
  /** FAILED: why */
  reason: string | null
  /** LOGIN scanned by an unbound identity: sha256 of the /bind.html ticket */
  ticket_hash: string | null
  ticket_expires_at: number | null
  created_at: number
  expires_at: number
}

export type OutboxStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED'

/** Template messages to send: one row per event and user (idem_key), retried with back-off. */
export interface WechatOutboxTable {
  id: Generated<number>
  idem_key: string
  user_id: number
  template_key: WechatTemplateKey
  /** JSON of the message (title, lines, path) */
  payload: string
  status: OutboxStatus
  attempts: number
  next_at: number
  last_error: string | null
  created_at: number
  sent_at: number | null
}

/** What the sandbox provider "delivered" (its inbox page). */
export interface WechatSandboxInboxTable {
  id: Generated<number>
  openid: string
  template_key: string
  title: string
  /** JSON of the message lines */
  content: string
  url: string
  created_at: number
}

export interface WechatTables {
  wechat_bindings: WechatBindingsTable
  wechat_prefs: WechatPrefsTable
  wechat_scenes: WechatScenesTable
  wechat_outbox: WechatOutboxTable
  wechat_sandbox_inbox: WechatSandboxInboxTable
}
