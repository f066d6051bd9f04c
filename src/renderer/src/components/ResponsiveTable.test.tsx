import { act } from 'react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { DeviceHintProvider, PHONE_QUERY } from '@renderer/stores/app'
import { ResponsiveTable } from './ResponsiveTable'

interface Row {
  id: number
  title: string
  price: number
  stock: number
  note: string
}

const ROWS: Row[] = [
  { id: 1, title: '荣耀王者 满级号', price: 123_400, stock: 1, note: '包赔' },
  { id: 2, title: '星耀 初始号', price: 5_000, stock: 3, note: '' },
]

/** The window is a phone's (or not); `change` tells the listeners the width changed. */
function screenIs(phone: boolean) {
  let matches = phone
  // only the phone query's listeners hear a change (antd's own breakpoints listen too)
  const listeners = new Set<(event: { matches: boolean }) => void>()
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === PHONE_QUERY && matches
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => query === PHONE_QUERY && listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  )
  return {
    change(next: boolean) {
      matches = next
      for (const fn of listeners) fn({ matches })
    },
  }
}

function Listing({
  onEdit = () => undefined,
  selected,
  onSelect,
}: {
  onEdit?: (row: Row) => void
  selected?: number[]
  onSelect?: (keys: React.Key[], rows: Row[]) => void
}) {
  const columns: ColumnsType<Row> = [
    { title: '商品', dataIndex: 'title' },
    { title: '价格', dataIndex: 'price', render: (fen: number) => `¥${(fen / 100).toFixed(2)}` },
    { title: '库存', dataIndex: 'stock' },
    { title: '备注', dataIndex: 'note' },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
      ),
    },
  ]
  return (
    <ResponsiveTable<Row>
      rowKey="id"
      columns={columns}
      dataSource={ROWS}
      pagination={false}
      locale={{ emptyText: '暂无商品' }}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected ?? [],
              onChange: onSelect,
              getCheckboxProps: (row) => ({ 'aria-label': `选择 ${row.title}`, disabled: row.stock > 2 }),
            }
          : undefined
      }
      card={{ title: 'title', actions: 'actions', hide: ['note'], label: (row) => row.title }}
    />
  )
}

describe('ResponsiveTable', () => {
  afterEach(() => vi.restoreAllMocks())

  it('is the antd table wider than a phone', () => {
    screenIs(false)
    render(<Listing />)
    expect(screen.getByRole('table')).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('价格')
    expect(screen.queryByRole('listitem', { name: '荣耀王者 满级号' })).toBeNull()
  })

  it("on a phone draws a card per row: the title column heads it, the others are labelled, the actions' buttons work", () => {
    screenIs(true)
    const onEdit = vi.fn()
    render(<Listing onEdit={onEdit} />)
    expect(screen.queryByRole('table')).toBeNull()
    const card = screen.getByRole('listitem', { name: '荣耀王者 满级号' })
    expect(card.querySelector('.rtable-card__title')?.textContent).toBe('荣耀王者 满级号')
    const fields = Array.from(card.querySelectorAll('.rtable-card__field')).map((f) => [
      f.querySelector('dt')?.textContent,
      f.querySelector('dd')?.textContent,
    ])
    // the column's own render draws the value; 备注 is left out (`hide`), 操作 is the card's foot
    expect(fields).toEqual([
      ['价格', '¥1234.00'],
      ['库存', '1'],
    ])
    fireEvent.click(within(card).getByRole('button', { name: '编辑' }))
    expect(onEdit).toHaveBeenCalledWith(ROWS[0])
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it("on a phone a card's checkbox and 全选本页 select rows as the table's would", () => {
    screenIs(true)
    const onSelect = vi.fn()
    const { rerender } = render(<Listing selected={[]} onSelect={onSelect} />)
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 荣耀王者 满级号' }))
    expect(onSelect).toHaveBeenLastCalledWith([1], [ROWS[0]], { type: 'multiple' })
    // the second row's box is disabled: 全选本页 takes the rest
    expect(screen.getByRole('checkbox', { name: '选择 星耀 初始号' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }))
    expect(onSelect).toHaveBeenLastCalledWith([1], [ROWS[0]], { type: 'multiple' })
    rerender(<Listing selected={[1]} onSelect={onSelect} />)
    expect(screen.getByRole('checkbox', { name: '全选本页' })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 荣耀王者 满级号' }))
    expect(onSelect).toHaveBeenLastCalledWith([], [], { type: 'multiple' })
  })

  it('says the empty text on a phone too', () => {
    screenIs(true)
    render(
      <ResponsiveTable<Row> rowKey="id" columns={[]} dataSource={[]} locale={{ emptyText: '暂无商品' }} />,
    )
    expect(screen.getByText('暂无商品')).toBeTruthy()
  })

  it('turns into cards and back when the window crosses 576 px', () => {
    const media = screenIs(false)
    render(<Listing />)
    expect(screen.getByRole('table')).toBeTruthy()
    act(() => media.change(true))
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('listitem', { name: '星耀 初始号' })).toBeTruthy()
    act(() => media.change(false))
    expect(screen.getByRole('table')).toBeTruthy()
  })

  it("a server-rendered page hydrates as the server drew it (the request's device), then follows the window", async () => {
    // act() outside Testing Library's own helpers
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    for (const [device, phone] of [
      ['mobile', true],
      ['desktop', true],
      ['desktop', false],
    ] as const) {
      vi.spyOn(window, 'matchMedia').mockRestore()
      screenIs(phone)
      const page = (
        <DeviceHintProvider value={device}>
          <Listing />
        </DeviceHintProvider>
      )
      const container = document.createElement('div')
      container.innerHTML = renderToString(page)
      expect(container.querySelector(device === 'mobile' ? '.rtable-card' : 'table')).not.toBeNull()
      document.body.appendChild(container)
      const recoverable = vi.fn()
      let root: ReturnType<typeof hydrateRoot> | undefined
      await act(async () => {
        root = hydrateRoot(container, page, { onRecoverableError: recoverable })
      })
      expect(recoverable, `${device} page on a ${phone ? 'phone' : 'desktop'}`).not.toHaveBeenCalled()
      expect(errors).not.toHaveBeenCalled()
      // after hydration the window decides
      expect(container.querySelector(phone ? '.rtable-card' : 'table')).not.toBeNull()
      expect(container.querySelector(phone ? 'table' : '.rtable-card')).toBeNull()
      act(() => root?.unmount())
      container.remove()
    }
  })
})
