/**
 * What happens on every navigation: scroll to the top; page title and SEO meta (the game's names
 * on /list.html?gameId=); when logged in, the unread count and the guaranteed-order flag are
 * refreshed, and the user info and the menu are loaded once per login.
 * Also the display mode (desktop/mobile) follows the window size.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Outlet, useLocation, useMatches } from 'react-router-dom'
import { useUserInfo } from '@renderer/api/auth'
import { gameDetailQuery } from '@renderer/api/game'
import { messageKeys, useUnreadCount } from '@renderer/api/message'
import { routersQuery } from '@renderer/api/system'
import { platform } from '@renderer/platform'
import { openedFromCookie, useAppStore } from '@renderer/stores/app'
import { useSessionStore } from '@renderer/stores/session'
import { currentDevice } from '@renderer/utils/device'
import { findRuntimeRoute } from '@renderer/utils/menu'
import { isHydrating } from '@renderer/ssr/client'
import { IconSprite } from '@renderer/components/SpriteIcon'
import { CsPanel } from '@renderer/components/customer-service/CsPanel'
import { csKeys, useCsUnreadCount } from '@renderer/api/cs-conversation'
import type { RouteEntry } from './route-table'
import { usePasswordChangeGate } from './password-gate'
import { gameSeo, pageTitle, setSeoMeta } from './seo'

const NO_MENUS: never[] = []

/** Navigation state a page may pass: keepScroll leaves the scroll position to the page. */
export interface ScrollState {
  keepScroll?: boolean
}

export interface RouteHandle {
  title: string
  entry?: RouteEntry
}

function applyTitle(title: string, queryClient: QueryClient) {
  document.title = title
  // the web shell shows the unread count as a title prefix; put it back after the change
  if (useSessionStore.getState().token)
    platform.setBadge(
      (queryClient.getQueryData<number>(messageKeys.unread) ?? 0) +
        (queryClient.getQueryData<number>(csKeys.unread) ?? 0),
    )
}

/**
 * The display mode follows the window width and user agent; on mobile the side bar closes. A page
 * the server rendered starts with its side bar closed: the visitor's cookie opens it here.
 */
export function useDisplayMode(): void {
  useEffect(() => {
    const update = () => {
      const device = currentDevice()
      const app = useAppStore.getState()
      if (app.device !== device) app.toggleDevice(device)
      if (device === 'mobile' && app.sidebar.opened) app.closeSideBar(true)
      else if (device === 'desktop' && !app.sidebar.opened && openedFromCookie()) app.toggleSideBar(true)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
}

export function RootShell() {
  const location = useLocation()
  const matches = useMatches()
  const token = useSessionStore((s) => s.token)
  const queryClient = useQueryClient()
  // the user info (roles and permissions for the guards) and the menu, once per login
  const info = useUserInfo()
  // a password staff reset is changed before anything else (password-gate.ts)
  usePasswordChangeGate(Boolean(token && info.data?.mustChangePassword))
  const menus = useQuery(routersQuery(Boolean(token))).data ?? NO_MENUS
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined
  const handleTitle = handle?.title
  const runtimeTitle = handleTitle ? undefined : findRuntimeRoute(menus, location.pathname)?.title
  const gameParam =
    location.pathname === '/list.html' ? new URLSearchParams(location.search).get('gameId') : null
  const gameId = Number(gameParam)
  const seoGame = gameParam && Number.isSafeInteger(gameId) && gameId > 0 ? gameId : null
  const game = useQuery({ ...gameDetailQuery(seoGame ?? 0), enabled: seoGame !== null }).data

  useDisplayMode()

  // scroll to the top on each navigation, unless the page scrolls itself (state.keepScroll: a
  // list's filters keep their place; its pagination scrolls up smoothly over 800 ms). Not on the
  // first address: a visitor may have scrolled a server-rendered page before it hydrated (and a
  // reload keeps the browser's own scroll position)
  const keepScroll = (location.state as ScrollState | null)?.keepScroll === true
  const address = location.pathname + location.search
  const scrolledFor = useRef(address)
  useEffect(() => {
    if (scrolledFor.current === address) return
    scrolledFor.current = address
    if (!keepScroll) window.scrollTo(0, 0)
    // only a new address resets the scroll; keepScroll is read with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address])

  // title and SEO (a game's list: its names once the game is known, the site's until then)
  const seo = useMemo(() => (game && game.gameId === seoGame ? gameSeo(game) : null), [game, seoGame])
  useEffect(() => {
    // a server-rendered page arrives with its own title and meta (docs/ssr.md)
    if (isHydrating()) return
    applyTitle(seo?.title ?? pageTitle(handleTitle ?? runtimeTitle), queryClient)
    setSeoMeta(seo ?? undefined)
  }, [location.pathname, handleTitle, runtimeTitle, seo, queryClient])

  // unread count and guaranteed-order flag, on every route change when logged in; the badge follows
  useEffect(() => {
    if (!token) return
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread })
    void queryClient.invalidateQueries({ queryKey: messageKeys.group })
  }, [queryClient, token, location.pathname, location.search])
  // the tray / title badge: unread messages and unread 在线客服 replies (docs/customer-service.md)
  const unread = useUnreadCount() + useCsUnreadCount()
  useEffect(() => {
    platform.setBadge(token ? unread : 0)
  }, [token, unread])

  return (
    <>
      <IconSprite />
      <Outlet />
      <CsPanel />
    </>
  )
}

export default RootShell
