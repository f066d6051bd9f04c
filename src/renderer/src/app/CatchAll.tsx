/**
 * Paths outside the route table: a page of the server menu (run-time routes) when the logged-in
 * user's menu has it, otherwise /404.html.
 */
import { Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useLocation } from 'react-router-dom'
import { routersQuery } from '@renderer/api/system'
import { useSessionStore } from '@renderer/stores/session'
import { findRuntimeRoute } from '@renderer/utils/menu'
import { PageLoading } from '@renderer/components/PageLoading'
import { LazyUnderConstruction } from '@renderer/components/LazyUnderConstruction'
import { menuComponent } from './pages'
import { NOT_FOUND_PATH } from './route-table'

export function CatchAll() {
  const { pathname } = useLocation()
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const menus = useQuery(routersQuery(loggedIn))

  if (loggedIn && menus.isPending) return <PageLoading />
  const route = loggedIn ? findRuntimeRoute(menus.data ?? [], pathname) : undefined
  if (!route) return <Navigate to={NOT_FOUND_PATH} replace />
  const Page = menuComponent(route.component)
  if (!Page) return <LazyUnderConstruction title={route.title || '建设中'} />
  return (
    <Suspense fallback={<PageLoading />}>
      {/* menu pages are module-level lazy components (app/pages.ts), not created here */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Page />
    </Suspense>
  )
}
