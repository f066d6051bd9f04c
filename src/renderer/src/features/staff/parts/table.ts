/** Paging of every console table: page 1, 20 per page, sizes 10/20/30/50, the total shown. */
import type { TablePaginationConfig } from 'antd'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'

export const PAGE_SIZES = [10, 20, 30, 50]
export const FIRST_PAGE = { pageNum: 1, pageSize: 20 }

/** `sizes: false` leaves the size changer to antd's defaults (the lists of the platform pages). */
export function pagination(
  q: { pageNum?: number; pageSize?: number },
  total: number | undefined,
  onChange: (pageNum: number, pageSize: number) => void,
  { sizes = true }: { sizes?: boolean } = {},
): TablePaginationConfig {
  return {
    current: q.pageNum ?? 1,
    pageSize: q.pageSize ?? 20,
    total: total ?? 0,
    ...(sizes ? { showSizeChanger: true, pageSizeOptions: PAGE_SIZES } : {}),
    showTotal: (n) => `共 ${n} 条`,
    onChange,
  }
}

export const dateTime = (ms: number | null | undefined) => (ms ? parseTime(ms) : '-')

export const yuanText = (fen: number) => formatYuan(fen)
