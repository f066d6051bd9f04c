/**
 * antd's Tooltip, mounted on first use. A Tooltip is a Trigger with its own state, effects and
 * styles even while closed; the listing cards and the side bar draw one per button on every public
 * page, which was about a tenth of a server render and of the hydration after it (docs/ssr.md
 * "Hydration"). Until a mouse enters or a keyboard focus arrives, the element is drawn alone (with
 * the same markup: a closed Tooltip adds none); then the Tooltip takes over, open at once.
 *
 * Taking over draws the element again, as a new node: a keyboard focus is given back to it. The
 * child's own `ref` is replaced (the buttons and links this wraps have none). A touch arms nothing:
 * a tap is a click, and the element's label says what it does.
 */
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react'
import { Tooltip, type TooltipProps } from 'antd'

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onFocus?: (e: FocusEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
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
  // armed by what: the mouse, or a keyboard focus (which the new node must get back)
  const [armed, setArmed] = useState<false | 'mouse' | 'keyboard'>(false)
  const node = useRef<HTMLElement>(null)
  useEffect(() => {
    if (armed === 'keyboard') node.current?.focus()
  }, [armed])
  if (armed) {
    return (
      <Tooltip title={title} placement={placement} defaultOpen>
        {cloneElement(children, { ref: node })}
      </Tooltip>
    )
  }
  const own = children.props
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      if (e.pointerType === 'mouse') setArmed('mouse')
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e)
      // a keyboard focus shows it; a click's focus does not (the mouse already armed it)
      if (e.target.matches(':focus-visible')) setArmed('keyboard')
    },
  })
}
