/** List state in the address: ids and the page and page size of a paged list, read and written. */
import { PAGINATION } from '@shared/constants'

/** A positive integer from a query parameter, or null. */
export function positiveInt(text: string | null | undefined): number | null {
  if (!text) return null
  const n = Number(text)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** `page` and `limit` of the address (a limit the UI does not offer falls back to the default). */
export function pagingOf(params: URLSearchParams): { page: number; limit: number } {
  const page = positiveInt(params.get('page')) ?? PAGINATION.page
  const limit = positiveInt(params.get('limit'))
  return {
    page,
    limit: limit && (PAGINATION.pageSizes as readonly number[]).includes(limit) ? limit : PAGINATION.limit,
  }
}

/** Writes `page` and `limit` into `search`, each left out where it is the default (a clean address). */
export function setPaging(search: URLSearchParams, next: { page?: number; limit?: number }): void {
  if (next.page && next.page !== PAGINATION.page) search.set('page', String(next.page))
  if (next.limit && next.limit !== PAGINATION.limit) search.set('limit', String(next.limit))
}
