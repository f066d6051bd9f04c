/**
 * The list page's filters on a phone (docs/screens.md, "Phones"): a 筛选 button in the head opens the
 * filter rows as a panel from the right; on a wider screen the rows are simply part of the page.
 * Written by hand (state and CSS, list.css) rather than with antd's Drawer, which the page does not
 * otherwise load (the list page's script budget). Picking a filter applies it at once (the URL, as
 * on a desktop) and keeps the panel open; 查看 … 件商品, the close button, the mask or Escape close it.
 */
import { useEffect, useRef, type ReactNode } from 'react'
import { FilterOutlined } from '@ant-design/icons'

/** The phone's 筛选 button (hidden on wider screens), with how many filters are set. */
export function FilterDrawerButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button type="button" className="filter-drawer__open" aria-haspopup="dialog" onClick={onClick}>
      <FilterOutlined /> 筛选
      {count > 0 ? <span className="filter-drawer__count">{count}</span> : null}
    </button>
  )
}

export function FilterDrawer({
  open,
  onClose,
  total,
  children,
}: {
  open: boolean
  onClose: () => void
  /** the listings the filters find, for the close button's words */
  total: number | undefined
  children: ReactNode
}) {
  const close = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    close.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])
  return (
    <>
      {open ? <div className="filter-drawer__mask" aria-hidden="true" onClick={onClose} /> : null}
      <div
        className={`filter-drawer ${open ? 'is-open' : ''}`}
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': '筛选' } : {})}
      >
        <div className="filter-drawer__head">
          <strong>筛选</strong>
          <button
            ref={close}
            type="button"
            className="filter-drawer__close"
            aria-label="关闭筛选"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="filter-drawer__body">{children}</div>
        <div className="filter-drawer__foot">
          <button type="button" className="filter-drawer__done" onClick={onClose}>
            {total === undefined ? '查看商品' : `查看 ${total} 件商品`}
          </button>
        </div>
      </div>
    </>
  )
}
