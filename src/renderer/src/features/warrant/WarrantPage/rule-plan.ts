/** What a staff ruling pays out, from the dialog's values. Pure: tests call it directly. */
import type { RulingDecision } from '@shared/api/warrant'
import { yuanToFen } from '@renderer/utils/money'

export type RuleValues = { decision?: RulingDecision; refundYuan?: string; reason: string }
export type RulePlan = { decision: RulingDecision; refund: number; settle: number; reason: string }

/** Fen back to the buyer and fen to the seller (they add up to the amount); null when not decided. */
export function planOf(values: RuleValues, amount: number): RulePlan | null {
  const refund =
    values.decision === 'RELEASE'
      ? 0
      : values.decision === 'REFUND'
        ? amount
        : values.decision === 'SPLIT'
          ? yuanToFen(values.refundYuan ?? '')
          : null
  if (!values.decision || refund === null || refund < 0 || refund > amount) return null
  return { decision: values.decision, refund, settle: amount - refund, reason: values.reason.trim() }
}
