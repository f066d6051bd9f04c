/**
 * Page and size of a list kept in the component (not in the address): spread `props` into its
 * <Pagination>. `autoScroll: false` for a list that is one section of a page (a tab, a card), so a
 * change leaves the user where they are.
 */
import { useState } from 'react'
import { PAGINATION } from '@shared/constants'

export function usePagerState(initialLimit: number = PAGINATION.limit, { autoScroll = true } = {}) {
  const [page, setPage] = useState<number>(PAGINATION.page)
  const [limit, setLimit] = useState<number>(initialLimit)
  return {
    page,
    limit,
    /** back to a page (1 after a filter changed), the size kept */
    setPage,
    props: {
      page,
      limit,
      autoScroll,
      onChange: (p: number, l: number) => {
        setPage(p)
        setLimit(l)
      },
    },
  }
}
