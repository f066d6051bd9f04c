/** /desktop/workbench: the seller's counts and lists; in a browser its links navigate in place. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { WORKBENCH, type WorkbenchSummary } from '@shared/api/seller-tools'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { platform } from '@renderer/platform'
import WorkbenchPage from './WorkbenchPage'

const SUMMARY: WorkbenchSummary = {
  toDeliver: 3,
  newToday: 2,
  pendingBids: 1,
  unreadMessages: 4,
  unreadChats: null,
  orders: [{ orderNo: 'YX1', goodsTitle: '王者荣耀账号 1', buyerName: '买家小王', amount: 8800, paidAt: 1 }],
  bids: [
    {
      bidId: 7,
      goodsId: 2,
      goodsTitle: '王者荣耀账号 2',
      buyerName: '买家小王',
      price: 5000,
      askPrice: 6000,
      expiresAt: 2,
    },
  ],
  at: 1_717_000_000_000,
}

let server: FakeServer
beforeEach(() => logIn())
/** the shell's workbench access (null in the web build the tests run) */
const shell = platform as { workbench: typeof platform.workbench }
afterEach(() => {
  server.restore()
  shell.workbench = null
})

describe('/desktop/workbench', () => {
  it('shows the counts and lists; 去发货 leads to the orders to deliver', async () => {
    server = fakeServer().on(WORKBENCH.summary, SUMMARY)
    const page = renderPage(<WorkbenchPage />, { url: '/desktop/workbench' })
    expect(await screen.findByLabelText('待发货 3')).toBeTruthy()
    expect(screen.getByText('今日新增 2')).toBeTruthy()
    expect(screen.getByLabelText('待处理出价 1')).toBeTruthy()
    expect(screen.getByLabelText('未读消息 4')).toBeTruthy()
    // no chat tile until the chat module reports a count
    expect(screen.queryByText('售前咨询')).toBeNull()
    expect(screen.getByText('¥88.00')).toBeTruthy()
    expect(screen.getByText('¥50.00')).toBeTruthy()
    fireEvent.click(screen.getByText('去发货'))
    await waitFor(() => expect(page.location()).toBe('/seller/sellOrder.html?status=PAID'))
  })

  it('in the desktop shell opens the main window instead and reports the tray counts', async () => {
    const openInMain = vi.fn(async () => true)
    const setCounts = vi.fn()
    shell.workbench = { openInMain, setCounts }
    server = fakeServer().on(WORKBENCH.summary, { ...SUMMARY, unreadChats: 5 })
    const page = renderPage(<WorkbenchPage />, { url: '/desktop/workbench' })
    fireEvent.click(await screen.findByLabelText('待处理出价 1'))
    expect(openInMain).toHaveBeenCalledWith('/seller/receivedBids.html')
    expect(page.location()).toBe('/desktop/workbench')
    expect(screen.getByLabelText('售前咨询 5')).toBeTruthy()
    expect(setCounts).toHaveBeenCalledWith({
      toDeliver: 3,
      pendingBids: 1,
      unreadMessages: 4,
      unreadChats: 5,
    })
  })
})
