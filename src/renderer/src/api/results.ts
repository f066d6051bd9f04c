/** Reading the envelope (architecture.md: `{code,msg,data}`, lists `{code,msg,rows,total}`) into values. */
import type { ApiResult, TableResult } from '@shared/api/envelope'

/** A page of rows: the list envelope `{ rows, total }` (an array in `data` is accepted too). */
export interface Page<T> {
  rows: T[]
  total: number
  /** the search stopped counting at GOODS_LIMITS.searchCountCap: there are more than `total` */
  totalCapped?: boolean
}

export function pageOf<T>(res: Partial<TableResult<T>> & { data?: unknown; totalCapped?: boolean }): Page<T> {
  if (Array.isArray(res.rows)) {
    const page: Page<T> = { rows: res.rows, total: Number(res.total ?? res.rows.length) }
    if (res.totalCapped) page.totalCapped = true
    return page
  }
  const data = res.data as { rows?: T[]; total?: number } | T[] | undefined
  if (Array.isArray(data)) return { rows: data, total: data.length }
  if (data && Array.isArray(data.rows))
    return { rows: data.rows, total: Number(data.total ?? data.rows.length) }
  return { rows: [], total: 0 }
}

/** the `data` of an answer, or an error when the server sent none */
export function dataOf<T>(res: ApiResult<T>, missing = '服务器未返回数据'): T {
  if (res.data === undefined || res.data === null) throw new Error(missing)
  return res.data
}
