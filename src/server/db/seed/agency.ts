/**
 * Base seed of agency sale (代售, docs/agency-sale.md): the status dictionary of its tags, and the
 * default commission and 验号 checklist (parameters staff may change; per game with a `.<gameId>`
 * suffix). Its console page 代售审核 is a record of src/shared/pages/console.ts.
 */
import {
  AGENCY_CONFIG,
  AGENCY_LIMITS,
  AGENCY_STATUS_DICT,
  AGENCY_STATUS_LABELS,
  DEFAULT_AGENCY_CHECKLIST,
  type AgencyStatus,
} from '../../../shared/api/agency'
import { labelDict, type SeedReference } from './console'

const STATUS_CLASS: Record<AgencyStatus, string> = {
  PENDING: 'warning',
  VERIFYING: 'primary',
  LISTED: 'success',
  SOLD: 'info',
  REJECTED: 'danger',
  WITHDRAWN: 'default',
}

/** The reference data of agency sale (reconciled at every start: reference.ts). */
export const AGENCY_REFERENCE: SeedReference = {
  dicts: { [AGENCY_STATUS_DICT]: labelDict(AGENCY_STATUS_LABELS, STATUS_CLASS) },
  configs: [
    [
      AGENCY_CONFIG.commission,
      String(AGENCY_LIMITS.defaultCommissionPercent),
      '代售-佣金比例(%)，按游戏可设 agency.commissionPercent.<游戏编号>',
    ],
    [
      AGENCY_CONFIG.checklist,
      JSON.stringify(DEFAULT_AGENCY_CHECKLIST),
      '代售-验号检查项，按游戏可设 agency.checklist.<游戏编号>',
    ],
  ],
}
