/**
 * The filter row and paging of a console list (docs/console.md): one query object holds the page
 * and the filters; a search starts again at page 1 with the page size kept, blank text left out.
 */
import { useState, type ReactNode } from 'react'
import { Button, Form, Input, Space } from 'antd'
import { FIRST_PAGE, pagination } from './table'

type PageQuery = { pageNum?: number; pageSize?: number }

/** Filters as sent: text trimmed; undefined, null and blank text left out. */
export function cleanFilters<V extends object>(values: V): Partial<V> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const v = typeof value === 'string' ? value.trim() : value
    if (v === undefined || v === null || v === '') continue
    out[key] = v
  }
  return out as Partial<V>
}

export function usePagedQuery<Q extends PageQuery>(initial: Q) {
  const [query, setQuery] = useState<Q>(initial)
  return {
    query,
    setQuery,
    /** new filters (cleaned), from page 1 with the current page size */
    search: (filters: Partial<Q>) =>
      setQuery({ ...FIRST_PAGE, pageSize: query.pageSize, ...cleanFilters(filters) } as Q),
    /** some filters changed (a select, a search box), the others kept; back to page 1 */
    refine: (filters: Partial<Q>) => {
      const changed: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(filters))
        changed[key] = typeof value === 'string' ? value.trim() || undefined : value
      setQuery((q) => ({ ...q, ...changed, pageNum: 1 }))
    },
    /** the table's pagination for `total` rows */
    paging: (total: number | undefined) =>
      pagination(query, total, (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize }))),
  }
}

/** The inline filter form of a console list with its 搜索 button (and `extra` buttons beside it). */
export function FilterForm<V extends object>(props: {
  onSearch: (values: V) => void
  initialValues?: Partial<V>
  extra?: ReactNode
  children: ReactNode
}) {
  const submit = (
    <Button type="primary" htmlType="submit">
      搜索
    </Button>
  )
  return (
    <Form<V>
      layout="inline"
      className="console-filters"
      initialValues={props.initialValues}
      onFinish={props.onSearch}
    >
      {props.children}
      {props.extra ? (
        <Space>
          {submit}
          {props.extra}
        </Space>
      ) : (
        submit
      )}
    </Form>
  )
}

/** A text filter of a FilterForm: clearable, at most `maxLength` characters (blank is left out). */
export function TextFilter(props: { name: string; label: string; maxLength: number; placeholder?: string }) {
  return (
    <Form.Item name={props.name} label={props.label}>
      <Input allowClear maxLength={props.maxLength} placeholder={props.placeholder} />
    </Form.Item>
  )
}
