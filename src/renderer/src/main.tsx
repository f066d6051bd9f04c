/**
 * Entry of the renderer: initialise the shell, restore the session, wire the request layer and the
 * live events, render. On the desktop the settings dialog (app menu / tray 设置) is mounted too.
 */
import '@vitejs/plugin-react/preamble'
import { lazy, StrictMode, Suspense, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { hydrate, type QueryClient } from '@tanstack/react-query'
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
import { pageDevice } from '@renderer/utils/device'
import {
  hydrationFinished,
  loadPageChunk,
  nextTask,
  readServerState,
  takeEarlyTaps,
} from '@renderer/ssr/client'
import type { RouteHandle } from '@renderer/app/RootShell'
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

/**
 * Calls `done` after the first commit of what it wraps (hydration included). A wrapper, not a
 * sibling: a sibling would change the tree's useId values, so ids the server wrote into the page
 * (labels, antd's generated ids) would differ in the browser.
 */
function AfterFirstCommit({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done])
  return children
}

async function start() {
  try {
    await platform.init()
  } catch (error) {
    console.error('platform init failed', error)
  }
  // a page the server rendered (docs/ssr.md) is hydrated logged out, as the server drew it; the
  // login and its header follow right after
  const serverState = readServerState()
  if (!serverState) useSessionStore.getState().hydrate()
  // the modules were evaluated in this task: the router and the cache come in the next one
  else await nextTask()
  const router = createAppRouter()
  const queryClient = createQueryClient()
  if (serverState) hydrate(queryClient, serverState)
  wire(router)
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} device={pageDevice() ?? undefined}>
        <RouterProvider router={router} />
        {DesktopSettingsHost && platform.kind === 'desktop' ? (
          <Suspense fallback={null}>
            <DesktopSettingsHost />
          </Suspense>
        ) : null}
      </Providers>
    </StrictMode>
  )
  const container = document.getElementById('root') as HTMLElement
  if (!serverState) {
    wireLiveEvents(router, queryClient)
    // a rendered page without data (the 404 page) is drawn afresh: what its boot script kept was
    // tapped on elements that are replaced now, and React's listeners take over from here
    takeEarlyTaps()
    createRoot(container).render(app)
    return
  }
  // the router matched the location when it was made (matching again ranks every route anew: ~10 ms
  // of a phone's start-up)
  const page = router.state.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.entry?.page)
    .findLast(Boolean)
  await loadPageChunk(page)
  // the boot script kept the taps made before now: React's listeners take over, and the kept taps
  // are clicked again once their part of the page is hydrated (docs/ssr.md "Hydration")
  const replayEarlyTaps = takeEarlyTaps()
  // after the hydration's commit: the stored login, then its live events; a logged-in visitor's
  // listings are asked again in the background (follow flags, own listings), the page stays
  let finished = false
  const afterHydration = () => {
    if (finished) return
    finished = true
    hydrationFinished()
    container.setAttribute('data-hydrated', '')
    useSessionStore.getState().hydrate()
    wireLiveEvents(router, queryClient)
    if (useSessionStore.getState().token) void queryClient.invalidateQueries()
    replayEarlyTaps()
  }
  // not as a transition: a click while a sliced hydration is under way is lost (docs/ssr.md
  // "Hydration")
  hydrateRoot(container, <AfterFirstCommit done={afterHydration}>{app}</AfterFirstCommit>)
}

void start()
