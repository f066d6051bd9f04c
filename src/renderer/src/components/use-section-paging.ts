/**
 * The paging of a list that is one section of a page (a tab, a card): its own page and size, and
 * no scroll to the top on a change (the list stays where the user is). Spread `props` into the
 * section's <Pagination>.
 */
import { useState } from 'react'
import { PAGINATION } from '@shared/constants'

export function useSectionPaging(initialLimit: number = PAGINATION.limit) {
  const [page, setPage] = useState<number>(PAGINATION.page)
  const [limit, setLimit] = useState<number>(initialLimit)
  return {
    page,
    limit,
    props: {
      page,
      limit,
      autoScroll: false,
      onChange: (p: number, l: number) => {
        setPage(p)
        setLimit(l)
      },
    },
  }
}
