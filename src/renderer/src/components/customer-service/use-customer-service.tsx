/**
 * 在线客服: logged out → the info toast 请先登录！ and nothing else; outside the service hours → the
 * hours and the leave-a-message form; inside → the chat (desktop: its own window; web: a popup).
 */
import { useCallback } from 'react'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { MSG } from '@shared/messages'
import { customerServiceConfigQueries } from '@renderer/api/cs'
import { displayName, isLoggedIn, useSessionStore } from '@renderer/stores/session'
import { toast } from '@renderer/utils/toast'
import { withFeedback } from '@renderer/app/feedback'
import { customerServiceDecision, openCustomerService } from './open-customer-service'

export const CS_BLOCKED_MESSAGE = '客服窗口被浏览器拦截，请允许本站弹出窗口后再试'
export const CS_UNAVAILABLE_MESSAGE = '在线客服暂时无法连接，请稍后再试'

export function useCustomerService(): () => void {
  const queryClient = useQueryClient()
  const userCode = useSessionStore((s) => s.userInfo?.code)
  const name = useSessionStore(displayName)
  const loggedIn = useSessionStore((s) => Boolean(s.token))

  // the popup must open within the click: have the chat's address ready before it
  useQueries({
    queries: customerServiceConfigQueries().map((query) => ({ ...query, enabled: loggedIn })),
  })

  return useCallback(() => {
    const decision = customerServiceDecision(isLoggedIn())
    if (decision === 'login-required') {
      toast('info', MSG.LOGIN_REQUIRED)
      return
    }
    if (decision === 'closed') {
      // the form (antd Form, Select) is a chunk of its own: only this dialog needs it
      void import('./CsLeaveMessageForm').then(({ CsLeaveMessageForm }) =>
        withFeedback(({ modal }) => {
          const dialog = modal.info({
            title: '客服暂未上线 · 留言',
            content: <CsLeaveMessageForm onDone={() => dialog.destroy()} />,
            footer: null,
            closable: true,
            mask: { closable: true },
            width: 480,
            icon: null,
          })
        }),
      )
      return
    }
    void openCustomerService({ userCode, name, page: window.location.pathname }, queryClient).then(
      (result) => {
        if (result === 'blocked') toast('warning', CS_BLOCKED_MESSAGE)
        else if (result === 'unavailable') toast('error', CS_UNAVAILABLE_MESSAGE)
      },
    )
  }, [userCode, name, queryClient])
}
