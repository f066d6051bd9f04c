/** The frame of the seller centre's pages: breadcrumb, the centre's navigation, the page. */
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Breadcrumb } from 'antd'
import '@renderer/styles/centre-nav.css'
import './seller.css'

export const SELLER_LINKS = [
  {
    to: '/seller/selectType.html',
    label: '发布商品',
    also: ['/seller/completeInfo.html', '/seller/publishSuccessed.html'],
  },
  { to: '/seller/busPublish.html', label: '批量发布', also: [] },
  { to: '/seller/sellGoods.html', label: '我出售的商品', also: [] },
  { to: '/seller/goodsAccountManage.html', label: '发货账号管理', also: [] },
  { to: '/seller/goodsSend.html', label: '商品推送', also: [] },
  { to: '/seller/sellOrder.html', label: '我卖出的商品', also: [] },
] as const

export function SellerShell({
  title,
  extra,
  children,
  className,
}: {
  title: string
  extra?: ReactNode
  children: ReactNode
  className?: string
}) {
  const { pathname } = useLocation()
  return (
    <div className={`page-container seller-page ${className ?? ''}`}>
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/seller/sellGoods.html">卖家中心</Link> },
          { title },
        ]}
      />
      <nav className="centre-nav seller-nav" aria-label="卖家中心">
        {SELLER_LINKS.map((link) => {
          const active = pathname === link.to || (link.also as readonly string[]).includes(pathname)
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
      <section className="panel seller-panel">
        <div className="panel__head">
          <h1 className="panel__title">{title}</h1>
          {extra ? <div className="centre-panel__extra">{extra}</div> : null}
        </div>
        {children}
      </section>
    </div>
  )
}

export default SellerShell
