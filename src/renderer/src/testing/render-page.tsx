/**
 * Test helper: one page (or component) alone inside the app's providers — a fresh QueryClient, antd,
 * toasts — in a memory router at `url`, matched by the route `path`. Much cheaper than the whole
 * route table and its layouts; use renderApp (render-app.tsx) only to test the routing itself.
 * `location()` tells where a navigation ended ('elsewhere' pages render a probe).
 */
import type { ReactElement, ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { Providers } from '@renderer/app/providers'
import { createQueryClient } from '@renderer/app/query-client'

function Elsewhere() {
  const location = useLocation()
  return <div data-testid="elsewhere">{location.pathname + location.search}</div>
}

/** Providers with a fresh QueryClient (what every test renders inside). */
export function TestProviders({ children }: { children: ReactNode }) {
  return <Providers queryClient={createQueryClient()}>{children}</Providers>
}

export function renderPage(ui: ReactElement, { url = '/', path }: { url?: string; path?: string } = {}) {
  const queryClient = createQueryClient()
  const routePath = path ?? url.split('?')[0]!
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  )
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return {
    ...view,
    router,
    queryClient,
    location: () => router.state.location.pathname + router.state.location.search,
  }
}
