import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { HOVER_ARM_MS, HoverTooltip } from './HoverTooltip'

describe('HoverTooltip', () => {
  it('draws the element alone until a mouse enters, then shows the tooltip; the element keeps its own handlers', async () => {
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

    // a touch arms nothing (a tap is a click)
    fireEvent.pointerEnter(button, { pointerType: 'touch' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.pointerEnter(button, { pointerType: 'mouse' })
    expect(onPointerEnter).toHaveBeenCalledTimes(2)
    expect((await screen.findByRole('tooltip')).textContent).toContain('取消关注')
    fireEvent.click(screen.getByRole('button', { name: '心' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('does not swap the element under a press: a quick click is not lost', async () => {
    const onClick = vi.fn()
    render(
      <HoverTooltip title="在线客服">
        <button type="button" onClick={onClick}>
          客服
        </button>
      </HoverTooltip>,
    )
    const button = screen.getByRole('button', { name: '客服' })
    fireEvent.pointerEnter(button, { pointerType: 'mouse' })
    fireEvent.pointerDown(button, { pointerType: 'mouse' })
    await new Promise((resolve) => setTimeout(resolve, HOVER_ARM_MS + 50))
    // the same node: the release and the click land where the press did
    expect(screen.getByRole('button', { name: '客服' })).toBe(button)
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('shows on keyboard focus too, and the focus stays on the element', async () => {
    render(
      <HoverTooltip title="在线客服">
        <button type="button">客服</button>
      </HoverTooltip>,
    )
    const button = screen.getByRole('button', { name: '客服' })
    // jsdom has no :focus-visible heuristics; a focus that matches it is a keyboard focus
    vi.spyOn(button, 'matches').mockImplementation((selector) => selector === ':focus-visible')
    button.focus()
    expect((await screen.findByRole('tooltip')).textContent).toContain('在线客服')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '客服' }))
  })
})
