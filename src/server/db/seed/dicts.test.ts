/** Status dictionaries take their labels from the shared constants (one source), except the named wording. */
import { describe, expect, it } from 'vitest'
import { WITHDRAW_STATUS_LABELS } from '../../../shared/api/funds'
import { GOODS_STATUS_LABELS, GOODS_TYPE_LABELS } from '../../../shared/api/goods'
import { NOTICE_TYPE_LABELS } from '../../../shared/api/notice'
import { ORDER_STATUS_LABELS } from '../../../shared/api/trade'
import { DISPUTE_STATE_LABELS, RULING_DECISION_LABELS } from '../../../shared/api/warrant'
import { CONSOLE_DICTS, labelDict } from './console'
import { DICTS } from './system'

const labels = (entries: ReadonlyArray<readonly [string, string, string]>) =>
  Object.fromEntries(entries.map(([value, label]) => [value, label]))

describe('status dictionaries', () => {
  it('builds entries in the order of the colours, with the wording where given', () => {
    expect(labelDict({ A: '甲', B: '乙' }, { B: 'info', A: 'success' }, { A: '甲甲' })).toEqual([
      ['B', '乙', 'info'],
      ['A', '甲甲', 'success'],
    ])
  })

  it('seeds the shared labels', () => {
    expect(labels(DICTS.goods_type)).toEqual(GOODS_TYPE_LABELS)
    expect(labels(DICTS.goods_status)).toEqual(GOODS_STATUS_LABELS)
    expect(labels(DICTS.order_status)).toEqual({ ...ORDER_STATUS_LABELS, PAID: '已支付' })
    expect(labels(DICTS.notice_type)).toEqual({ ...NOTICE_TYPE_LABELS, NOTICE: '通知', ANNOUNCEMENT: '公告' })
    expect(labels(CONSOLE_DICTS.withdraw_status)).toEqual({ ...WITHDRAW_STATUS_LABELS, APPROVED: '已打款' })
    expect(labels(CONSOLE_DICTS.dispute_state)).toEqual(DISPUTE_STATE_LABELS)
    expect(labels(CONSOLE_DICTS.ruling_decision)).toEqual({ ...RULING_DECISION_LABELS, REFUND: '全额退款' })
  })
})
