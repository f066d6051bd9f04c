import { Suspense } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { SITE_NAME } from '@shared/constants'
import { Logo } from '@renderer/components/Logo'
import { PageLoading } from '@renderer/components/PageLoading'
import './standalone-layout.css'

/** Pages without the site chrome (login, register, guaranteed orders…): a slim brand bar and the page. */
export function StandaloneLayout() {
  return (
    <div className="layout layout--standalone">
      <header className="standalone-header">
        <div className="container standalone-header__inner">
          <Logo />
          <Link to="/" className="standalone-header__home">
            返回首页
          </Link>
        </div>
      </header>
      <main className="layout__content standalone-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="standalone-footer">
        © {new Date().getFullYear()} {SITE_NAME} · 安全放心的游戏账号交易平台
      </footer>
    </div>
  )
}

export default StandaloneLayout
