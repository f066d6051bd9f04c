/**
 * Agency sale's parameters (docs/agency-sale.md), sys_config per game first, then the default: the
 * commission percent (else 5 %) and the 验号 checklist (else the built-in list). Read with the
 * caller's connection, so a settlement reads them inside its transaction.
 */
import {
  AGENCY_CONFIG,
  AGENCY_LIMITS,
  agencyCommissionOf,
  DEFAULT_AGENCY_CHECKLIST,
  type AgencyCheckItem,
} from '../../../shared/api'
import type { Db } from '../../db'
import { agencyRepo } from './repo'

/** The commission in fen of `amount` at `percent`: one rule, shared with the apply form. */
export const commissionOf = agencyCommissionOf

/** A configured percent (0–100, up to two decimals), else null. */
function parsePercent(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,3}(\.\d{1,2})?$/.test(value.trim())) return null
  const n = Number(value.trim())
  return n >= 0 && n <= 100 ? n : null
}

export function agencyConfig(db: Db) {
  return {
    /** The 验号 checklist of a game: its config (JSON [{key,label}]), else the default config, else the built-in list. */
    async checklistOf(gameId: number, via: Db = db): Promise<AgencyCheckItem[]> {
      const r = agencyRepo(via)
      for (const key of [AGENCY_CONFIG.checklistOf(gameId), AGENCY_CONFIG.checklist]) {
        const value = await r.config(key)
        if (!value) continue
        try {
          const items = JSON.parse(value) as AgencyCheckItem[]
          if (Array.isArray(items) && items.length > 0 && items.every((i) => i.key && i.label)) return items
        } catch {
          // a broken config falls back to the next one
        }
      }
      return DEFAULT_AGENCY_CHECKLIST
    },

    /** The commission percent of a game: its config, else the default config, else 5 %. */
    async percentOf(gameId: number, via: Db = db): Promise<number> {
      const r = agencyRepo(via)
      return (
        parsePercent(await r.config(AGENCY_CONFIG.commissionOf(gameId))) ??
        parsePercent(await r.config(AGENCY_CONFIG.commission)) ??
        AGENCY_LIMITS.defaultCommissionPercent
      )
    },
  }
}
