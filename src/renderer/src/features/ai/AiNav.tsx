/**
 * The AI drawing section's header menu: shop home (new tab), gallery, my folder, favourites, create
 * (docs/screens.md). The current page is marked.
 */
import { Link, useLocation } from 'react-router-dom'
import { AppstoreOutlined, EditOutlined, FolderOutlined, ShopOutlined, StarOutlined } from '@ant-design/icons'
import './ai.css'

export const AI_PATHS = {
  create: '/ai/aiDraw.html',
  gallery: '/ai/aiDrawList.html',
  my: '/ai/my.html',
  favourites: '/ai/myCollect.html',
} as const

const ENTRIES = [
  { to: AI_PATHS.gallery, label: 'AI 画廊', icon: <AppstoreOutlined /> },
  { to: AI_PATHS.my, label: '我的绘画', icon: <FolderOutlined /> },
  { to: AI_PATHS.favourites, label: '我的收藏', icon: <StarOutlined /> },
  { to: AI_PATHS.create, label: '开始创作', icon: <EditOutlined /> },
]

export function AiNav() {
  const { pathname } = useLocation()
  return (
    <nav className="ai-nav" aria-label="AI 绘画">
      <div className="container ai-nav__inner">
        <span className="ai-nav__brand">AI 绘画</span>
        <a className="ai-nav__item" href="/" target="_blank" rel="noopener">
          <ShopOutlined /> 商城首页
        </a>
        {ENTRIES.map((e) => (
          <Link
            key={e.to}
            to={e.to}
            className={`ai-nav__item${pathname === e.to ? ' ai-nav__item--active' : ''}`}
            aria-current={pathname === e.to ? 'page' : undefined}
          >
            {e.icon} {e.label}
          </Link>
        ))}
      </div>
    </nav>
  )
}
