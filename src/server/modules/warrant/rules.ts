/**
 * The pure rule of a staff ruling (docs/trading-rules.md, disputes): how the escrow of an order is
 * divided. RELEASE is refund 0 and REFUND is refund everything (one code path); SPLIT names the
 * refund. Amounts are integer fen, 0 ≤ refund ≤ amount; a written reason is required. The decision is
 * recorded by what actually happens, whatever button was pressed. Unit tests: rules.test.ts.
 */
import { RULING_DECISION_LABELS, rulingRefundProblem, type RulingDecision } from '../../../shared/api'
import { yuan } from '../funds/numbers'

export interface RulingPlan {
  decision: RulingDecision
  /** fen back to the buyer */
  refund: number
  /** fen settled to the seller */
  settle: number
  /** the written reason, trimmed */
  reason: string
}

/** The division of `amount` fen a ruling asks for, or why it cannot be made (in the words staff read). */
export function planRuling(
  body: { decision: RulingDecision; refundAmount?: number; reason: string },
  amount: number,
): RulingPlan | { problem: string } {
  const reason = body.reason.trim()
  if (!reason) return { problem: '请填写裁决理由' }
  const refund = body.decision === 'RELEASE' ? 0 : body.decision === 'REFUND' ? amount : body.refundAmount
  if (refund === undefined) return { problem: '部分退款须填写退回买家的金额' }
  if (body.refundAmount !== undefined && body.refundAmount !== refund)
    return { problem: `${RULING_DECISION_LABELS[body.decision]}时退回买家金额应为 ${yuan(refund)}` }
  if (!Number.isSafeInteger(refund)) return { problem: '退回买家金额必须是整数' }
  const problem = rulingRefundProblem(refund, amount, yuan)
  if (problem) return { problem }
  const settle = amount - refund
  const decision: RulingDecision = refund === 0 ? 'RELEASE' : settle === 0 ? 'REFUND' : 'SPLIT'
  return { decision, refund, settle, reason }
}

/** The sentence both parties read in their messages and in the room. */
export function rulingText(plan: RulingPlan): string {
  const outcome = `${RULING_DECISION_LABELS[plan.decision]}，买家退回 ${yuan(plan.refund)}，卖家结算 ${yuan(plan.settle)}`
  return `平台裁决：${outcome}。裁决理由：${plan.reason}`
}
