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

/**
 * Demo (SEED_DEMO=1): every third on-sale account listing offers 包赔 — 30, 90 or 180 days in turn —
 * and every second of those also 额外包赔 (90 more days for about 3 % of the price, in whole 元), so
 * a new visitor sees the badge, the list's filter and the offer at checkout. Written as a seller's
 * publish would: the terms row and the listing's copy of its days.
 */
export async function seedProtectionDemo(db: Db, now: number): Promise<void> {
  const listings = await db
    .selectFrom('goods')
    .select(['id', 'seller_id', 'price'])
    .where('goods_type', '=', 'ACCOUNT')
    .where('status', '=', 'ON_SALE')
    .where('agency_application_id', 'is', null)
    .orderBy('id')
    .execute()
  const periods = PROTECTION_LIMITS.defaultDayOptions
  const chosen = listings.filter((_, i) => i % 3 === 0)
  for (const [i, g] of chosen.entries()) {
    const days = periods[i % periods.length]!
    const extra = i % 2 === 0
    await db
      .insertInto('goods_protection')
      .values({
        goods_id: g.id,
        seller_id: g.seller_id,
        days,
        updated_at: now,
        extra_fee: extra ? Math.max(100, Math.round((Number(g.price) * 0.03) / 100) * 100) : 0,
        extra_days: extra ? 90 : 0,
      })
      .onConflict((oc) => oc.column('goods_id').doNothing())
      .execute()
    await db.updateTable('goods').set({ protection_days: days }).where('id', '=', g.id).execute()
  }
}
