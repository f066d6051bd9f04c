/**
 * A console table fed by one query (docs/console.md): its load error with 重试 above it, the spinner
 * while it fetches, size middle. The query answers either all rows or one page of them; a page is
 * shown with `paging` (its pagination for the page's total).
 */
import { Table, type TablePaginationConfig, type TableProps } from 'antd'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

type Rows<T> = readonly T[] | { rows: readonly T[]; total: number }

/** What the table reads of a query result (TanStack Query's UseQueryResult fits). */
export interface ListQueryState<T> {
  data?: Rows<T>
  error: unknown
  isFetching: boolean
  refetch: () => unknown
}

const isPage = <T,>(data: Rows<T>): data is { rows: readonly T[]; total: number } => 'rows' in data

export function QueryTable<T extends object>({
  list,
  errorTitle,
  paging,
  ...table
}: Omit<TableProps<T>, 'loading' | 'dataSource'> & {
  list: ListQueryState<T>
  /** what failed to load (the alert's text when the server gave no reason); without it a failed load shows no alert */
  errorTitle?: string
  paging?: (total: number | undefined) => TablePaginationConfig
}) {
  const data = list.data
  const page = data && isPage(data) ? data : undefined
  return (
    <>
      {errorTitle ? (
        <ErrorAlert error={list.error} fallback={errorTitle} onRetry={() => void list.refetch()} />
      ) : null}
      <Table<T>
        size="middle"
        {...table}
        loading={list.isFetching}
        dataSource={page ? page.rows : ((data as readonly T[] | undefined) ?? [])}
        pagination={paging ? paging(page?.total) : table.pagination}
      />
    </>
  )
}
