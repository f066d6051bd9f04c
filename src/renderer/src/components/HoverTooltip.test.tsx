import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { HoverTooltip } from './HoverTooltip'

describe('HoverTooltip', () => {
  it('draws the element alone until the pointer enters, then shows the tooltip; the element keeps its own handlers', async () => {
    const onPointerEnter = vi.fn()
    const onClick = vi.fn()
    render(
      <HoverTooltip title="取消关注">
        <button type="button" onPointerEnter={onPointerEnter} onClick={onClick}>
          心
        </button>
      </HoverTooltip>,
    )
    const button = screen.getByRole('button', { name: '心' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    expect(document.body.textContent).not.toContain('取消关注')

    fireEvent.pointerEnter(button)
    expect(onPointerEnter).toHaveBeenCalledTimes(1)
    expect((await screen.findByRole('tooltip')).textContent).toContain('取消关注')
    fireEvent.click(screen.getByRole('button', { name: '心' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('shows on keyboard focus too', async () => {
    render(
      <HoverTooltip title="在线客服">
        <button type="button">客服</button>
      </HoverTooltip>,
    )
    const button = screen.getByRole('button', { name: '客服' })
    // jsdom has no :focus-visible heuristics; a focus that matches it is a keyboard focus
    vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':focus-visible')
    fireEvent.focus(button)
    expect((await screen.findByRole('tooltip')).textContent).toContain('在线客服')
  })
})
