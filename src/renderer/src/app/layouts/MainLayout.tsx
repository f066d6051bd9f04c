import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Header } from '@renderer/components/Header'
import { Footer } from '@renderer/components/Footer'
import { SideBar } from '@renderer/components/SideBar'
import { PageLoading } from '@renderer/components/PageLoading'

/** Header, the page, footer and the floating side bar (docs/screens.md, "Main layout"). */
export function MainLayout() {
  return (
    <div className="layout layout--main">
      <Header />
      <main className="layout__content" id="main-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SideBar />
    </div>
  )
}

export default MainLayout
