import { describe, expect, it } from 'vitest'
import { PAGINATION } from '@shared/constants'
import { pagingOf, positiveInt } from './url-params'

describe('url params', () => {
  it('positiveInt reads ids from the address', () => {
    expect(positiveInt('12')).toBe(12)
    expect(positiveInt('0')).toBeNull()
    expect(positiveInt('1.5')).toBeNull()
    expect(positiveInt(null)).toBeNull()
  })
  it('pagingOf takes only the page sizes the UI offers', () => {
    expect(pagingOf(new URLSearchParams('page=3&limit=50'))).toEqual({ page: 3, limit: 50 })
    expect(pagingOf(new URLSearchParams('page=x&limit=7'))).toEqual({
      page: PAGINATION.page,
      limit: PAGINATION.limit,
    })
  })
})
