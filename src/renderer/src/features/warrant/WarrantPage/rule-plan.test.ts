import { describe, expect, it } from 'vitest'
import { planOf } from './rule-plan'

describe('planOf', () => {
  it('divides the amount by the decision', () => {
    expect(planOf({ decision: 'RELEASE', reason: ' x ' }, 700)).toEqual({
      decision: 'RELEASE',
      refund: 0,
      settle: 700,
      reason: 'x',
    })
    expect(planOf({ decision: 'REFUND', reason: 'x' }, 700)).toMatchObject({ refund: 700, settle: 0 })
    expect(planOf({ decision: 'SPLIT', refundYuan: '2.5', reason: 'x' }, 700)).toMatchObject({
      refund: 250,
      settle: 450,
    })
  })
  it('is nothing without a decision or with a refund out of range', () => {
    expect(planOf({ reason: 'x' }, 700)).toBeNull()
    expect(planOf({ decision: 'SPLIT', refundYuan: '8', reason: 'x' }, 700)).toBeNull()
    expect(planOf({ decision: 'SPLIT', refundYuan: 'abc', reason: 'x' }, 700)).toBeNull()
  })
})
