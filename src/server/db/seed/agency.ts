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
import type { Db } from '../index'
import { insertDicts, labelDict } from './console'

const STATUS_CLASS: Record<AgencyStatus, string> = {
  PENDING: 'warning',
  VERIFYING: 'primary',
  LISTED: 'success',
  SOLD: 'info',
  REJECTED: 'danger',
  WITHDRAWN: 'default',
}

export async function seedAgencyBase(db: Db) {
  await db.transaction().execute(async (trx) => {
    await insertDicts(trx, { [AGENCY_STATUS_DICT]: labelDict(AGENCY_STATUS_LABELS, STATUS_CLASS) })
    await trx
      .insertInto('sys_config')
      .values([
        {
          config_key: AGENCY_CONFIG.commission,
          config_value: String(AGENCY_LIMITS.defaultCommissionPercent),
          config_name: '代售-佣金比例(%)，按游戏可设 agency.commissionPercent.<游戏编号>',
        },
        {
          config_key: AGENCY_CONFIG.checklist,
          config_value: JSON.stringify(DEFAULT_AGENCY_CHECKLIST),
          config_name: '代售-验号检查项，按游戏可设 agency.checklist.<游戏编号>',
        },
      ])
      .execute()
  })
}
