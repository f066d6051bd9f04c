/**
 * Actions that need a login: logged out → the warning 请先登录！ and the login page with
 * the current address as `redirect`; logged in → the action runs.
 */
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { MSG } from '@shared/messages'
import { isLoggedIn } from '@renderer/stores/session'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import { toast } from '@renderer/utils/toast'

/** Returns `ensureLogin()`: true when logged in; otherwise warns, goes to login and returns false. */
export function useRequireLogin(): () => boolean {
  const navigate = useNavigate()
  const location = useLocation()
  return useCallback(() => {
    if (isLoggedIn()) return true
    toast('warning', MSG.LOGIN_REQUIRED)
    void navigate(loginPathWithRedirect(location.pathname + location.search))
    return false
  }, [navigate, location.pathname, location.search])
}
