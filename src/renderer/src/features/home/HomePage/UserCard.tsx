/** The hero's card: log in or register, or the logged-in user's shortcuts. */
import { Link } from 'react-router-dom'
import { Button } from 'antd'
import {
  CustomerServiceOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { SERVICE_HOURS } from '@shared/constants'
import { displayName, useSessionStore } from '@renderer/stores/session'

export function UserCard() {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const name = useSessionStore(displayName)
  if (!loggedIn) {
    return (
      <div className="hero-card">
        <h2>欢迎来到游戏交易市场</h2>
        <p>登录后买卖游戏账号、查看订单与消息</p>
        <div className="hero-card__actions">
          <Link to="/login.html">
            <Button type="primary" block size="large">
              登录
            </Button>
          </Link>
          <Link to="/register.html">
            <Button block size="large">
              免费注册
            </Button>
          </Link>
        </div>
        <p className="hero-card__hint">
          <SafetyCertificateOutlined /> 交易请认准平台担保，切勿私下转账
        </p>
      </div>
    )
  }
  return (
    <div className="hero-card">
      <h2>您好，{name}</h2>
      <p>祝您交易顺利</p>
      <ul className="hero-card__links">
        <li>
          <Link to="/buyer/buyOrder.html">
            <ShoppingOutlined /> 我的订单
          </Link>
        </li>
        <li>
          <Link to="/seller/selectType.html">
            <WalletOutlined /> 我要卖
          </Link>
        </li>
        <li>
          <Link to="/userHome.html">
            <SolutionOutlined /> 个人中心
          </Link>
        </li>
        <li>
          <Link to="/message/userMessage.html">
            <NotificationOutlined /> 消息中心
          </Link>
        </li>
      </ul>
      <p className="hero-card__hint">
        <CustomerServiceOutlined /> 客服时间 {SERVICE_HOURS.label}
      </p>
    </div>
  )
}
