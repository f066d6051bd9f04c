/**
 * Entry of the renderer: initialise the shell, restore the session, wire the request layer and the
 * live events, render. On the desktop the settings dialog (app menu / tray 设置) is mounted too.
 */
import '@vitejs/plugin-react/preamble'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import type { QueryClient } from '@tanstack/react-query'
import { MSG } from '@shared/messages'
import { platform } from '@renderer/platform'
import { configureHttp } from '@renderer/api/http'
import { useSessionStore } from '@renderer/stores/session'
import { startLiveUpdates } from '@renderer/app/live-queries'
import { Providers } from '@renderer/app/providers'
import { createQueryClient } from '@renderer/app/query-client'
import { createAppRouter, type AppRouter } from '@renderer/app/routes'
import { toast } from '@renderer/utils/toast'
import { LOGIN_PATH } from '@renderer/utils/login-redirect'
import './styles/global.css'

// desktop builds only (the web bundle drops this import at build time): a chunk of its own
const DesktopSettingsHost =
  import.meta.env.VITE_PLATFORM === 'desktop'
    ? lazy(() => import('@renderer/features/desktop/DesktopSettingsHost'))
    : null

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
  // the desktop shell asks for routes from its tray menu, notifications and deep links
  platform.onNavigate((path) => {
    if (path.startsWith('/') && !path.startsWith('//')) void router.navigate(path)
  })
}

/** Live events while a token is present (both shells); the session ending on the server logs out. */
function wireLiveEvents(router: AppRouter, queryClient: QueryClient) {
  let stop: (() => void) | null = null
  const sync = (token: string | undefined) => {
    if (token && !stop) {
      stop = startLiveUpdates({
        queryClient,
        onSessionEnded: () => {
          toast('warning', MSG.SESSION_EXPIRED)
          useSessionStore.getState().clear()
          void router.navigate(LOGIN_PATH)
        },
      })
    } else if (!token && stop) {
      stop()
      stop = null
    }
  }
  sync(useSessionStore.getState().token)
  useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) {
      // another user (or none): nothing of the previous session's server data may stay on screen
      queryClient.removeQueries()
      // a new login replaces the stream of the previous one
      if (stop && state.token && previous.token) {
        stop()
        stop = null
      }
      sync(state.token)
    }
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
  const queryClient = createQueryClient()
  wire(router)
  wireLiveEvents(router, queryClient)
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
        {DesktopSettingsHost && platform.kind === 'desktop' ? (
          <Suspense fallback={null}>
            <DesktopSettingsHost />
          </Suspense>
        ) : null}
      </Providers>
    </StrictMode>,
  )
}

void start()
