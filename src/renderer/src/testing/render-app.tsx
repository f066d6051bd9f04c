/** Test helper: the real route table in a memory router, inside the app's providers. */
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { Providers } from '@renderer/app/providers'
import { createQueryClient } from '@renderer/app/query-client'
import { buildRoutes } from '@renderer/app/routes'

export function renderApp(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] })
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { router, ...view, location: () => router.state.location.pathname + router.state.location.search }
}
