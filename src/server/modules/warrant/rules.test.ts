/** The division of a disputed order's escrow, without an app. */
import { describe, expect, it } from 'vitest'
import { planRuling, rulingText } from './rules'

const AMOUNT = 70_000

describe('planRuling', () => {
  it('RELEASE pays the seller everything, REFUND the buyer everything', () => {
    expect(planRuling({ decision: 'RELEASE', reason: ' 已核实 ' }, AMOUNT)).toEqual({
      decision: 'RELEASE',
      refund: 0,
      settle: AMOUNT,
      reason: '已核实',
    })
    expect(planRuling({ decision: 'REFUND', reason: '账号被找回' }, AMOUNT)).toMatchObject({
      decision: 'REFUND',
      refund: AMOUNT,
      settle: 0,
    })
  })

  it('SPLIT names the refund; the rest goes to the seller', () => {
    expect(planRuling({ decision: 'SPLIT', refundAmount: 25_000, reason: '部分回收' }, AMOUNT)).toMatchObject(
      {
        decision: 'SPLIT',
        refund: 25_000,
        settle: 45_000,
      },
    )
  })

  it('records what happens, whatever was pressed: a split of nothing is a release', () => {
    expect(planRuling({ decision: 'SPLIT', refundAmount: 0, reason: 'x' }, AMOUNT)).toMatchObject({
      decision: 'RELEASE',
    })
    expect(planRuling({ decision: 'SPLIT', refundAmount: AMOUNT, reason: 'x' }, AMOUNT)).toMatchObject({
      decision: 'REFUND',
    })
  })

  it('refuses a blank reason, a split without an amount, contradictions and amounts out of range', () => {
    expect(planRuling({ decision: 'RELEASE', reason: '   ' }, AMOUNT)).toEqual({ problem: '请填写裁决理由' })
    expect(planRuling({ decision: 'SPLIT', reason: 'x' }, AMOUNT)).toEqual({
      problem: '部分退款须填写退回买家的金额',
    })
    expect(planRuling({ decision: 'REFUND', refundAmount: 1, reason: 'x' }, AMOUNT)).toEqual({
      problem: '退款给买家时退回买家金额应为 ¥700.00',
    })
    expect(planRuling({ decision: 'SPLIT', refundAmount: AMOUNT + 1, reason: 'x' }, AMOUNT)).toEqual({
      problem: '退回买家金额不能超过订单金额 ¥700.00',
    })
  })
})

describe('rulingText', () => {
  it('says the outcome in money and the reason', () => {
    const plan = { decision: 'SPLIT' as const, refund: 25_000, settle: 45_000, reason: '部分回收' }
    expect(rulingText(plan)).toBe(
      '平台裁决：部分退款，买家退回 ¥250.00，卖家结算 ¥450.00。裁决理由：部分回收',
    )
  })
})
