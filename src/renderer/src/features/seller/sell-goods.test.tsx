import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { brief, logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import SellGoodsPage from './SellGoodsPage'

let server: FakeServer
beforeEach(() => {
  logIn()
  server = withGames(fakeServer())
    .on(GOODS.mine, {
      rows: [brief(1), brief(2, { status: 'OFF_SHELF', auditRemark: '审核未通过：截图含联系方式' })],
      total: 2,
    })
    .fail(GOODS.offShelf, 403, '只能操作自己发布的商品')
    .on(GOODS.onShelf, { status: 'AUDITING' })
    .on(GOODS.updatePrice, undefined)
})
afterEach(() => server.restore())

/** The OK button of the open Popconfirm. */
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
    if (!button) throw new Error('no confirmation')
    return button
  })
const button = (text: RegExp, scope: HTMLElement = document.body) =>
  within(scope).getAllByText(text, { selector: 'button span' })

describe('/seller/sellGoods.html', () => {
  it('lists by state and shows a refusal with the server message', async () => {
    renderPage(<SellGoodsPage />, { url: '/seller/sellGoods.html?status=ON_SALE' })
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(server.callsTo(GOODS.mine)[0]!.query).toEqual({ status: 'ON_SALE', pageNum: 1, pageSize: 20 })
    // the server's reason as it is (no second 未通过 prefix)
    expect(screen.getByText('审核未通过：截图含联系方式')).toBeTruthy()
    fireEvent.click(button(/^下\s*架$/)[0]!)
    fireEvent.click(await confirmButton())
    expect(await screen.findByText('只能操作自己发布的商品')).toBeTruthy()
  })

  it('puts a listing on the shelf (says when it waits for approval) and edits the price in 元', async () => {
    renderPage(<SellGoodsPage />, { url: '/seller/sellGoods.html' })
    await screen.findByText('王者荣耀账号 2')
    fireEvent.click(button(/^上\s*架$/)[0]!)
    expect(await screen.findByText('已提交审核，通过后自动上架')).toBeTruthy()
    expect(server.callsTo(GOODS.onShelf)[0]!.body).toEqual({ goodsId: 2 })
    // the list is asked again after a change
    await waitFor(() => expect(server.callsTo(GOODS.mine)).toHaveLength(2))

    fireEvent.click(button(/^改\s*价$/)[0]!)
    const dialog = (await screen.findByText('修改价格')).closest('.ant-modal') as HTMLElement
    fireEvent.change(within(dialog).getByLabelText('新价格（元）'), { target: { value: '88.8' } })
    fireEvent.click(button(/^保\s*存$/, dialog)[0]!)
    await waitFor(() => expect(server.callsTo(GOODS.updatePrice)).toHaveLength(1))
    expect(server.callsTo(GOODS.updatePrice)[0]!.body).toEqual({ goodsId: 1, price: 8880 })
    expect(await screen.findByText('价格已改为 ¥88.80')).toBeTruthy()
  })
})
