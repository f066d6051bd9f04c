/**
 * A user whose login password staff reset (getInfo: mustChangePassword) must choose a new one before
 * anything else: every route sends them to the change-password page with a notice, until the change
 * succeeds (the server clears the flag and refuses other changes meanwhile; docs/console.md).
 */
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { toast } from '@renderer/utils/toast'

export const CHANGE_PASSWORD_PATH = '/user/loginPass.html'
export const MUST_CHANGE_PASSWORD_NOTICE = '您的登录密码已被平台重置，请先设置新的登录密码'

export function usePasswordChangeGate(mustChange: boolean) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (!mustChange || pathname === CHANGE_PASSWORD_PATH) return
    toast('warning', MUST_CHANGE_PASSWORD_NOTICE)
    void navigate(CHANGE_PASSWORD_PATH, { replace: true })
  }, [mustChange, pathname, navigate])
}
