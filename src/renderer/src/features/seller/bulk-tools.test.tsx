/** 我出售的商品's bulk tools: the price preview (rounding, minimum price) and the per-listing outcome. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { BULK } from '@shared/api/seller-tools'
import { brief, logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { bulkSummary, readPriceChange } from './SellGoodsPage/bulk'
import SellGoodsPage from './SellGoodsPage'

let server: FakeServer
beforeEach(() => {
  logIn()
  server = withGames(fakeServer()).on(GOODS.mine, {
    rows: [brief(1, { price: 1995 }), brief(2, { price: 1 }), brief(3, { price: 10_000 })],
    total: 3,
  })
})
afterEach(() => server.restore())

const button = (text: RegExp, scope: HTMLElement = document.body) =>
  within(scope).getAllByText(text, { selector: 'button span' })

describe('bulk price change', () => {
  it('reads signed amounts in 元 and whole percents', () => {
    expect(readPriceChange('AMOUNT', '-5.5')).toEqual({ change: { mode: 'AMOUNT', value: -550 } })
    expect(readPriceChange('AMOUNT', '+12')).toEqual({ change: { mode: 'AMOUNT', value: 1200 } })
    expect(readPriceChange('PERCENT', '-10%')).toEqual({ change: { mode: 'PERCENT', value: -10 } })
    expect(readPriceChange('PERCENT', '-10.5')).toEqual({ error: '调整比例须为整数，如 -10' })
    expect(readPriceChange('AMOUNT', '1.234')).toEqual({ error: '调整金额最多两位小数，如 -5.50' })
    expect(readPriceChange('PERCENT', '0')).toEqual({ error: '调整幅度不能为 0' })
    expect(readPriceChange('PERCENT', '-100')).toMatchObject({ error: expect.stringContaining('调整比例') })
  })

  it('previews the new prices of the selected listings before saving, then reports each outcome', async () => {
    server.on(BULK.price, {
      done: 1,
      failed: 1,
      results: [
        { goodsId: 1, ok: true, price: 1796 },
        { goodsId: 2, ok: false, reason: '调整后价格低于最低价 ¥0.01' },
      ],
    })
    renderPage(<SellGoodsPage />, { url: '/seller/sellGoods.html' })
    fireEvent.click(await screen.findByLabelText('选择 王者荣耀账号 1'))
    fireEvent.click(screen.getByLabelText('选择 王者荣耀账号 2'))
    expect(screen.getByText('已选 2 件')).toBeTruthy()
    fireEvent.click(button(/批量改价/)[0]!)
    const dialog = (await screen.findByText('批量改价（2 件）')).closest('.ant-modal') as HTMLElement

    fireEvent.change(within(dialog).getByLabelText('调整比例（%）'), { target: { value: '-10' } })
    const preview = within(dialog).getByLabelText('新价格预览')
    // 19.95 × 0.9 = 17.955 → ¥17.96 (half up); 0.01 × 0.9 = 0.009 → ¥0.01 (never below the minimum)
    expect(within(preview).getByText('¥17.96')).toBeTruthy()
    expect(within(preview).getAllByText('¥0.01')).toHaveLength(2)
    expect(server.callsTo(BULK.price)).toHaveLength(0)

    // by amount: −0.50 元 takes the 0.01 元 listing below the minimum — marked, left unchanged
    fireEvent.click(within(dialog).getByText('按金额（元）'))
    fireEvent.change(within(dialog).getByLabelText('调整金额（元）'), { target: { value: '-0.5' } })
    expect(within(preview).getByText('¥19.45')).toBeTruthy()
    expect(within(preview).getByText('调整后价格低于最低价 ¥0.01')).toBeTruthy()
    fireEvent.click(button(/确认改价 1 件/, dialog)[0]!)

    await waitFor(() => expect(server.callsTo(BULK.price)).toHaveLength(1))
    expect(server.callsTo(BULK.price)[0]!.body).toEqual({ goodsIds: [1, 2], mode: 'AMOUNT', value: -50 })
    expect(
      await screen.findByText('成功 1 件，失败 1 件：王者荣耀账号 2（调整后价格低于最低价 ¥0.01）'),
    ).toBeTruthy()
    // the selection is cleared and the list asked again
    expect(screen.queryByText(/^已选/)).toBeNull()
    await waitFor(() => expect(server.callsTo(GOODS.mine).length).toBeGreaterThan(1))
  })

  it('names the failed listings in the summary', () => {
    const titles = new Map([
      [1, '甲'],
      [2, '乙'],
    ])
    expect(bulkSummary({ done: 2, failed: 0, results: [] }, titles)).toBe('成功 2 件')
    expect(
      bulkSummary(
        {
          done: 2,
          failed: 0,
          results: [
            { goodsId: 1, ok: true, status: 'ON_SALE' },
            { goodsId: 2, ok: true, status: 'AUDITING' },
          ],
        },
        titles,
      ),
    ).toBe('成功 2 件（其中 1 件待审核）')
    expect(
      bulkSummary(
        {
          done: 0,
          failed: 2,
          results: [
            { goodsId: 2, ok: false, reason: '已售出的商品不能下架' },
            { goodsId: 9, ok: false },
          ],
        },
        titles,
      ),
    ).toBe('成功 0 件，失败 2 件：乙（已售出的商品不能下架）；商品 9（操作失败）')
  })
})
