/** The reconciliation matcher (pay/reconcile.ts): every kind of mismatch, repeats, empty sides, day edges. */
import { describe, expect, it } from 'vitest'
import { chinaDayRange } from './reconcile-job'
import { matchBill, type OurLine } from './reconcile'
import type { BillLine } from './provider'

const DAY = '2026-11-27'
const [START, END] = chinaDayRange(DAY)

const ours = (ourNo: string, amount: number, more: Partial<OurLine> = {}): OurLine => ({
  kind: 'PAYMENT',
  ourNo,
  amount,
  at: START + 3600_000,
  state: 'PAID',
  done: true,
  ...more,
})
const theirs = (ourNo: string, amount: number, more: Partial<BillLine> = {}): BillLine => ({
  kind: 'PAYMENT',
  ourNo,
  providerNo: `T${ourNo}`,
  amount,
  at: START + 3600_000,
  ...more,
})

describe('matchBill', () => {
  it('finds nothing when both sides are empty', () => {
    expect(matchBill([], [])).toEqual([])
  })

  it('finds nothing when every line pairs with the same amount, whatever the order', () => {
    expect(
      matchBill(
        [ours('P1', 100), ours('P2', 250), ours('R1', 50, { kind: 'REFUND', state: 'SUCCESS' })],
        [theirs('R1', 50, { kind: 'REFUND' }), theirs('P2', 250), theirs('P1', 100)],
      ),
    ).toEqual([])
  })

  it('reports every bill line as missing on our side when we have none', () => {
    expect(matchBill([], [theirs('P1', 100), theirs('X9', 7)])).toEqual([
      {
        kind: 'MISSING_OURS',
        lineKind: 'PAYMENT',
        ourNo: 'P1',
        ourAmount: null,
        theirAmount: 100,
        ourState: null,
        providerNo: 'TP1',
        key: 'PAYMENT:P1:MISSING_OURS',
      },
      expect.objectContaining({ kind: 'MISSING_OURS', ourNo: 'X9', theirAmount: 7 }),
    ])
  })

  it('reports every line of ours done as missing on theirs when the bill is empty', () => {
    expect(matchBill([ours('P1', 100)], [])).toEqual([
      {
        kind: 'MISSING_THEIRS',
        lineKind: 'PAYMENT',
        ourNo: 'P1',
        ourAmount: 100,
        theirAmount: null,
        ourState: 'PAID',
        providerNo: null,
        key: 'PAYMENT:P1:MISSING_THEIRS',
      },
    ])
  })

  it('leaves our lines not done alone when the bill does not name them (a closed attempt)', () => {
    expect(matchBill([ours('P1', 100, { state: 'CLOSED', done: false })], [])).toEqual([])
  })

  it('reports a different amount with both amounts', () => {
    expect(matchBill([ours('P1', 100)], [theirs('P1', 99)])).toEqual([
      expect.objectContaining({ kind: 'AMOUNT_DIFFERS', ourAmount: 100, theirAmount: 99, providerNo: 'TP1' }),
    ])
  })

  it('reports a line billed while ours is not done (paid at the provider after we closed it)', () => {
    expect(matchBill([ours('P1', 100, { state: 'CLOSED', done: false })], [theirs('P1', 100)])).toEqual([
      expect.objectContaining({
        kind: 'STATE_DIFFERS',
        ourState: 'CLOSED',
        ourAmount: 100,
        theirAmount: 100,
      }),
    ])
    // the state is what matters then, whatever the amount
    expect(
      matchBill([ours('P1', 100, { state: 'WAITING', done: false })], [theirs('P1', 1)]).map((m) => m.kind),
    ).toEqual(['STATE_DIFFERS'])
  })

  it('pairs by kind and number: a refund is not the payment of the same number', () => {
    const refund = theirs('P1', 100, { kind: 'REFUND' })
    expect(
      matchBill([ours('P1', 100)], [theirs('P1', 100), refund]).map((m) => [m.kind, m.lineKind]),
    ).toEqual([['MISSING_OURS', 'REFUND']])
  })

  it('pairs repeated numbers in order; each line left over is missing on the other side, with its own key', () => {
    // billed three times, recorded once: two payments we never recorded
    const twice = matchBill([ours('P1', 100)], [theirs('P1', 100), theirs('P1', 100), theirs('P1', 100)])
    expect(twice.map((m) => [m.kind, m.key])).toEqual([
      ['MISSING_OURS', 'PAYMENT:P1:MISSING_OURS'],
      ['MISSING_OURS', 'PAYMENT:P1:MISSING_OURS#2'],
    ])
    // recorded twice (two sources naming one number), billed once
    expect(matchBill([ours('P1', 100), ours('P1', 100)], [theirs('P1', 100)]).map((m) => m.key)).toEqual([
      'PAYMENT:P1:MISSING_THEIRS',
    ])
    // repeated on both sides with different amounts: pairs in the given order
    expect(
      matchBill([ours('P1', 100), ours('P1', 200)], [theirs('P1', 100), theirs('P1', 300)]).map((m) => [
        m.kind,
        m.ourAmount,
        m.theirAmount,
      ]),
    ).toEqual([['AMOUNT_DIFFERS', 200, 300]])
  })

  it('gives every mismatch a distinct key and sorts them by line kind, number and kind', () => {
    const found = matchBill(
      [ours('P3', 1), ours('P1', 5), ours('Y1', 10, { kind: 'PAYOUT', state: 'PAID' })],
      [theirs('P2', 2), theirs('P1', 6), theirs('R1', 3, { kind: 'REFUND' })],
    )
    expect(found.map((m) => m.key)).toEqual([
      'PAYMENT:P1:AMOUNT_DIFFERS',
      'PAYMENT:P2:MISSING_OURS',
      'PAYMENT:P3:MISSING_THEIRS',
      'PAYOUT:Y1:MISSING_THEIRS',
      'REFUND:R1:MISSING_OURS',
    ])
    expect(new Set(found.map((m) => m.key)).size).toBe(found.length)
    // the same lists give the same keys (storing a day twice stores nothing new)
    expect(matchBill([ours('P3', 1)], [theirs('P2', 2)]).map((m) => m.key)).toEqual(
      matchBill([ours('P3', 1)], [theirs('P2', 2)]).map((m) => m.key),
    )
  })

  it('ignores the times: lines at the first and last millisecond of the day, and a line of ours of the day before named by the bill, pair', () => {
    expect(
      matchBill(
        [ours('P1', 1, { at: START }), ours('P2', 2, { at: END - 1 }), ours('P0', 3, { at: START - 1 })],
        [theirs('P1', 1, { at: START }), theirs('P2', 2, { at: END - 1 }), theirs('P0', 3, { at: START })],
      ),
    ).toEqual([])
  })
})

describe('matchBill over refund and payout lines', () => {
  const refund = (ourNo: string, amount: number, more: Partial<OurLine> = {}) =>
    ours(ourNo, amount, { kind: 'REFUND', state: 'SUCCESS', ...more })
  const payout = (ourNo: string, amount: number, more: Partial<OurLine> = {}) =>
    ours(ourNo, amount, { kind: 'PAYOUT', ...more })
  const billedRefund = (ourNo: string, amount: number) => theirs(ourNo, amount, { kind: 'REFUND' })
  const billedPayout = (ourNo: string, amount: number) => theirs(ourNo, amount, { kind: 'PAYOUT' })

  it('pairs a day of payments, refunds and payouts clean', () => {
    expect(
      matchBill(
        [ours('P1', 10_000), refund('R1', 3_000), refund('L2', 1_500), payout('T1', 4_000)],
        [
          billedPayout('T1', 4_000),
          billedRefund('L2', 1_500),
          theirs('P1', 10_000),
          billedRefund('R1', 3_000),
        ],
      ),
    ).toEqual([])
  })

  it('finds a refund we made that is missing from the bill', () => {
    expect(matchBill([ours('P1', 100), refund('R1', 100)], [theirs('P1', 100)])).toEqual([
      {
        kind: 'MISSING_THEIRS',
        lineKind: 'REFUND',
        ourNo: 'R1',
        ourAmount: 100,
        theirAmount: null,
        ourState: 'SUCCESS',
        providerNo: null,
        key: 'REFUND:R1:MISSING_THEIRS',
      },
    ])
  })

  it('finds a refund billed for another amount than ours', () => {
    expect(matchBill([refund('R1', 3_000)], [billedRefund('R1', 2_500)])).toEqual([
      expect.objectContaining({
        kind: 'AMOUNT_DIFFERS',
        lineKind: 'REFUND',
        ourNo: 'R1',
        ourAmount: 3_000,
        theirAmount: 2_500,
        providerNo: 'TR1',
      }),
    ])
  })

  it('finds a transfer in the bill that we have no payout of', () => {
    expect(matchBill([payout('T1', 4_000)], [billedPayout('T1', 4_000), billedPayout('T9', 700)])).toEqual([
      {
        kind: 'MISSING_OURS',
        lineKind: 'PAYOUT',
        ourNo: 'T9',
        ourAmount: null,
        theirAmount: 700,
        ourState: null,
        providerNo: 'TT9',
        key: 'PAYOUT:T9:MISSING_OURS',
      },
    ])
  })

  it('finds a refund or transfer billed that we failed or still wait for (state differs); unbilled, they are no mismatch', () => {
    const found = matchBill(
      [
        refund('R1', 500, { state: 'FAILED', done: false }),
        payout('T1', 800, { state: 'PAYING', done: false }),
        refund('R2', 100, { state: 'PENDING', done: false }),
        payout('T2', 200, { state: 'FAILED', done: false }),
      ],
      [billedRefund('R1', 500), billedPayout('T1', 800)],
    )
    expect(found.map((m) => [m.kind, m.lineKind, m.ourNo, m.ourState])).toEqual([
      ['STATE_DIFFERS', 'PAYOUT', 'T1', 'PAYING'],
      ['STATE_DIFFERS', 'REFUND', 'R1', 'FAILED'],
    ])
  })
})

describe('chinaDayRange', () => {
  it('is the China day, midnight to midnight UTC+8, half open', () => {
    expect(new Date(START).toISOString()).toBe('2026-11-26T16:00:00.000Z')
    expect(END - START).toBe(24 * 3600_000)
  })
})
