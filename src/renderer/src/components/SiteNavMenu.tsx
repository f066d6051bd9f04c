/**
 * The header's 网站导航: a disclosure button with a list of real links (crawlable, keyboard and
 * screen-reader friendly). Opens on hover (a mouse's) and on click (a tap), closes on Escape, a click elsewhere, or when
 * focus leaves it. Written by hand rather than with antd's Dropdown: it is on every page, and the
 * Dropdown brings antd's whole Menu into the first download.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { DownOutlined } from '@ant-design/icons'
import './site-nav-menu.css'

export function SiteNavMenu({
  label,
  items,
}: {
  label: string
  items: ReadonlyArray<{ key: string; label: string; to: string; phoneOnly?: boolean }>
}) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const listId = useId()
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])
  return (
    <div
      ref={root}
      className={`site-nav-menu ${open ? 'is-open' : ''}`}
      // hover opens it for a mouse only: a finger's tap sends an enter before its click, and the
      // click then closed what the enter had just opened (the menu never showed on a phone)
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true)
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false)
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        type="button"
        className="topbar__link topbar__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <DownOutlined className="topbar__caret" />
      </button>
      <ul id={listId} className="site-nav-menu__list" hidden={!open}>
        {items.map((item) => (
          <li key={item.key} className={item.phoneOnly ? 'site-nav-menu__phone-only' : undefined}>
            <Link to={item.to} className="site-nav-menu__item" onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
