/**
 * antd's Tooltip, mounted on first use. A Tooltip is a Trigger with its own state, effects and
 * styles even while closed; the listing cards and the side bar draw one per button on every public
 * page, which was about a tenth of a server render and of the hydration after it (docs/ssr.md
 * "Hydration"). Until a mouse enters or a keyboard focus arrives, the element is drawn alone (with
 * the same markup: a closed Tooltip adds none); then the Tooltip takes over, open at once.
 *
 * Taking over draws the element again, as a new node: a keyboard focus is given back to it. The
 * child's own `ref` is replaced (the buttons and links this wraps have none). A touch arms nothing:
 * a tap is a click, and the element's label says what it does. The mouse arms it after resting
 * 100 ms (antd's own delay before a tooltip opens), and a press in that time cancels it: a node
 * swapped between the press and the release lost the click (the browser sends it to the parent).
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

/** how long the mouse rests on the element before the Tooltip takes over */
export const HOVER_ARM_MS = 100

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void
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
  // a mouse resting on the element, not pressing it: arms it after HOVER_ARM_MS
  const [resting, setResting] = useState(false)
  useEffect(() => {
    if (!resting) return
    const timer = setTimeout(() => setArmed('mouse'), HOVER_ARM_MS)
    return () => clearTimeout(timer)
  }, [resting])
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
      if (e.pointerType === 'mouse') setResting(true)
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e)
      setResting(false)
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(e)
      setResting(false)
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e)
      // a keyboard focus shows it; a click's focus does not (the mouse already armed it)
      if (e.target.matches(':focus-visible')) setArmed('keyboard')
    },
  })
}
