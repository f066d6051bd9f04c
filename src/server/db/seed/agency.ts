/**
 * Base seed of agency sale (代售, docs/agency-sale.md): the 代售审核 page of the staff console under
 * 审核中心, the status dictionary of its tags, and the default commission and 验号 checklist
 * (parameters staff may change; per game with a `.<gameId>` suffix).
 */
import {
  AGENCY_CONFIG,
  AGENCY_LIMITS,
  AGENCY_STATUS_DICT,
  AGENCY_STATUS_LABELS,
  DEFAULT_AGENCY_CHECKLIST,
  type AgencyStatus,
} from '../../../shared/api/agency'
import { PERMS } from '../../../shared/permissions'
import type { Db } from '../index'
import { addConsoleMenu } from './console'

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
    const audit = await trx
      .selectFrom('menus')
      .select('id')
      .where('path', '=', '/console/audit')
      .executeTakeFirstOrThrow()
    const last = await trx
      .selectFrom('menus')
      .select((eb) => eb.fn.max('order_num').as('n'))
      .where('parent_id', '=', audit.id)
      .executeTakeFirst()
    await addConsoleMenu(
      trx,
      {
        name: '代售审核',
        path: 'agency',
        component: 'AgencyAudit',
        icon: 'peoples',
        perms: PERMS.agencyList,
      },
      Number(last?.n ?? 0) + 1,
      audit.id,
    )
    await trx
      .insertInto('dict_data')
      .values(
        (Object.keys(AGENCY_STATUS_LABELS) as AgencyStatus[]).map((value, i) => ({
          dict_type: AGENCY_STATUS_DICT,
          dict_label: AGENCY_STATUS_LABELS[value],
          dict_value: value,
          dict_sort: i + 1,
          list_class: STATUS_CLASS[value],
          css_class: '',
          is_default: i === 0 ? 'Y' : 'N',
          status: '0',
        })),
      )
      .execute()
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
