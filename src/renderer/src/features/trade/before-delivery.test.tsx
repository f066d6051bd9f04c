/** Before delivery: 催发货 on the order actions, and the cancellation request on the order page. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { ORDER } from '@shared/api/trade'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { failure, fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ORDER_NO } from '@renderer/testing/trade-fixtures'
import { OrderActions } from './OrderParts'
import { CancelRequestPanel } from './OrderDetailPage/CancelRequestPanel'

vi.setConfig({ testTimeout: 60_000 })

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
  logIn()
})
afterEach(() => server.restore())

describe('催发货', () => {
  it('the buyer of a paid order reminds the seller; too soon says how long to wait', async () => {
    server.on(ORDER.remind, failure(429, '已提醒过卖家，2 小时后可再次催发货'))
    renderPage(<OrderActions order={order({ status: 'PAID', actions: ['dispute'] })} />, { url: '/o' })
    fireEvent.click((await screen.findByText('催发货')).closest('button')!)
    await waitFor(() => expect(server.callsTo(ORDER.remind)).toHaveLength(1))
    expect(server.callsTo(ORDER.remind)[0]!.body).toEqual({ orderNo: ORDER_NO })
    expect(await screen.findByText('已提醒过卖家，2 小时后可再次催发货')).toBeTruthy()
  })

  it('is not offered to the seller, nor once delivered', async () => {
    const { unmount } = renderPage(
      <OrderActions order={order({ status: 'PAID', myRole: 'seller', actions: ['startDelivery'] })} />,
      { url: '/o' },
    )
    await screen.findByText(/开始发货/)
    expect(screen.queryByText('催发货')).toBeNull()
    unmount()
    renderPage(<OrderActions order={order({ status: 'TO_CONFIRM', actions: ['confirm'] })} />, { url: '/o' })
    await screen.findByText(/确认收货/)
    expect(screen.queryByText('催发货')).toBeNull()
  })
})

describe('cancellation on request', () => {
  it('the seller sees the pending request and agrees', async () => {
    server
      .on(ORDER.cancelRequestOf, {
        status: 'PENDING',
        reason: '拍错了',
        requestedAt: 1_767_240_000_000,
        answerBy: 1_767_326_400_000,
        overdue: false,
        refusal: null,
      })
      .on(ORDER.answerCancel, ({ body }) => ({
        status: body.agree ? ('AGREED' as const) : ('REFUSED' as const),
        reason: '拍错了',
        requestedAt: 1_767_240_000_000,
        answerBy: 1_767_326_400_000,
        overdue: false,
        refusal: null,
      }))
    renderPage(<CancelRequestPanel order={order({ status: 'PAID', myRole: 'seller' })} />, { url: '/o' })
    expect(await screen.findByText('买家申请取消订单')).toBeTruthy()
    expect(screen.getByText(/原因：拍错了/)).toBeTruthy()
    fireEvent.click(screen.getByText('同意取消').closest('button')!)
    fireEvent.click((await screen.findByText(/^同\s*意$/)).closest('button')!)
    await waitFor(() => expect(server.callsTo(ORDER.answerCancel)).toHaveLength(1))
    expect(server.callsTo(ORDER.answerCancel)[0]!.body).toEqual({ orderNo: ORDER_NO, agree: true })
  })

  it('the buyer asks with a reason', async () => {
    server.on(ORDER.cancelRequestOf, null).on(ORDER.requestCancel, ({ body }) => ({
      status: 'PENDING' as const,
      reason: body.reason,
      requestedAt: 1,
      answerBy: 2,
      overdue: false,
      refusal: null,
    }))
    renderPage(<CancelRequestPanel order={order({ status: 'PAID' })} />, { url: '/o' })
    fireEvent.click((await screen.findByText('申请取消')).closest('button')!)
    fireEvent.change(await screen.findByLabelText('取消原因（卖家可见）'), { target: { value: '不想要了' } })
    fireEvent.click(screen.getByText(/^提\s*交$/).closest('button')!)
    await waitFor(() => expect(server.callsTo(ORDER.requestCancel)).toHaveLength(1))
    expect(server.callsTo(ORDER.requestCancel)[0]!.body).toEqual({ orderNo: ORDER_NO, reason: '不想要了' })
  })
})
