/**
 * The order detail page (docs/order-detail.md): the buyer's view (amounts, deadline, timeline, own
 * ledger, delivery views, room, the allowed buttons), the move to the seller's address for the seller,
 * the not-found answer; the message link and the order-number parser; 收到的评价 with its inline reply.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ORDER_DETAIL, type OrderDetailView } from '@shared/api/order-detail'
import { REVIEW, type Review } from '@shared/api/review'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ORDER_NO } from '@renderer/testing/trade-fixtures'
import MyReviewsPage from '@renderer/features/review/MyReviewsPage'
import OrderDetailPage from '.'
import { MessageOrderLink } from './OrderDetailLink'
import { orderDetailPath, orderNoInText } from './order-links'

const AT = 1_767_240_000_000

function view(patch: Partial<OrderDetailView> = {}): OrderDetailView {
  return {
    order: order({
      status: 'TO_CONFIRM',
      actions: ['confirm', 'viewCredentials', 'dispute'],
      amount: 12_000,
    }),
    amounts: {
      unitPrice: 12_000,
      quantity: 1,
      amount: 12_000,
      fee: 0,
      sellerReceives: 12_000,
      feeNote: '平台不收取手续费',
      escrow: 12_000,
      refunded: 0,
    },
    ledger: [
      {
        ledgerId: 9,
        type: 'ORDER_PAY',
        amount: -12_000,
        frozenAmount: 0,
        availableAfter: 3_000,
        frozenAfter: 0,
        orderNo: ORDER_NO,
        topupNo: null,
        withdrawNo: null,
        remark: '支付订单货款',
        createdAt: AT + 60_000,
      },
    ],
    channelRefunds: [],
    timeline: [
      { at: AT, kind: 'STATE', title: '买家下单', detail: '1 件，金额 ¥120.00' },
      { at: AT + 60_000, kind: 'STATE', title: '买家支付', detail: '¥120.00 由平台担保' },
      { at: AT + 120_000, kind: 'EVENT', title: '卖家交付', detail: '登录账号、登录密码' },
    ],
    deadline: { label: '自动确认收货', at: Date.now() + 3_600_000, action: '超时未确认，将自动确认收货' },
    delivery: {
      autoDelivered: false,
      deliveredAt: AT + 120_000,
      fields: ['登录账号', '登录密码'],
      corrections: [],
      views: [{ at: AT + 180_000, viewer: '买家小王' }],
    },
    room: {
      href: `/warrantOrderHandler.html?orderNo=${ORDER_NO}`,
      open: true,
      count: 5,
      last: [
        { senderRole: 'seller', senderName: '卖家老李', content: '已发货，请查收', images: 0, createdAt: AT },
      ],
    },
    review: null,
    ...patch,
  }
}

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
  logIn()
})
afterEach(() => server.restore())

const open = (path = '/buyer/orderDetail.html') =>
  renderPage(<OrderDetailPage />, { url: `${path}?orderNo=${ORDER_NO}` })

describe('order detail page', () => {
  it('shows the buyer the amounts, deadline, timeline in order, own ledger, delivery views, room and buttons', async () => {
    server.on(ORDER_DETAIL.view, view())
    open()
    const timeline = (await screen.findByRole('region', { name: '订单进度' })) as HTMLElement
    const lines = within(timeline)
      .getAllByText(/^(买家下单|买家支付|卖家交付)$/)
      .map((e) => e.textContent)
    expect(lines).toEqual(['买家下单', '买家支付', '卖家交付'])
    expect(server.callsTo(ORDER_DETAIL.view)[0]!.params).toEqual({ orderNo: ORDER_NO })
    const amounts = screen.getByRole('region', { name: '金额' })
    expect(within(amounts).getByText('卖家实收')).toBeTruthy()
    expect(within(amounts).getAllByText('¥120.00').length).toBeGreaterThanOrEqual(2)
    expect(screen.getByText(/^自动确认收货：/)).toBeTruthy()
    expect(screen.getByRole('timer')).toBeTruthy()
    const ledger = screen.getByRole('region', { name: '我的资金流水' })
    expect(within(ledger).getByText('订单支付', { selector: 'td' })).toBeTruthy()
    expect(within(ledger).getByText('-¥120.00')).toBeTruthy()
    expect(screen.getByText(/买家小王 查看了交付信息/)).toBeTruthy()
    const room = screen.getByRole('region', { name: '担保聊天室' })
    expect(within(room).getByText(/共 5 条消息/)).toBeTruthy()
    expect(within(room).getByText('已发货，请查收')).toBeTruthy()
    expect(screen.getByText('确认收货', { selector: 'button span' })).toBeTruthy()
    // 申请仲裁 is in the 更多 menu, not a button of its own (docs/screens.md "Phones")
    expect(screen.queryByText('申请仲裁')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '更多操作' }))
    expect(await screen.findByRole('menuitem', { name: '申请仲裁' })).toBeTruthy()
  })

  it('moves the seller to the seller centre’s address and shows their side', async () => {
    server.on(
      ORDER_DETAIL.view,
      view({ order: order({ myRole: 'seller', status: 'PAID', actions: ['startDelivery'] }) }),
    )
    const page = open()
    await waitFor(() => expect(page.location()).toBe(`/seller/orderDetail.html?orderNo=${ORDER_NO}`))
  })

  it('stays on the seller address for the seller and offers the seller’s buttons', async () => {
    server.on(
      ORDER_DETAIL.view,
      view({ order: order({ myRole: 'seller', status: 'PAID', actions: ['startDelivery'] }) }),
    )
    const page = open('/seller/orderDetail.html')
    expect(await screen.findByText('您是本订单的卖家')).toBeTruthy()
    expect(screen.getByText('开始发货', { selector: 'button span' })).toBeTruthy()
    expect(page.location()).toBe(`/seller/orderDetail.html?orderNo=${ORDER_NO}`)
  })

  it('says why when the order is not the caller’s', async () => {
    server.fail(ORDER_DETAIL.view, 404, '订单不存在')
    open()
    expect(await screen.findByText('订单不存在')).toBeTruthy()
    expect(screen.getByText('订单加载失败')).toBeTruthy()
  })

  it('asks for no order when the address has a bad number', async () => {
    renderPage(<OrderDetailPage />, { url: '/buyer/orderDetail.html?orderNo=a-b' })
    expect(await screen.findByText('地址中缺少订单号')).toBeTruthy()
    expect(server.callsTo(ORDER_DETAIL.view)).toHaveLength(0)
  })
})

describe('links to the detail page', () => {
  it('finds the order number in order messages', () => {
    expect(orderNoInText(`订单 ${ORDER_NO}（王者号）卖家已交付`)).toBe(ORDER_NO)
    expect(orderNoInText(`您已下单 王者号，订单号 ${ORDER_NO}，金额 ¥1.00`)).toBe(ORDER_NO)
    expect(orderNoInText('您的提现申请已通过')).toBeNull()
    expect(orderDetailPath('A1', 'seller')).toBe('/seller/orderDetail.html?orderNo=A1')
  })

  it('renders 查看订单详情 under a message about an order only', () => {
    renderPage(
      <>
        <MessageOrderLink
          message={{ title: '订单已取消', content: `订单 ${ORDER_NO}（王者号）已由买家取消。` }}
        />
        <MessageOrderLink message={{ title: '提现成功', content: '您的提现已到账' }} />
      </>,
    )
    const links = screen.getAllByRole('link', { name: '查看订单详情' })
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe(`/buyer/orderDetail.html?orderNo=${ORDER_NO}`)
  })
})

describe('收到的评价', () => {
  const review = (patch: Partial<Review> = {}): Review => ({
    reviewId: 5,
    orderNo: ORDER_NO,
    goodsId: 8,
    goodsTitle: '王者荣耀 V8 号',
    buyerId: 2,
    buyerName: '买家小王',
    sellerId: 3,
    stars: 4,
    tags: ['描述相符'],
    text: '还不错',
    createdAt: AT,
    reply: null,
    repliedAt: null,
    hidden: false,
    ...patch,
  })

  it('replies inline once, and filters the reviews waiting for a reply', async () => {
    let replied = false
    server
      .on(REVIEW.received, () => ({
        rows: [review(replied ? { reply: '感谢支持', repliedAt: AT + 1 } : {})],
        total: 1,
      }))
      .on(REVIEW.reply, () => {
        replied = true
        return review({ reply: '感谢支持', repliedAt: AT + 1 })
      })
    renderPage(<MyReviewsPage />, { url: '/seller/myReviews.html' })
    expect(await screen.findByText('还不错')).toBeTruthy()
    expect(screen.getByRole('link', { name: ORDER_NO }).getAttribute('href')).toBe(
      `/seller/orderDetail.html?orderNo=${ORDER_NO}`,
    )
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '感谢支持' } })
    fireEvent.click(screen.getByRole('button', { name: /^回\s*复$/ }))
    expect(await screen.findByText(/我的回复：感谢支持/)).toBeTruthy()
    expect(server.callsTo(REVIEW.reply)[0]!.body).toEqual({ reviewId: 5, content: '感谢支持' })
    expect(screen.queryByLabelText('回复内容')).toBeNull()

    fireEvent.click(screen.getByText('待回复'))
    await waitFor(() =>
      expect(server.callsTo(REVIEW.received).at(-1)!.query).toMatchObject({ replied: false }),
    )
  })
})
