import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Header } from '@renderer/components/Header'
import { Footer } from '@renderer/components/Footer'
import { SideBar } from '@renderer/components/SideBar'
import { PageLoading } from '@renderer/components/PageLoading'

/**
 * Header, the page, footer and the floating side bar (docs/screens.md, "Main layout").
 *
 * Each region is its own Suspense boundary: on a page the server rendered, React hydrates the root
 * at once and each boundary afterwards in slices that yield to the browser, and a click in a region
 * not hydrated yet hydrates that region first and is then handled (docs/ssr.md, "Hydration").
 */
export function MainLayout() {
  return (
    <div className="layout layout--main">
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main className="layout__content" id="main-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <SideBar />
      </Suspense>
    </div>
  )
}

export default MainLayout
