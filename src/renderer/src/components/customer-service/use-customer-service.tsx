/**
 * 在线客服 from anywhere (side bar, footer, an order, a listing, a dispute): logged out → the info
 * toast 请先登录！ and nothing else; else the built-in conversation (desktop: its own window; web:
 * the panel), with what it was opened about attached — or, on the web, the configured widget.
 */
import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { MSG } from '@shared/messages'
import type { CsOpenedAbout } from '@shared/desktop'
import { isLoggedIn } from '@renderer/stores/session'
import { toast } from '@renderer/utils/toast'
import { openCustomerService } from './open-customer-service'

export function useCustomerService(): (about?: CsOpenedAbout) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (about?: CsOpenedAbout) => {
      if (!isLoggedIn()) {
        toast('info', MSG.LOGIN_REQUIRED)
        return
      }
      void openCustomerService(about ?? {}, queryClient)
    },
    [queryClient],
  )
}
