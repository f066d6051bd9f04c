import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import { useAppStore } from '@renderer/stores/app'
import { Pagination } from './Pagination'

vi.mock('@renderer/utils/scroll-to', () => ({ scrollTo: vi.fn() }))
const { scrollTo } = await import('@renderer/utils/scroll-to')

afterEach(() => vi.clearAllMocks())

describe('Pagination', () => {
  it('shows total, size changer, pager and quick jumper with the defaults', () => {
    render(
      <TestProviders>
        <Pagination total={95} onChange={() => undefined} />
      </TestProviders>,
    )
    expect(screen.getByText('共 95 条')).toBeTruthy()
    expect(screen.getByText('20 条/页')).toBeTruthy()
    expect(screen.getByTitle('5')).toBeTruthy()
    expect(screen.queryByTitle('6')).toBeNull()
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull()
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('1')
  })

  it('is the small pager on a phone, without the size changer and the jumper', () => {
    useAppStore.setState({ device: 'mobile' })
    try {
      render(
        <TestProviders>
          <Pagination total={95} onChange={() => undefined} />
        </TestProviders>,
      )
      expect(document.querySelector('.ant-pagination-mini')).not.toBeNull()
      expect(screen.getByTitle('5')).toBeTruthy()
      expect(screen.queryByText('20 条/页')).toBeNull()
      expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeNull()
    } finally {
      useAppStore.setState({ device: 'desktop' })
    }
  })

  it('offers the page sizes 10, 20, 30 and 50', async () => {
    render(
      <TestProviders>
        <Pagination total={95} onChange={() => undefined} />
      </TestProviders>,
    )
    fireEvent.mouseDown(screen.getByRole('combobox'))
    for (const size of [10, 20, 30, 50]) {
      expect((await screen.findAllByText(`${size} 条/页`)).length).toBeGreaterThan(0)
    }
  })

  it('reports page changes and scrolls to the top over 800 ms', () => {
    const onChange = vi.fn()
    render(<Pagination total={95} page={1} limit={20} onChange={onChange} />)
    fireEvent.click(screen.getByTitle('3'))
    expect(onChange).toHaveBeenCalledWith(3, 20)
    expect(scrollTo).toHaveBeenCalledWith(0, 800)
  })

  it('does not scroll when autoScroll is off, and hides without rows', () => {
    const onChange = vi.fn()
    const { rerender } = render(<Pagination total={95} autoScroll={false} onChange={onChange} />)
    fireEvent.click(screen.getByTitle('2'))
    expect(scrollTo).not.toHaveBeenCalled()
    rerender(<Pagination total={0} onChange={onChange} />)
    expect(document.querySelector('.ant-pagination')).toBeNull()
  })
})
