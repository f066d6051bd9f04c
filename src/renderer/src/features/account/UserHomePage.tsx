/**
 * /userHome.html, the personal centre: the profile of GET /getInfo (avatar, nickname, user code,
 * last login), the unread messages, links to the centres, and the user's menu from GET /getRouters.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Avatar, Badge, Button, Empty, Menu, Skeleton, Tag } from 'antd'
import type { MenuProps } from 'antd'
import {
  AccountBookOutlined,
  BellOutlined,
  CopyOutlined,
  HeartOutlined,
  IdcardOutlined,
  LockOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import type { GetInfoResult } from '@shared/api/auth'
import type { RouterItem } from '@shared/api/system'
import { useUserInfo } from '@renderer/api/auth'
import { exportWebMessages, useUnreadCount } from '@renderer/api/message'
import { routersQuery } from '@renderer/api/system'
import { ExportButton } from '@renderer/components/ExportButton'
import { CHAT_CENTRE_LINK } from '@renderer/features/chat/centre-link'
import { displayName, useSessionStore } from '@renderer/stores/session'
import { isNestingComponent, joinMenuPath } from '@renderer/utils/menu'
import { parseTime } from '@renderer/utils/time'
import { isExternal } from '@renderer/utils/validate'
import { toast } from '@renderer/utils/toast'
import './user-home.css'

export const CENTRE_LINKS = [
  {
    title: '我的订单',
    desc: '查看购买的商品与订单进度',
    to: '/buyer/buyOrder.html',
    icon: <ShoppingCartOutlined />,
  },
  { title: '我的关注', desc: '关注的商品降价早知道', to: '/buyer/follow.html', icon: <HeartOutlined /> },
  {
    title: '订阅搜索',
    desc: '保存的搜索，有新上架或降价时提醒',
    to: '/buyer/savedSearch.html',
    icon: <BellOutlined />,
  },
  {
    title: '我出售的商品',
    desc: '管理在售商品与发货账号',
    to: '/seller/sellGoods.html',
    icon: <ShopOutlined />,
  },
  { title: '我卖出的商品', desc: '已售订单与交付记录', to: '/seller/sellOrder.html', icon: <SwapOutlined /> },
  CHAT_CENTRE_LINK,
  {
    title: '我的代售',
    desc: '代售申请与代售订单',
    to: '/agencySale/agencySaleGoods.html',
    icon: <AccountBookOutlined />,
  },
  { title: '我的账户', desc: '余额、收支明细', to: '/account/balance.html', icon: <WalletOutlined /> },
  { title: '个人资料', desc: '头像、昵称与联系方式', to: '/user/userBase.html', icon: <UserOutlined /> },
  { title: '实名认证', desc: '完成认证，交易更安心', to: '/user/userCert.html', icon: <IdcardOutlined /> },
  { title: '安全设置', desc: '登录密码与支付密码', to: '/user/loginPass.html', icon: <LockOutlined /> },
] as const

type MenuItem = Required<MenuProps>['items'][number]

/** antd menu items of the server menu tree: nesting nodes become groups, pages become links. */
export function menuItems(menus: readonly RouterItem[], parent = ''): MenuItem[] {
  const items: MenuItem[] = []
  for (const item of menus) {
    if (item.hidden) continue
    const fullPath = joinMenuPath(parent, item.path ?? '')
    const title = item.meta?.title ?? item.name ?? fullPath
    const children = item.children?.length ? menuItems(item.children, fullPath) : []
    if (isNestingComponent(item.component) && children.length > 0) {
      items.push({ key: fullPath || title, label: title, children })
    } else if (isExternal(fullPath) || isExternal(item.meta?.link ?? '')) {
      const href = isExternal(fullPath) ? fullPath : (item.meta?.link as string)
      items.push({
        key: href,
        label: (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
        ),
      })
    } else if (!isNestingComponent(item.component)) {
      items.push({ key: fullPath, label: <Link to={fullPath}>{title}</Link> })
    }
  }
  return items
}

function ProfileCard({ info, loading }: { info: GetInfoResult | undefined; loading: boolean }) {
  const name = useSessionStore(displayName)
  const userInfo = useSessionStore((s) => s.userInfo)
  const profile = info?.user ?? null
  const roles = info?.roles ?? []
  const unread = useUnreadCount()
  const code = profile?.code ?? userInfo?.code
  const avatar = profile?.avatar || userInfo?.avatar
  const copyCode = () => {
    if (!code) return
    void navigator.clipboard?.writeText(code).then(
      () => toast('success', '用户编号已复制'),
      () => toast('error', '复制失败，请手动选择复制'),
    )
  }
  return (
    <section className="panel profile-card" aria-label="个人资料">
      {loading && !profile ? (
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      ) : (
        <div className="profile-card__main">
          <Avatar
            size={72}
            src={avatar || undefined}
            icon={<UserOutlined />}
            className="profile-card__avatar"
          />
          <div className="profile-card__info">
            <h1 className="profile-card__name">
              {name}
              {roles.includes('admin') ? <Tag color="gold">管理员</Tag> : null}
            </h1>
            <dl className="profile-card__facts">
              <div>
                <dt>用户名</dt>
                <dd>{profile?.userName ?? userInfo?.userName ?? '—'}</dd>
              </div>
              <div>
                <dt>用户编号</dt>
                <dd>
                  {code ?? '—'}
                  {code ? (
                    <Button
                      type="link"
                      size="small"
                      icon={<CopyOutlined />}
                      onClick={copyCode}
                      aria-label="复制用户编号"
                    />
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>上次登录</dt>
                <dd>{profile?.lastLoginAt ? parseTime(profile.lastLoginAt) : '首次登录'}</dd>
              </div>
              <div>
                <dt>注册时间</dt>
                <dd>{profile?.createdAt ? parseTime(profile.createdAt, 'YYYY-MM-DD') : '—'}</dd>
              </div>
            </dl>
          </div>
          <Link to="/message/userMessage.html" className="profile-card__messages">
            <Badge count={unread} overflowCount={99} showZero={false}>
              <BellOutlined className="profile-card__bell" />
            </Badge>
            <span className="profile-card__messages-count">{unread}</span>
            <span>未读消息</span>
          </Link>
          <ExportButton label="导出站内信" unit="条站内信" run={exportWebMessages} />
        </div>
      )}
    </section>
  )
}

export default function UserHomePage() {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  // the profile is fresh on every visit (last login, avatar)
  const info = useUserInfo({ fresh: true })
  const menu = useQuery(routersQuery(loggedIn))
  const menus = menu.data ?? []

  const items = menuItems(menus)

  return (
    <div className="page-container user-home">
      <ProfileCard info={info.data} loading={info.isFetching} />
      <div className="user-home__body">
        <nav className="panel user-home__menu" aria-label="个人中心菜单">
          <h2 className="panel__title">我的菜单</h2>
          {menu.isPending ? (
            <Skeleton active paragraph={{ rows: 5 }} title={false} />
          ) : menu.isError ? (
            <Empty description="菜单加载失败" image={Empty.PRESENTED_IMAGE_SIMPLE}>
              <Button size="small" onClick={() => void menu.refetch()}>
                重新加载
              </Button>
            </Empty>
          ) : items.length === 0 ? (
            <Empty description="暂无菜单" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Menu mode="inline" items={items} selectable={false} className="user-home__menu-list" />
          )}
        </nav>
        <section className="panel user-home__centres" aria-label="服务中心">
          <h2 className="panel__title">常用服务</h2>
          <ul className="centre-grid">
            {CENTRE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="centre-card">
                  <span className="centre-card__icon">{link.icon}</span>
                  <span className="centre-card__text">
                    <strong>{link.title}</strong>
                    <span>{link.desc}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
