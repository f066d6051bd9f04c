/**
 * Staff views (issue 33): 商品审核's drawer shows the held listing's description and screenshots (the
 * staff preview of the detail endpoint); 用户管理's detail shows the user's money and latest orders.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { FUNDS_STAFF } from '@shared/api/funds'
import { GOODS, GOODS_STAFF, type StaffGoods } from '@shared/api/goods'
import { SYSTEM } from '@shared/api/system'
import { ORDER_STAFF, type StaffOrder } from '@shared/api/trade'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { detail } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { WARRANT, WARRANT_STAFF, type Dispute } from '@shared/api/warrant'
import DisputeArbitrationPage from './DisputeArbitration'
import GoodsAuditPage from './GoodsAudit'
import { UserActivity } from './UserManage/UserActivity'

vi.setConfig({ testTimeout: 60_000 })

let server: FakeServer
beforeEach(() => {
  server = fakeServer().on(SYSTEM.dict, [])
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

const held: StaffGoods = {
  goodsId: 5,
  title: '王者荣耀账号 5',
  gameId: 1,
  gameName: '王者荣耀',
  goodsType: 'ACCOUNT',
  price: 12_345,
  stock: 1,
  status: 'AUDITING',
  sellerId: 2,
  sellerName: '卖家老李',
  auditRemark: '描述含联系方式',
  held: true,
  createdAt: 1_767_240_000_000,
  updatedAt: 1_767_240_000_000,
}

describe('商品审核 drawer', () => {
  it('shows the description and the screenshots of a held listing', async () => {
    useSessionStore.setState({ permissions: [PERMS.goodsAuditList], roles: ['operator'] })
    server
      .on(GOODS_STAFF.list, { rows: [held], total: 1 })
      .on(
        GOODS.detail,
        detail(5, { status: 'AUDITING', preview: { status: 'AUDITING', reason: '描述含联系方式' } }),
      )
    renderPage(<GoodsAuditPage />, { url: '/console/audit/goods' })
    fireEvent.click(await screen.findByText('详情'))
    expect(await screen.findByText('全英雄，可改实名。\n第二行', { normalizer: (t) => t })).toBeTruthy()
    expect(screen.getAllByAltText('商品截图').length).toBe(2)
    expect(server.callsTo(GOODS.detail)[0]!.params).toEqual({ goodsId: '5' })
  })
})

describe('用户管理 detail', () => {
  it("shows the user's money and latest orders as buyer and seller", async () => {
    useSessionStore.setState({ permissions: [PERMS.userList, PERMS.orderList], roles: ['admin'] })
    const o: StaffOrder = {
      orderNo: 'YX1',
      title: '一个号',
      gameId: 1,
      gameName: '王者荣耀',
      goodsType: 'ACCOUNT',
      amount: 50_000,
      status: 'PAID',
      buyerId: 7,
      buyerName: 'u7',
      sellerId: 8,
      sellerName: 'u8',
      createdAt: 1_767_240_000_000,
      paidAt: null,
      notes: 0,
    }
    server
      .on(FUNDS_STAFF.userWallet, {
        available: 12_300,
        frozen: 100,
        inEscrowAsBuyer: 50_000,
        pendingSettlement: 0,
        hasPayPassword: true,
        payLockedUntil: null,
      })
      .on(ORDER_STAFF.list, ({ query }) => (query.buyer ? { rows: [o], total: 1 } : { rows: [], total: 0 }))
    renderPage(<UserActivity userId={7} />, { url: '/console/system/user' })
    expect(await screen.findByText('¥123.00')).toBeTruthy()
    const bought = await screen.findByRole('region', { name: '买入订单' })
    expect(await within(bought).findByText(/YX1 · 一个号/)).toBeTruthy()
    expect(server.callsTo(FUNDS_STAFF.userWallet)[0]!.params).toEqual({ userId: '7' })
    const queries = server.callsTo(ORDER_STAFF.list).map((c) => c.query)
    expect(queries).toContainEqual(expect.objectContaining({ buyer: '7' }))
    expect(queries).toContainEqual(expect.objectContaining({ seller: '7' }))
  })
})

describe('纠纷仲裁 drawer', () => {
  it("links to the order's guaranteed-order room", async () => {
    useSessionStore.setState({ permissions: [PERMS.disputeList], roles: ['kefu'] })
    const dispute: Dispute = {
      disputeId: 1,
      orderNo: 'YX20260101120000123',
      goodsTitle: '一个号',
      amount: 50_000,
      buyerName: 'u7',
      sellerName: 'u8',
      orderStatus: 'ARBITRATING',
      state: 'OPEN',
      openedBy: 'buyer',
      openedByName: 'u7',
      openedAt: 1_767_240_000_000,
      reason: '账号被找回',
      fromStatus: 'TO_CONFIRM',
      ruling: null,
    }
    server.on(WARRANT_STAFF.disputes, { rows: [dispute], total: 1 }).on(WARRANT.messages, [])
    renderPage(<DisputeArbitrationPage />, { url: '/console/trade/dispute' })
    fireEvent.click(await screen.findByText('处理'))
    const link = (await screen.findByText('进入担保聊天室')).closest('a')!
    expect(link.getAttribute('href')).toBe('/warrantOrderHandler.html?orderNo=YX20260101120000123')
  })
})
