import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { DELIVERY, type DeliveryAccount } from '@shared/api/delivery'
import { GAME } from '@shared/api/game'
import { GOODS } from '@shared/api/goods'
import { PUSH } from '@shared/api/push'
import { brief, logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import GoodsAccountManagePage from './GoodsAccountManagePage'
import GoodsSendPage from './GoodsSendPage'
import SelectTypePage from './SelectTypePage'

let server: FakeServer
beforeEach(() => logIn())
afterEach(() => server.restore())

const ACCOUNT: DeliveryAccount = {
  goodsId: 7,
  goodsTitle: '王者荣耀账号 7',
  gameId: 1,
  fields: { account: 'ab****yz' },
  saved: true,
  complete: true,
  autoDelivery: false,
  updatedAt: 1_717_000_000_000,
}

describe('/seller/selectType.html', () => {
  it('picks a game, then a goods type it allows', async () => {
    server = withGames(fakeServer())
    const page = renderPage(<SelectTypePage />, { url: '/seller/selectType.html' })
    fireEvent.click(await screen.findByText('王者荣耀'))
    await waitFor(() => expect(page.location()).toBe('/seller/selectType.html?gameId=1'))
    fireEvent.click(await screen.findByText('游戏币'))
    await waitFor(() => expect(page.location()).toBe('/seller/completeInfo.html?gameId=1&goodsType=COIN'))
    expect(server.callsTo(GAME.config)[0]!.query).toEqual({ gameId: 1 })
  })
})

describe('/seller/goodsAccountManage.html', () => {
  it('shows the masked values with their labels, and switches automatic delivery', async () => {
    server = withGames(fakeServer())
      .on(GAME.transferConfig, {
        gameId: 1,
        fields: [{ key: 'account', label: '游戏账号', kind: 'account', required: true, secret: false }],
      })
      .on(DELIVERY.list, { rows: [ACCOUNT], total: 1 })
      .on(DELIVERY.autoDelivery, undefined)
    renderPage(<GoodsAccountManagePage />, { url: '/seller/goodsAccountManage.html' })
    expect(await screen.findByText('ab****yz')).toBeTruthy()
    expect(await screen.findByText('游戏账号')).toBeTruthy()
    expect(server.callsTo(DELIVERY.list)[0]!.query).toEqual({ pageNum: 1, pageSize: 20 })
    fireEvent.click(screen.getByLabelText('自动交付：王者荣耀账号 7'))
    await waitFor(() => expect(server.callsTo(DELIVERY.autoDelivery)).toHaveLength(1))
    expect(server.callsTo(DELIVERY.autoDelivery)[0]!.body).toEqual({ goodsId: 7, enabled: true })
    expect(await screen.findByText('已开启自动交付')).toBeTruthy()
    // the list is asked again after the change
    await waitFor(() => expect(server.callsTo(DELIVERY.list)).toHaveLength(2))
  })
})

describe('/seller/goodsSend.html', () => {
  it('shows the quota and pushes an on-sale listing for a chosen time', async () => {
    server = fakeServer()
      .on(PUSH.quota, { dailyQuota: 5, usedToday: 1, hourOptions: [2, 24] })
      .on(GOODS.mine, { rows: [brief(1)], total: 1 })
      .on(PUSH.list, { rows: [], total: 0 })
      .on(PUSH.push, {
        pushId: 0,
        goodsId: 1,
        goodsTitle: '王者荣耀账号 1',
        startAt: 1,
        endAt: 2,
        active: true,
      })
    renderPage(<GoodsSendPage />, { url: '/seller/goodsSend.html?goodsId=1' })
    expect(await screen.findByText('今日已用 1 次，还可推送 4 次')).toBeTruthy()
    expect(server.callsTo(GOODS.mine)[0]!.query).toEqual({ status: 'ON_SALE', pageNum: 1, pageSize: 100 })
    fireEvent.click(await screen.findByLabelText('1 天'))
    fireEvent.click(screen.getByText('立即推送'))
    await waitFor(() => expect(server.callsTo(PUSH.push)).toHaveLength(1))
    expect(server.callsTo(PUSH.push)[0]!.body).toEqual({ goodsId: 1, hours: 24 })
    expect(await screen.findByText('推送成功，商品将在 1 天 内显示在列表前面')).toBeTruthy()
    // the quota and the records follow
    await waitFor(() => expect(server.callsTo(PUSH.quota)).toHaveLength(2))
    await waitFor(() => expect(server.callsTo(PUSH.list)).toHaveLength(2))
  })
})
