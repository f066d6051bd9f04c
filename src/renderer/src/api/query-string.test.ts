import { describe, expect, it } from 'vitest'
import { toQueryString } from './query-string'

describe('toQueryString (object values flattened as name[key])', () => {
  it('serialises plain values and encodes them', () => {
    expect(toQueryString({ pageNum: 1, keyword: '原神 账号', ok: true })).toBe(
      'pageNum=1&keyword=%E5%8E%9F%E7%A5%9E%20%E8%B4%A6%E5%8F%B7&ok=true',
    )
  })

  it('leaves out undefined, null and empty values but keeps 0 and false', () => {
    expect(toQueryString({ a: undefined, b: null, c: '', d: 0, e: false })).toBe('d=0&e=false')
  })

  it('flattens object values as name[key]', () => {
    const qs = toQueryString({ params: { beginTime: '2024-01-01', endTime: '2024-01-31', empty: '' } })
    expect(qs).toBe('params%5BbeginTime%5D=2024-01-01&params%5BendTime%5D=2024-01-31')
    expect(decodeURIComponent(qs)).toBe('params[beginTime]=2024-01-01&params[endTime]=2024-01-31')
  })

  it('flattens nested objects and arrays', () => {
    expect(decodeURIComponent(toQueryString({ a: { b: { c: 1 } }, ids: [3, 4] }))).toBe(
      'a[b][c]=1&ids[0]=3&ids[1]=4',
    )
  })

  it('sends dates as ISO text and handles no params', () => {
    expect(toQueryString({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe(
      'at=2024-01-02T03%3A04%3A05.000Z',
    )
    expect(toQueryString(undefined)).toBe('')
    expect(toQueryString({})).toBe('')
  })
})
