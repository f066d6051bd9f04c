/**
 * Route guard: a page that needs a login, opened while logged out, shows the warning
 * 请先登录！ and sends the user to /login.html?redirect=<the original path and query>.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom'
import { MSG } from '@shared/messages'
import { isLoggedIn } from '@renderer/stores/session'
import { toast } from '@renderer/utils/toast'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import type { RouteEntry } from './route-table'

export function requireLogin({ request }: Pick<LoaderFunctionArgs, 'request'>): Response | null {
  if (isLoggedIn()) return null
  const url = new URL(request.url)
  toast('warning', MSG.LOGIN_REQUIRED)
  return redirect(loginPathWithRedirect(url.pathname + url.search))
}

/** The loader of a table entry: the login check when `auth`, then the redirect of a redirect-only entry. */
export function loaderFor(entry: RouteEntry): ((args: LoaderFunctionArgs) => Response | null) | undefined {
  if (!entry.auth && !entry.redirect) return undefined
  return (args) => {
    if (entry.auth) {
      const toLogin = requireLogin(args)
      if (toLogin) return toLogin
    }
    return entry.redirect ? redirect(entry.redirect) : null
  }
}
