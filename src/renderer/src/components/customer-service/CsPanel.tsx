/**
 * The web's 在线客服 panel: the conversation over the page — a sheet over the whole screen on a
 * phone, a column on the right on a desktop. Mounted once (app/RootShell.tsx); opened by
 * useCustomerService(). The conversation is a chunk of its own, loaded when first opened.
 */
import { lazy, Suspense } from 'react'
import { Drawer, Skeleton } from 'antd'
import { useIsMobile } from '@renderer/stores/app'
import { useCsPanel } from '@renderer/stores/cs-panel'
import './customer-service.css'

const CsConversation = lazy(() => import('./CsConversation'))

export function CsPanel() {
  const { open, about, openedAt, hide } = useCsPanel()
  const mobile = useIsMobile()
  if (!openedAt) return null
  return (
    <Drawer
      className="cs-panel"
      title="在线客服"
      placement={mobile ? 'bottom' : 'right'}
      size={mobile ? '100%' : 420}
      open={open}
      onClose={hide}
      destroyOnHidden
      aria-label="在线客服"
    >
      <Suspense fallback={<Skeleton active />}>
        <CsConversation key={openedAt} about={about} onLeave={hide} />
      </Suspense>
    </Drawer>
  )
}

export default CsPanel
