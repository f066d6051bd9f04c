/**
 * The floating side bar on the right: customer service, guaranteed orders (red badge
 * only when hasNewWarrantMessage), my follows, goods push, customer-service verification.
 * Expanded it is SIDEBAR_WIDTH_PX wide with labels; collapsed it shows icons. The choice is kept in
 * a cookie (stores/app.ts); on mobile it closes.
 */
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Badge } from 'antd'
import {
  CustomerServiceOutlined,
  DoubleLeftOutlined,
  DoubleRightOutlined,
  HeartOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  VerticalAlignTopOutlined,
  AuditOutlined,
  AppstoreOutlined,
} from '@ant-design/icons'
import { SIDEBAR_WIDTH_PX } from '@shared/constants'
import { useAppStore, useIsMobile } from '@renderer/stores/app'
import { groupMessageQuery } from '@renderer/api/message'
import { useSessionStore } from '@renderer/stores/session'
import { scrollTo } from '@renderer/utils/scroll-to'
import { useCustomerService } from './customer-service/use-customer-service'
import { HoverTooltip } from './HoverTooltip'
import './sidebar.css'

export const COLLAPSED_WIDTH_PX = 56

interface ItemProps {
  icon: ReactNode
  label: string
  opened: boolean
  to?: string
  onClick?: () => void
}

function Item({ icon, label, opened, to, onClick }: ItemProps) {
  const body = (
    <>
      <span className="sidebar__icon">{icon}</span>
      {opened ? <span className="sidebar__label">{label}</span> : null}
    </>
  )
  const element = to ? (
    <Link to={to} className="sidebar__item" aria-label={label}>
      {body}
    </Link>
  ) : (
    <button type="button" className="sidebar__item" aria-label={label} onClick={onClick}>
      {body}
    </button>
  )
  return (
    <li>
      {opened ? (
        element
      ) : (
        <HoverTooltip title={label} placement="left">
          {element}
        </HoverTooltip>
      )}
    </li>
  )
}

export function SideBar() {
  const opened = useAppStore((s) => s.sidebar.opened)
  const mobile = useIsMobile()
  const toggle = useAppStore((s) => s.toggleSideBar)
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const hasNewWarrantMessage = useQuery(groupMessageQuery(loggedIn)).data?.hasNewWarrantMessage === true
  const openService = useCustomerService()
  if (mobile && !opened) {
    // closed on a phone: one small button instead of a column over the content
    return (
      <button
        type="button"
        className="sidebar-fab"
        onClick={() => toggle()}
        aria-label="展开侧边栏"
        aria-expanded={false}
      >
        {/* the badge only with its dot: an empty one still mounts its motion, a second draw after hydration */}
        {hasNewWarrantMessage ? (
          <Badge dot>
            <AppstoreOutlined />
          </Badge>
        ) : (
          <AppstoreOutlined />
        )}
      </button>
    )
  }
  return (
    <aside
      className={`sidebar ${opened ? 'sidebar--opened' : 'sidebar--collapsed'}`}
      style={{ width: opened ? SIDEBAR_WIDTH_PX : COLLAPSED_WIDTH_PX }}
      aria-label="快捷服务"
    >
      <ul className="sidebar__list">
        <Item
          icon={<CustomerServiceOutlined />}
          label="在线客服"
          opened={opened}
          onClick={() => openService()}
        />
        <Item
          icon={
            <Badge dot={hasNewWarrantMessage} offset={[-2, 2]} data-testid="warrant-badge">
              <SafetyCertificateOutlined />
            </Badge>
          }
          label="担保订单"
          opened={opened}
          to="/warrantOrderHandler.html"
        />
        <Item icon={<HeartOutlined />} label="我的关注" opened={opened} to="/buyer/follow.html" />
        <Item icon={<SendOutlined />} label="商品推送" opened={opened} to="/seller/goodsSend.html" />
        <Item
          icon={<AuditOutlined />}
          label="客服验证"
          opened={opened}
          to="/platform/customServiceVerify.html"
        />
        <Item
          icon={<VerticalAlignTopOutlined />}
          label="回到顶部"
          opened={opened}
          onClick={() => scrollTo(0, 500)}
        />
      </ul>
      <button
        type="button"
        className="sidebar__toggle"
        onClick={() => toggle()}
        aria-label={opened ? '收起侧边栏' : '展开侧边栏'}
        aria-expanded={opened}
      >
        {opened ? (
          <>
            <DoubleRightOutlined /> <span>收起</span>
          </>
        ) : (
          <DoubleLeftOutlined />
        )}
      </button>
    </aside>
  )
}

export default SideBar
