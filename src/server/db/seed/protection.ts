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
import type { Db } from '../index'
import { insertDicts, labelDict } from './console'

export async function seedProtectionBase(db: Db) {
  await db.transaction().execute(async (trx) => {
    await insertDicts(trx, {
      [PROTECTION_CLAIM_REASON_DICT]: PROTECTION_CLAIM_REASONS.map(
        (value) => [value, PROTECTION_CLAIM_REASON_LABELS[value], ''] as const,
      ),
      protection_claim_status: labelDict(CLAIM_STATUS_LABELS, {
        OPEN: 'warning',
        APPROVED: 'success',
        REJECTED: 'info',
      }),
    })
    await trx
      .insertInto('sys_config')
      .values([
        {
          config_key: PROTECTION_CONFIG.depositPercent,
          config_value: String(PROTECTION_LIMITS.defaultDepositPercent),
          config_name: '包赔-保证金比例(%)',
        },
        {
          config_key: PROTECTION_CONFIG.dayOptions,
          config_value: PROTECTION_LIMITS.defaultDayOptions.join(','),
          config_name: '包赔-可选期限(天)',
        },
      ])
      .execute()
  })
}
