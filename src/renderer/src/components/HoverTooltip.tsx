/**
 * antd's Tooltip, mounted on first use. A Tooltip is a Trigger with its own state, effects and
 * styles even while closed; the listing cards and the side bar draw one per button on every public
 * page, which was about a tenth of a server render and of the hydration after it (docs/ssr.md
 * "Hydration"). Until the pointer enters or the element gets focus, the element is drawn alone (with
 * the same markup: a closed Tooltip adds none); then the Tooltip takes over, open at once.
 */
import { cloneElement, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react'
import { Tooltip, type TooltipProps } from 'antd'

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onFocus?: (e: FocusEvent<HTMLElement>) => void
}

export function HoverTooltip({
  title,
  placement,
  children,
}: {
  title: TooltipProps['title']
  placement?: TooltipProps['placement']
  children: ReactElement<TriggerProps>
}) {
  const [armed, setArmed] = useState(false)
  if (armed) {
    return (
      <Tooltip title={title} placement={placement} defaultOpen>
        {children}
      </Tooltip>
    )
  }
  const own = children.props
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      setArmed(true)
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e)
      // keyboard focus shows it; a click's focus does not (the pointer already armed it)
      if (e.target.matches(':focus-visible')) setArmed(true)
    },
  })
}
