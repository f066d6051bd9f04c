/**
 * The frame of every "centre" page (买家中心, 卖家中心, 消息中心, 账号管理…): breadcrumb, the centre's
 * navigation (its links passed in), and the page's panel with its title and actions. Feature pages
 * choose their centre's links (`BUYER_CENTRE`, `SELLER_CENTRE`) instead of importing each other.
 */
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Breadcrumb } from 'antd'
import './centre-layout.css'

export interface CentreLink {
  to: string
  label: string
  /** other paths that belong to this entry (e.g. the steps of publishing) */
  also?: readonly string[]
}

export interface Centre {
  /** the breadcrumb's middle entry and the navigation's label */
  name: string
  /** where the breadcrumb's entry leads */
  home: string
  links: readonly CentreLink[]
}

export const BUYER_CENTRE: Centre = {
  name: '买家中心',
  home: '/buyer/buyOrder.html',
  links: [
    { to: '/buyer/buyOrder.html', label: '我的订单', also: ['/buyer/orderDetail.html'] },
    { to: '/buyer/myReviews.html', label: '我的评价' },
    { to: '/buyer/roleManage.html', label: '收货角色' },
    { to: '/account/balance.html', label: '我的账户' },
    { to: '/account/balanceDetail.html', label: '收支明细' },
    { to: '/user/payPass.html', label: '支付密码' },
    { to: '/buyer/follow.html', label: '我的关注' },
    { to: '/message/chat.html', label: '咨询' },
    { to: '/buyer/savedSearch.html', label: '订阅搜索' },
  ],
}

export const SELLER_CENTRE: Centre = {
  name: '卖家中心',
  home: '/seller/sellGoods.html',
  links: [
    {
      to: '/seller/selectType.html',
      label: '发布商品',
      also: ['/seller/completeInfo.html', '/seller/publishSuccessed.html'],
    },
    { to: '/seller/busPublish.html', label: '批量发布' },
    { to: '/seller/sellGoods.html', label: '我出售的商品' },
    { to: '/seller/goodsAccountManage.html', label: '发货账号管理' },
    { to: '/seller/goodsSend.html', label: '商品推送' },
    { to: '/seller/sellOrder.html', label: '我卖出的商品', also: ['/seller/orderDetail.html'] },
    { to: '/seller/myReviews.html', label: '收到的评价' },
    { to: '/seller/receivedBids.html', label: '收到的出价' },
    // 官方代售 has its own centre (features/agency/centre.ts); the seller reaches it from here
    { to: '/agencySale/agencySaleGoods.html', label: '代售中心' },
  ],
}

export function CentreLayout({
  centre,
  title,
  extra,
  nav = true,
  className,
  children,
}: {
  centre: Centre
  title: string
  /** actions beside the title */
  extra?: ReactNode
  /** false: breadcrumb and panel only (e.g. the message centre's own tabs) */
  nav?: boolean
  className?: string
  children: ReactNode
}) {
  const { pathname } = useLocation()
  return (
    <div className={`page-container centre-page ${className ?? ''}`}>
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to={centre.home}>{centre.name}</Link> },
          { title },
        ]}
      />
      {nav ? (
        <nav className="centre-nav" aria-label={centre.name}>
          {centre.links.map((link) => {
            const active = pathname === link.to || (link.also ?? []).includes(pathname)
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
      <section className="panel centre-panel">
        <div className="panel__head">
          <h1 className="panel__title">{title}</h1>
          {extra ? <div className="centre-panel__extra">{extra}</div> : null}
        </div>
        {children}
      </section>
    </div>
  )
}

export const FUNDS_CENTRE: Centre = { ...BUYER_CENTRE, name: '资金管理', home: '/account/balance.html' }
export const ACCOUNT_CENTRE: Centre = {
  name: '账号管理',
  home: '/my/setting',
  links: [
    { to: '/my/setting', label: '账号设置' },
    { to: '/user/userBase.html', label: '个人资料' },
    { to: '/user/userCert.html', label: '实名认证' },
    { to: '/user/loginPass.html', label: '登录密码' },
    { to: '/user/phoneBind.html', label: '手机换绑' },
    { to: '/user/payPass.html', label: '支付密码' },
    { to: '/user/warrant.html', label: '找回支付密码' },
  ],
}
export const MESSAGE_CENTRE: Centre = { ...BUYER_CENTRE, name: '消息中心', home: '/message/userMessage.html' }
