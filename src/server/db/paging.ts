import { sql, type SelectQueryBuilder } from 'kysely'
import type { PageQuery } from '../../shared/api'
import { PAGINATION } from '../../shared/constants'

export interface Page<T> {
  rows: T[]
  total: number
}

/** The row window of a page query (page 1, 20 rows unless asked). */
export function pageWindow(page: PageQuery) {
  const pageNum = page.pageNum ?? PAGINATION.page
  const pageSize = page.pageSize ?? PAGINATION.limit
  return { offset: (pageNum - 1) * pageSize, limit: pageSize }
}

/** Runs a filtered, selected and ordered query for one page, plus the total count of the same filter. */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageQuery,
) {
  const pageNum = page.pageNum ?? PAGINATION.page
  const pageSize = page.pageSize ?? PAGINATION.limit
  const [rows, counted] = await Promise.all([
    query
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: counted.total }
}
