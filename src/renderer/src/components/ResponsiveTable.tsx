/**
 * An antd Table on wider screens and, on a phone (≤ 575 px, `useIsPhone`), the same rows as cards
 * (docs/screens.md, "Phones"): the `card.title` column's cell heads the card, every other column
 * is a 标签：值 line drawn by the column's own `render`, and the `card.actions` column's buttons sit
 * at the bottom as touch-sized buttons. Row selection becomes a checkbox per card and 全选本页.
 * The one way every buyer's and seller's wide table turns into cards: a page passes its columns
 * once, with `card` naming which column is which.
 */
import type { Key, ReactNode } from 'react'
import { Checkbox, Empty, Spin, Table, type TableProps } from 'antd'
import type { ColumnType } from 'antd/es/table'
import { useIsPhone } from '@renderer/stores/app'
import './responsive-table.css'

export interface CardLayout<T> {
  /** the key (or dataIndex) of the column that heads the card; without it the first column does */
  title?: string
  /** the key of the column whose buttons go to the card's foot */
  actions?: string
  /** columns left out of the card (shown elsewhere on it, or not worth a phone's line) */
  hide?: readonly string[]
  /** the card's accessible name (e.g. the listing's title), for screen readers and tests */
  label?: (row: T) => string
}

export type ResponsiveTableProps<T> = TableProps<T> & { card?: CardLayout<T> }

type Column<T> = ColumnType<T> & { hidden?: boolean }

/** A column's name for `card`: its key, or its dataIndex (a path joined with dots). */
export function columnKey<T>(column: Column<T>): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key)
  const index = column.dataIndex as unknown
  if (Array.isArray(index)) return index.join('.')
  if (typeof index === 'string' || typeof index === 'number') return String(index)
  return undefined
}

function valueAt(row: object, index: unknown): unknown {
  if (index === undefined || index === null) return undefined
  const path = Array.isArray(index) ? (index as Array<string | number>) : [index as string | number]
  let value: unknown = row
  for (const part of path)
    value = value == null ? undefined : (value as Record<string | number, unknown>)[part]
  return value
}

/** The cell a column draws for a row, as the table would (its `render`, or the plain value). */
export function cellOf<T extends object>(column: Column<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex)
  if (!column.render) return value as ReactNode
  const drawn = column.render(value, row, index) as unknown
  // a render may answer { children, props } (cell spans): the card takes the children
  if (
    drawn &&
    typeof drawn === 'object' &&
    !Array.isArray(drawn) &&
    'children' in drawn &&
    !('$$typeof' in drawn)
  )
    return (drawn as { children: ReactNode }).children
  return drawn as ReactNode
}

function rowKeyOf<T extends object>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index)
  return (row as Record<string, unknown>)[String(rowKey ?? 'key')] as Key
}

function titleText(title: unknown): ReactNode {
  return typeof title === 'function' ? null : (title as ReactNode)
}

function Cards<T extends object>({
  columns = [],
  dataSource = [],
  rowKey,
  rowSelection,
  loading,
  locale,
  card = {},
  className,
}: ResponsiveTableProps<T>) {
  const visible = (columns as Array<Column<T>>).filter((c) => !c.hidden && !('children' in c && c.children))
  const titleKey = card.title ?? columnKey(visible[0] ?? {})
  const titleColumn = visible.find((c) => columnKey(c) === titleKey)
  const actionsColumn = card.actions ? visible.find((c) => columnKey(c) === card.actions) : undefined
  const fields = visible.filter(
    (c) => c !== titleColumn && c !== actionsColumn && !card.hide?.includes(columnKey(c) ?? ''),
  )
  const rows = [...dataSource]
  const keys = rows.map((row, i) => rowKeyOf(rowKey, row, i))
  const selected = new Set<Key>(rowSelection?.selectedRowKeys ?? [])
  const select = (next: Set<Key>) => {
    const chosen = keys.filter((k) => next.has(k))
    rowSelection?.onChange?.(
      chosen,
      rows.filter((_, i) => next.has(keys[i])),
      { type: 'multiple' },
    )
  }
  const selectable = rows
    .map((row, i) => ({ key: keys[i], disabled: rowSelection?.getCheckboxProps?.(row)?.disabled === true }))
    .filter((r) => !r.disabled)
  const allChecked = selectable.length > 0 && selectable.every((r) => selected.has(r.key))
  const spinning = typeof loading === 'object' ? loading.spinning !== false : Boolean(loading)

  return (
    <Spin spinning={spinning}>
      <div className={`rtable-cards${className ? ` ${className}` : ''}`}>
        {rowSelection && rows.length > 0 ? (
          <Checkbox
            className="rtable-cards__all"
            checked={allChecked}
            indeterminate={!allChecked && selectable.some((r) => selected.has(r.key))}
            onChange={(e) => select(new Set(e.target.checked ? selectable.map((r) => r.key) : []))}
          >
            全选本页
          </Checkbox>
        ) : null}
        {rows.length === 0 ? (
          <div className="rtable-cards__empty">
            {typeof locale?.emptyText === 'function'
              ? (locale.emptyText as () => ReactNode)()
              : (locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
          </div>
        ) : (
          <ul className="rtable-cards__list">
            {rows.map((row, i) => {
              const key = keys[i]
              const box = rowSelection?.getCheckboxProps?.(row) ?? {}
              return (
                <li key={key} className="rtable-card" aria-label={card.label?.(row)}>
                  <div className="rtable-card__head">
                    {rowSelection ? (
                      <Checkbox
                        {...box}
                        className="rtable-card__check"
                        checked={selected.has(key)}
                        onChange={(e) => {
                          const next = new Set(selected)
                          if (e.target.checked) next.add(key)
                          else next.delete(key)
                          select(next)
                        }}
                      />
                    ) : null}
                    <div className="rtable-card__title">
                      {titleColumn ? cellOf(titleColumn, row, i) : null}
                    </div>
                  </div>
                  {fields.length > 0 ? (
                    <dl className="rtable-card__fields">
                      {fields.map((column, c) => (
                        <div className="rtable-card__field" key={columnKey(column) ?? c}>
                          <dt>{titleText(column.title)}</dt>
                          <dd>{cellOf(column, row, i)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {actionsColumn ? (
                    <div className="rtable-card__actions">{cellOf(actionsColumn, row, i)}</div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Spin>
  )
}

export function ResponsiveTable<T extends object>({ card, ...table }: ResponsiveTableProps<T>) {
  const phone = useIsPhone()
  if (phone) return <Cards<T> {...table} card={card} />
  return <Table<T> {...table} />
}
