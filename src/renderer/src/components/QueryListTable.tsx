/**
 * A list table of the user's own pages (follows, subscriptions, the seller's goods) fed by one
 * query: a failed load shows its error with 重试 in place of the table; an empty list says so, with
 * a button to where things are found or made. Paging is the page's own <Pagination> below. On a
 * phone the rows are cards (ResponsiveTable, `card`).
 */
import { Link } from 'react-router-dom'
import { Button, Empty } from 'antd'
import { ErrorAlert } from './ErrorAlert'
import { ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable'

export function QueryListTable<T extends object>({
  list,
  errorTitle,
  empty,
  ...table
}: Omit<ResponsiveTableProps<T>, 'dataSource' | 'loading' | 'locale' | 'pagination'> & {
  list: { data?: { rows: readonly T[] }; error: unknown; isFetching: boolean; refetch: () => unknown }
  /** what failed to load: the load error's text when the server gave no reason (or it was toasted) */
  errorTitle: string
  empty: { description: string; action?: { to: string; label: string } | null }
}) {
  if (list.error && !list.isFetching)
    return <ErrorAlert error={list.error} fallback={errorTitle} onRetry={() => void list.refetch()} />
  return (
    <ResponsiveTable<T>
      {...table}
      dataSource={list.data?.rows ?? []}
      loading={list.isFetching}
      pagination={false}
      locale={{
        emptyText: (
          <Empty description={empty.description}>
            {empty.action ? (
              <Link to={empty.action.to}>
                <Button type="primary">{empty.action.label}</Button>
              </Link>
            ) : null}
          </Empty>
        ),
      }}
    />
  )
}
