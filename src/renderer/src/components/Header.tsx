/**
 * Site header: a top bar (greeting or login links, site links, site-navigation
 * dropdown) and the brand row (logo linking home, subtitle, the promises of the site).
 */
import { Link } from 'react-router-dom'
import { Badge } from 'antd'
import {
  BellOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  WechatOutlined,
} from '@ant-design/icons'
import { SITE_NAME, SITE_SUBTITLE } from '@shared/constants'
import { useLogout } from '@renderer/api/auth'
import { useChatUnreadCount } from '@renderer/api/chat'
import { useUnreadCount } from '@renderer/api/message'
import { withFeedback } from '@renderer/app/feedback'
import { displayName, useSessionStore } from '@renderer/stores/session'
import { Logo } from './Logo'
import { SiteNavMenu } from './SiteNavMenu'
import './header.css'

/** 网站导航's links; `phoneOnly` ones stand in for the top bar's links a phone hides (header.css). */
export const SITE_NAV_ITEMS = [
  { key: 'warrant', label: '担保交易', to: '/warrantOrderHandler.html', phoneOnly: true },
  { key: 'user', label: '账号管理', to: '/user/userBase.html' },
  { key: 'account', label: '资金管理', to: '/account/balance.html' },
  { key: 'home', label: '个人中心', to: '/userHome.html' },
  { key: 'message', label: '消息中心', to: '/message/userMessage.html' },
  { key: 'guide', label: '操作指南', to: '/platform/noticeList.html?noticeType=GUIDE' },
] as const

/** 微信扫码登录: the official account's QR code (docs/wechat.md). */
function WechatLogin() {
  return (
    <Link to="/offLogin.html" className="topbar__link" aria-label="微信扫码登录">
      <WechatOutlined /> <span className="topbar__wide-only">微信扫码登录</span>
    </Link>
  )
}

function UserGreeting() {
  const name = useSessionStore(displayName)
  const logout = useLogout()
  const unread = useUnreadCount() + useChatUnreadCount()
  const confirmLogout = () => {
    withFeedback(({ modal }) =>
      modal.confirm({
        title: '退出登录',
        content: '确定要退出当前账号吗？',
        okText: '退出',
        cancelText: '取消',
        onOk: () => logout.mutateAsync(),
      }),
    )
  }
  return (
    <>
      <span className="topbar__greeting">
        欢迎{' '}
        <Link to="/userHome.html" className="topbar__name">
          {name}
        </Link>
      </span>
      <Link
        to="/message/userMessage.html"
        className="topbar__link topbar__messages"
        aria-label={`站内信，${unread} 条未读`}
      >
        <BellOutlined /> 消息
        <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]} />
      </Link>
      <button type="button" className="topbar__link topbar__button" onClick={confirmLogout}>
        退出
      </button>
    </>
  )
}

export function Header() {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <div className="topbar__left">
            {loggedIn ? (
              <UserGreeting />
            ) : (
              <>
                <span className="topbar__greeting">您好，欢迎来到{SITE_NAME}！</span>
                <Link to="/login.html" className="topbar__link topbar__link--primary">
                  登录
                </Link>
                <Link to="/register.html" className="topbar__link">
                  注册
                </Link>
                <WechatLogin />
              </>
            )}
          </div>
          <nav className="topbar__right" aria-label="站点导航">
            <Link to="/" className="topbar__link">
              首页
            </Link>
            <a href="/warrantOrderHandler.html" target="_blank" rel="noopener" className="topbar__link">
              担保交易
            </a>
            <SiteNavMenu label="网站导航" items={SITE_NAV_ITEMS} />
            <Link to="/platform/feedback.html" className="topbar__link">
              意见反馈
            </Link>
          </nav>
        </div>
      </div>
      <div className="brandbar">
        <div className="container brandbar__inner">
          <Logo subtitle={SITE_SUBTITLE} />
          <ul className="brandbar__promises" aria-label="交易保障">
            <li>
              <SafetyCertificateOutlined /> 担保交易
            </li>
            <li>
              <LockOutlined /> 资金托管
            </li>
            <li>
              <Link to="/platform/customServiceVerify.html" className="brandbar__promise-link">
                <SolutionOutlined /> 客服验证
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </header>
  )
}

export default Header
