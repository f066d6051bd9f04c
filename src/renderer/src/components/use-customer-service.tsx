/**
 * 在线客服 (spec §5): logged out → the info toast 请先登录！ and nothing else; outside the service
 * hours → explain the hours and offer a message (留言, a later issue); inside → open customer service.
 */
import { useCallback } from 'react'
import { App, Button } from 'antd'
import { MSG } from '@shared/messages'
import { SERVICE_HOURS } from '@shared/constants'
import { customerServiceDecision, openCustomerService } from '@renderer/features/platform/customer-service'
import { useSafeNavigate } from '@renderer/app/use-safe-navigate'
import { isLoggedIn, useSessionStore } from '@renderer/stores/session'
import { toast } from '@renderer/utils/toast'

export function ClosedNotice() {
  return (
    <div className="cs-closed">
      <p>
        在线客服的服务时间为每日 <strong>{SERVICE_HOURS.label}</strong>（北京时间），现在不在服务时间。
      </p>
      <p>您可以先留言，客服上线后会按顺序尽快处理。</p>
      <Button disabled block>
        留言
      </Button>
      <p className="cs-closed__note">在线留言功能正在建设中，将在后续版本开放；请在服务时间内再来咨询。</p>
    </div>
  )
}

export function useCustomerService(): () => void {
  const { modal } = App.useApp()
  const navigate = useSafeNavigate()
  const userCode = useSessionStore((s) => s.userInfo?.code)
  return useCallback(() => {
    const decision = customerServiceDecision(isLoggedIn())
    if (decision === 'login-required') {
      toast('info', MSG.LOGIN_REQUIRED)
      return
    }
    if (decision === 'closed') {
      modal.info({ title: '客服暂未上线', content: <ClosedNotice />, okText: '知道了', width: 440 })
      return
    }
    openCustomerService({ userCode, navigate: (to) => navigate(to) })
  }, [modal, navigate, userCode])
}
