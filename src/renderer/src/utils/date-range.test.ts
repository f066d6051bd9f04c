import { describe, expect, it } from 'vitest'
import { addDateRange } from './date-range'

describe('addDateRange', () => {
  it('adds params.beginTime and params.endTime', () => {
    expect(addDateRange({ pageNum: 1 }, ['2024-01-01', '2024-01-31'])).toEqual({
      pageNum: 1,
      params: { beginTime: '2024-01-01', endTime: '2024-01-31' },
    })
  })
  it('uses begin{Prop}/end{Prop} with a suffix and keeps other params', () => {
    const query = { params: { keep: 1 } }
    const result = addDateRange(query, ['a', 'b'], 'CreateTime')
    expect(result.params).toEqual({ keep: 1, beginCreateTime: 'a', endCreateTime: 'b' })
    expect(query.params).toEqual({ keep: 1 })
  })
  it('sets undefined values without a range', () => {
    expect(addDateRange({}, null).params).toEqual({ beginTime: undefined, endTime: undefined })
  })
})
