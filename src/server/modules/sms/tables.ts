/** Row types of the tables the SMS module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface SmsCodesTable {
  id: Generated<number>
  phone: string
  /** what the code is for (SMS_PURPOSES); a code is only good for its own purpose */
  purpose: string
  /** HMAC-SHA256 of phone, purpose and code with the server's SMS key; the code itself is never stored */
  code_hash: string
  ip: string
  created_at: number
  expires_at: number
  /** wrong answers so far; the fifth voids the code */
  attempts: number
  used_at: number | null
  /** 1: replaced by a newer code or voided by wrong answers */
  voided: number
}

export interface SmsSandboxInboxTable {
  id: Generated<number>
  phone: string
  content: string
  created_at: number
}

export interface SmsTables {
  sms_codes: SmsCodesTable
  sms_sandbox_inbox: SmsSandboxInboxTable
}
