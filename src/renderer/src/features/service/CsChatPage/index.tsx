/**
 * /service/chat.html 在线客服 (docs/customer-service.md): the built-in conversation as a page of its
 * own — what the desktop client's customer-service window loads (there without the standalone
 * layout's bar and footer; its links open the main window), and the address a notification of a
 * reply leads to. `?orderNo=` / `?goodsId=` / `?disputeId=` attach what it was opened from.
 */
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { customerServiceAbout } from '@shared/desktop'
import { CsConversation } from '@renderer/components/customer-service/CsConversation'
import { platform } from '@renderer/platform'

/**
 * In the desktop client this page is only ever the customer-service window (main opens every way
 * to it there: index.ts openRoute); its links take the workbench's way to the main window.
 */
const inWindow = () => platform.kind === 'desktop' && platform.workbench !== null

export default function CsChatPage() {
  const location = useLocation()
  const about = customerServiceAbout(location.search)

  useEffect(() => {
    if (!inWindow()) return
    document.body.classList.add('cs-window')
    return () => document.body.classList.remove('cs-window')
  }, [])

  // a link of the window (the order, the verification page) opens in the main window, not here
  const onClickCapture = (event: React.MouseEvent) => {
    if (!inWindow()) return
    const anchor = (event.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (!href || !href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    event.stopPropagation()
    void platform.workbench!.openInMain(href)
  }

  return (
    <main className="cs-page" onClickCapture={onClickCapture}>
      <h1 className="cs-page__title">在线客服</h1>
      <CsConversation key={location.search} about={about} />
    </main>
  )
}
