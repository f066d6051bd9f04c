/**
 * Seed rows of 包赔 (docs/recovery-protection.md): the reasons a buyer may give (dictionary
 * protection_claim_reason), the console's claim status (protection_claim_status), the parameters
 * (deposit percent, the periods a seller may choose). Its console page 包赔理赔 is a record of
 * src/shared/pages/console.ts.
 */
import {
  CLAIM_STATUS_LABELS,
  PROTECTION_CLAIM_REASON_DICT,
  PROTECTION_CLAIM_REASON_LABELS,
  PROTECTION_CLAIM_REASONS,
  PROTECTION_CONFIG,
  PROTECTION_LIMITS,
} from '../../../shared/api/protection'
import { labelDict, type SeedReference } from './console'

/** The reference data of 包赔 (reconciled at every start: reference.ts). */
export const PROTECTION_REFERENCE: SeedReference = {
  dicts: {
    [PROTECTION_CLAIM_REASON_DICT]: PROTECTION_CLAIM_REASONS.map(
      (value) => [value, PROTECTION_CLAIM_REASON_LABELS[value], ''] as const,
    ),
    protection_claim_status: labelDict(CLAIM_STATUS_LABELS, {
      OPEN: 'warning',
      APPROVED: 'success',
      REJECTED: 'info',
    }),
  },
  configs: [
    [PROTECTION_CONFIG.depositPercent, String(PROTECTION_LIMITS.defaultDepositPercent), '包赔-保证金比例(%)'],
    [PROTECTION_CONFIG.dayOptions, PROTECTION_LIMITS.defaultDayOptions.join(','), '包赔-可选期限(天)'],
  ],
}
