/** The frame of the buyer-centre trading pages: breadcrumb, the centre's navigation, the panel. */
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Breadcrumb } from 'antd'
import '@renderer/styles/centre-nav.css'
import './trade.css'

export const BUYER_LINKS = [
  { to: '/buyer/buyOrder.html', label: '我的订单' },
  { to: '/buyer/roleManage.html', label: '收货角色' },
  { to: '/account/balance.html', label: '我的账户' },
  { to: '/account/balanceDetail.html', label: '收支明细' },
  { to: '/user/payPass.html', label: '支付密码' },
  { to: '/buyer/follow.html', label: '我的关注' },
] as const

export function TradeShell({
  section = '买家中心',
  sectionTo = '/buyer/buyOrder.html',
  title,
  extra,
  nav = true,
  children,
}: {
  section?: string
  sectionTo?: string
  title: string
  extra?: ReactNode
  nav?: boolean
  children: ReactNode
}) {
  const { pathname } = useLocation()
  return (
    <div className="page-container trade-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to={sectionTo}>{section}</Link> },
          { title },
        ]}
      />
      {nav ? (
        <nav className="centre-nav" aria-label={section}>
          {BUYER_LINKS.map((link) => {
            const active = pathname === link.to
            return (
              <Link
                key={link.to}
                to={link.to}
                className={`centre-nav__item ${active ? 'is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {link.label}
              </Link>
            )
          })}
        </nav>
      ) : null}
      <section className="panel">
        <div className="panel__head">
          <h1 className="panel__title">{title}</h1>
          {extra ? <div className="centre-panel__extra">{extra}</div> : null}
        </div>
        {children}
      </section>
    </div>
  )
}

export const ORDER_STEPS = [
  { title: '选择商品' },
  { title: '确认订单' },
  { title: '支付' },
  { title: '完成' },
]
