import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AGENCY, type AgencyApplication, type AgencyOrder } from '@shared/api/agency'
import { GAME } from '@shared/api/game'
import { logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import AgencySaleGoodsPage from './AgencySaleGoodsPage'
import AgencySaleOrderPage from './AgencySaleOrderPage'

const application = (id: number, patch: Partial<AgencyApplication> = {}): AgencyApplication => ({
  applicationId: id,
  gameId: 1,
  gameName: '王者荣耀',
  platform: 'iOS',
  areaId: 10,
  serverId: 11,
  title: `代售号 ${id}`,
  description: '',
  attributes: {},
  images: [],
  askingPrice: 50_000,
  negotiable: true,
  floorPrice: 45_000,
  status: 'PENDING',
  rejectReason: '',
  listedPrice: null,
  goodsId: null,
  credentialFields: ['QQ号或微信号'],
  timeline: [
    { kind: 'APPLIED', label: '提交代售申请', detail: '期望售价 ¥500.00', createdAt: 1_717_000_000_000 },
  ],
  createdAt: 1_717_000_000_000,
  updatedAt: 1_717_000_000_000,
  ...patch,
})

let server: FakeServer
beforeEach(() => {
  logIn()
  server = withGames(fakeServer())
    .on(GAME.myAgencySale, [])
    .on(AGENCY.my, {
      rows: [
        application(1),
        application(2, {
          status: 'REJECTED',
          rejectReason: '截图与账号不符',
          timeline: [
            { kind: 'APPLIED', label: '提交代售申请', detail: '', createdAt: 1_717_000_000_000 },
            { kind: 'REJECTED', label: '申请被驳回', detail: '截图与账号不符', createdAt: 1_717_000_100_000 },
          ],
        }),
      ],
      total: 2,
    })
    .on(AGENCY.withdraw, application(1, { status: 'WITHDRAWN' }))
})
afterEach(() => server.restore())

describe('/agencySale/agencySaleGoods.html', () => {
  it('lists the applications with their state, timeline and reason; withdraws only what may be withdrawn', async () => {
    renderPage(<AgencySaleGoodsPage />, { url: '/agencySale/agencySaleGoods.html' })
    const pending = (await screen.findByRole('article', { name: '代售号 1' })) as HTMLElement
    expect(within(pending).getByText('待审核')).toBeTruthy()
    expect(within(pending).getByText(/提交代售申请：期望售价 ¥500.00/)).toBeTruthy()
    expect(within(pending).getByText('可议价，最低 ¥450.00')).toBeTruthy()
    const rejected = screen.getByRole('article', { name: '代售号 2' })
    expect(within(rejected).getByText('驳回原因：截图与账号不符')).toBeTruthy()
    // a rejected application cannot be withdrawn
    expect(within(rejected).queryByText('撤回申请')).toBeNull()

    fireEvent.click(within(pending).getByText('撤回申请'))
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
      if (!button) throw new Error('no confirmation')
      return button
    })
    fireEvent.click(ok)
    await waitFor(() => expect(server.callsTo(AGENCY.withdraw)[0]?.body).toEqual({ applicationId: 1 }))
    // the list is asked again after the change
    await waitFor(() => expect(server.callsTo(AGENCY.my).length).toBeGreaterThan(1))
  })

  it('filters by state', async () => {
    renderPage(<AgencySaleGoodsPage />, { url: '/agencySale/agencySaleGoods.html' })
    await screen.findByRole('article', { name: '代售号 1' })
    fireEvent.click(screen.getByText('已上架'))
    await waitFor(() =>
      expect(server.callsTo(AGENCY.my).at(-1)?.query).toEqual({ pageNum: 1, pageSize: 10, status: 'LISTED' }),
    )
  })
})

describe('申请代售: the commission before submitting', () => {
  it("states the game's rate from the server and what the owner receives at the asking price", async () => {
    server
      .on(AGENCY.terms, { gameId: 1, commissionPercent: 8 })
      .on(GAME.transferConfig, { gameId: 1, fields: [] })
    renderPage(<AgencySaleGoodsPage />, { url: '/agencySale/agencySaleGoods.html' })
    fireEvent.click(await screen.findByRole('tab', { name: '申请代售' }))
    expect(await screen.findByText('选择游戏后显示代售佣金比例')).toBeTruthy()
    const select = await screen.findByRole('combobox', { name: '游戏' })
    fireEvent.mouseDown(select)
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (el) => el.textContent === '王者荣耀',
      )
      if (!found) throw new Error('no option')
      return found
    })
    fireEvent.click(option)
    const line = await screen.findByLabelText('代售佣金')
    await waitFor(() => expect(line.textContent).toContain('代售佣金 8%'))
    expect(server.callsTo(AGENCY.terms)[0]!.params).toEqual({ gameId: '1' })
    fireEvent.change(screen.getByLabelText('期望售价（元）'), { target: { value: '500' } })
    await waitFor(() => expect(line.textContent).toContain('佣金 ¥40.00，到账 ¥460.00'))
  })
})

describe('/agencySale/agencySaleOrder.html', () => {
  it('shows amount, commission, net and settlement state; exports', async () => {
    const order: AgencyOrder = {
      orderNo: '202405181430051234567890',
      applicationId: 1,
      goodsTitle: '代售号 1',
      gameName: '王者荣耀',
      amount: 50_000,
      commission: 2_500,
      net: 47_500,
      orderStatus: 'SETTLED',
      settlement: 'SETTLED',
      createdAt: 1_717_000_000_000,
      settledAt: 1_717_000_500_000,
    }
    server
      .on(AGENCY.orders, { rows: [order], total: 1 })
      .on(AGENCY.ordersExport, { fileName: 'a.csv', rows: 1 })
    renderPage(<AgencySaleOrderPage />, { url: '/agencySale/agencySaleOrder.html' })
    const row = (await screen.findByText(order.orderNo)).closest('tr') as HTMLElement
    expect(within(row).getByText('¥500.00')).toBeTruthy()
    expect(within(row).getByText('¥25.00')).toBeTruthy()
    expect(within(row).getByText('¥475.00')).toBeTruthy()
    expect(within(row).getByText('已结算')).toBeTruthy()
    fireEvent.click(screen.getByText('待结算'))
    await waitFor(() =>
      expect(server.callsTo(AGENCY.orders).at(-1)?.query).toEqual({
        pageNum: 1,
        pageSize: 20,
        settlement: 'PENDING',
      }),
    )
    fireEvent.click(screen.getByText('导出订单'))
    await waitFor(() =>
      expect(server.callsTo(AGENCY.ordersExport)[0]?.body).toEqual({ settlement: 'PENDING' }),
    )
  })
})
