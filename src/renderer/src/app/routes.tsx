/**
 * The router (history mode) built from the one route table of app/route-table.ts (the records of
 * src/shared/pages/site.ts): each entry gets
 * its layout, its login guard, its title (handle) and either its built page (lazy chunk), its
 * redirect, or the 建设中 page. Unknown paths go through CatchAll (run-time menu routes or /404.html).
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { PageLoading } from '@renderer/components/PageLoading'
import { LazyUnderConstruction } from '@renderer/components/LazyUnderConstruction'
import { lazy, Suspense } from 'react'
import { CatchAll } from './CatchAll'
import { loaderFor } from './guard'
import { MainLayout } from './layouts/MainLayout'
import { StandaloneLayout } from './layouts/StandaloneLayout'
import { PAGES } from './pages'
import { RootShell, type RouteHandle } from './RootShell'
import { RouteError } from './RouteError'
import { ROUTES, type LayoutName, type PageKey, type RouteEntry } from './route-table'

function LazyPage({ page }: { page: PageKey }) {
  const Page = PAGES[page]
  return <Page />
}

export function toRouteObject(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { title: entry.title, entry }
  return {
    path: entry.routePath,
    handle,
    loader: loaderFor(entry),
    element: entry.page ? (
      <LazyPage page={entry.page} />
    ) : entry.redirect ? null : (
      <LazyUnderConstruction title={entry.title} />
    ),
  }
}

/** The staff console (docs/console.md): its own layout and its own lazily loaded chunk. */
const ConsoleApp = lazy(() => import('@renderer/features/staff/ConsoleApp'))

const byLayout = (layout: LayoutName) => ROUTES.filter((entry) => entry.layout === layout).map(toRouteObject)

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          element: <MainLayout />,
          children: [...byLayout('main'), { path: '*', element: <CatchAll /> }],
        },
        { element: <StandaloneLayout />, children: byLayout('standalone') },
        {
          path: '/console/*',
          handle: { title: '管理后台' } satisfies RouteHandle,
          element: (
            <Suspense fallback={<PageLoading />}>
              <ConsoleApp />
            </Suspense>
          ),
        },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}

export type AppRouter = ReturnType<typeof createAppRouter>
