/** Entry of the renderer: initialise the shell, restore the session, wire the request layer, render. */
import '@vitejs/plugin-react/preamble'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { platform } from '@renderer/platform'
import { configureHttp } from '@renderer/api/http'
import { useSessionStore } from '@renderer/stores/session'
import { Providers } from '@renderer/app/providers'
import { createAppRouter, type AppRouter } from '@renderer/app/routes'
import './styles/global.css'

function wire(router: AppRouter) {
  const here = () => router.state.location
  configureHttp({
    // router navigation (no reload); a navigation to the current location is ignored
    navigate: (to) => {
      const { pathname, search } = here()
      if (to !== pathname + search) void router.navigate(to)
    },
    clearSession: () => useSessionStore.getState().clear(),
    currentPath: () => here().pathname + here().search,
  })
  // the desktop shell asks for routes from its tray menu and notifications
  platform.onNavigate((path) => {
    if (path.startsWith('/')) void router.navigate(path)
  })
}

async function start() {
  try {
    await platform.init()
  } catch (error) {
    console.error('platform init failed', error)
  }
  useSessionStore.getState().hydrate()
  const router = createAppRouter()
  wire(router)
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

void start()
