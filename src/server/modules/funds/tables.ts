/** Row types of the tables the funds module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { LedgerType, TopupChannel, WithdrawStatus } from '../../../shared/api'
import type { StoredPayeeKind } from '../../../shared/rules/payee-account'

export interface WalletsTable {
  user_id: number
  available: number
  frozen: number
  pay_password_hash: string | null
  pay_fail_count: number
  pay_locked_until: number | null
  /** lease of the payment-password check in progress (migration 0031) */
  pay_check_until: number | null
  updated_at: number
}

export interface LedgerTable {
  id: Generated<number>
  user_id: number
  type: LedgerType
  amount: number
  frozen_amount: number
  available_after: number
  frozen_after: number
  order_no: string | null
  topup_no: string | null
  withdraw_no: string | null
  remark: string
  created_at: number
}

export interface TopupsTable {
  id: Generated<number>
  topup_no: string
  user_id: number
  amount: number
  /** 'sandbox' on rows of the removed sandbox gateway (shared/api/funds.ts, TopupChannel) */
  channel: TopupChannel
  status: 'PENDING' | 'PAID' | 'FAILED' | 'CLOSED'
  created_at: number
  paid_at: number | null
  /** where the gateway sends the user back (a checked same-site path); null: the balance page */
  return_to: string | null
  /** the order this top-up pays once credited (migration 0291); null: a plain top-up */
  order_no: string | null
  /** what of this paid top-up is still in the balance unspent (migration 0340; FIFO, repo.ts `move`) */
  unspent: Generated<number>
}

export interface WithdrawalsTable {
  id: Generated<number>
  withdraw_no: string
  user_id: number
  amount: number
  account: string
  /** BANK_CARD | ALIPAY; OTHER for requests made before the kinds existed */
  account_kind: StoredPayeeKind
  /** WithdrawStatus (shared/api/funds.ts) */
  status: WithdrawStatus
  /** the reject reason staff gave, or why the payout failed ('' otherwise) */
  remark: string
  /** the payee account's real name as the user typed it (the verified real name); '' before payouts existed */
  payee_name: string
  created_at: number
  decided_at: number | null
  decided_by: number | null
  /** unspent top-up money kept out of this withdrawal's reach when it was asked (migration 0340) */
  held_topup: Generated<number>
  /** 1: the payee name was matched against the verified real name (0 on older requests) */
  name_checked: Generated<number>
}

export interface FundsTables {
  wallets: WalletsTable
  ledger: LedgerTable
  topups: TopupsTable
  withdrawals: WithdrawalsTable
}
