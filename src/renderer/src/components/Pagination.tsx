/**
 * The one pagination of the app (docs/api-conventions.md, "Output and time"): page 1, 20 per page, sizes 10/20/30/50, total, size
 * changer, pager and quick jumper; after a change the window scrolls to the top over 800 ms. On a
 * phone it is the small pager without the size changer and the jumper, following the app's layout
 * (`useIsMobile`, which a server-rendered page knows from the start) rather than antd's own breakpoint
 * watch, which drew the pagination again right after hydration (docs/ssr.md "Work after hydration").
 */
import { Pagination as AntPagination } from 'antd'
import { PAGINATION } from '@shared/constants'
import { scrollTo } from '@renderer/utils/scroll-to'
import { useIsMobile } from '@renderer/stores/app'
import './pagination.css'

export interface PaginationProps {
  total: number
  page?: number
  limit?: number
  pageSizes?: readonly number[]
  /** scroll the window to the top after a change (default true) */
  autoScroll?: boolean
  /** hide the bar (it is also hidden when there is nothing to page) */
  hidden?: boolean
  onChange: (page: number, limit: number) => void
  /** the address of a page: its number becomes a real link crawlers follow (the click stays in the app) */
  hrefOf?: (page: number) => string
}

export function Pagination({
  total,
  page = PAGINATION.page,
  limit = PAGINATION.limit,
  pageSizes = PAGINATION.pageSizes,
  autoScroll = true,
  hidden = false,
  onChange,
  hrefOf,
}: PaginationProps) {
  const mobile = useIsMobile()
  if (hidden || total <= 0) return null
  return (
    <div className="app-pagination">
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        pageSizeOptions={pageSizes.map(String)}
        showSizeChanger={!mobile}
        showQuickJumper={!mobile}
        size={mobile ? 'small' : undefined}
        // antd watches the breakpoints unless told not to (`responsive` unset counts as on)
        responsive={false}
        showTotal={(count) => `共 ${count} 条`}
        itemRender={
          hrefOf
            ? (target, type, original) =>
                type === 'page' ? (
                  <a href={hrefOf(target)} onClick={(event) => event.preventDefault()}>
                    {target}
                  </a>
                ) : (
                  original
                )
            : undefined
        }
        onChange={(nextPage, nextLimit) => {
          // a new page size that leaves the current page empty starts again at page 1
          const target = nextLimit !== limit && (nextPage - 1) * nextLimit >= total ? 1 : nextPage
          onChange(target, nextLimit)
          if (autoScroll) scrollTo(0, PAGINATION.scrollDurationMs)
        }}
      />
    </div>
  )
}

export default Pagination
