/**
 * Seed rows of reviews (docs/trading-rules.md, "Reviews"): the tags a buyer may pick (dictionary
 * review_tag; base: the rating form needs them) and the console's review status (review_hidden). Its
 * console page 评价管理 is a record of src/shared/pages/console.ts.
 */
import { REVIEW_TAG_DICT } from '../../../shared/api/review'
import type { SeedReference } from './console'

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

/** The reference data of reviews (reconciled at every start: reference.ts). */
export const REVIEWS_REFERENCE: SeedReference = {
  dicts: {
    [REVIEW_TAG_DICT]: REVIEW_TAGS.map(([value, label]) => [value, label, ''] as const),
    review_hidden: REVIEW_HIDDEN,
  },
  configs: [],
}
