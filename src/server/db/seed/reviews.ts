/**
 * Seed rows of reviews (docs/trading-rules.md, "Reviews"): the tags a buyer may pick (dictionary
 * review_tag; base: the rating form needs them), the console's review status (review_hidden) and the
 * console page 评价管理 under 平台运营.
 */
import { REVIEW_TAG_DICT } from '../../../shared/api/review'
import { PERMS } from '../../../shared/permissions'
import type { Db } from '../index'
import { CONSOLE_ROOT, addConsoleMenu } from './console'

export const REVIEW_TAGS: Array<[string, string]> = [
  ['AS_DESCRIBED', '描述相符'],
  ['FAST_DELIVERY', '发货迅速'],
  ['GOOD_SERVICE', '服务态度好'],
  ['SMOOTH_TALK', '沟通顺畅'],
  ['SAFE_ACCOUNT', '账号安全'],
  ['GOOD_VALUE', '性价比高'],
  ['NOT_AS_DESCRIBED', '描述不符'],
  ['SLOW_DELIVERY', '发货慢'],
]

/** The console's status of a review ([value, label, listClass]). */
export const REVIEW_HIDDEN: Array<[string, string, string]> = [
  ['0', '正常', 'success'],
  ['1', '已隐藏', 'danger'],
]

export async function seedReviewsBase(db: Db) {
  await db.transaction().execute(async (trx) => {
    const entries = [
      ...REVIEW_TAGS.map(([value, label]) => [REVIEW_TAG_DICT, value, label, ''] as const),
      ...REVIEW_HIDDEN.map(
        ([value, label, listClass]) => ['review_hidden', value, label, listClass] as const,
      ),
    ]
    await trx
      .insertInto('dict_data')
      .values(
        entries.map(([dictType, value, label, listClass], i) => ({
          dict_type: dictType,
          dict_label: label,
          dict_value: value,
          dict_sort: i + 1,
          list_class: listClass,
          css_class: '',
          is_default: 'N',
          status: '0',
        })),
      )
      .execute()
    const dir = await trx
      .selectFrom('menus')
      .select('id')
      .where('path', '=', `${CONSOLE_ROOT}/platform`)
      .executeTakeFirst()
    if (!dir) return
    const last = await trx
      .selectFrom('menus')
      .select((eb) => eb.fn.max('order_num').as('n'))
      .where('parent_id', '=', dir.id)
      .executeTakeFirst()
    await addConsoleMenu(
      trx,
      { name: '评价管理', path: 'review', component: 'ReviewManage', icon: 'star', perms: PERMS.reviewList },
      Number(last?.n ?? 0) + 1,
      dir.id,
    )
  })
}
