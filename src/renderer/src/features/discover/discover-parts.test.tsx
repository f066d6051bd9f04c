import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { DISCOVER, type Valuation } from '@shared/api/discover'
import { brief } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { PriceVerdict } from './PriceVerdict'
import { SuggestKeywordBox } from './SuggestKeywordBox'

let server: FakeServer
afterEach(() => server.restore())

const estimate = (mid: number): Valuation => ({
  estimate: { low: mid - 1000, mid, high: mid + 1000 },
  samples: 9,
  minSamples: 5,
  windowDays: 90,
  scope: 'server',
})

describe('keyword suggestions', () => {
  it('asks once the typing pauses, within the game and type, and searches for the chosen title', async () => {
    server = fakeServer().on(DISCOVER.suggest, ['满级号 全皮肤', '满级号 初始'])
    const onSearch = vi.fn()
    renderPage(<SuggestKeywordBox value={undefined} gameId={3} goodsType="ACCOUNT" onSearch={onSearch} />)
    const box = screen.getByRole('combobox', { name: '搜索商品关键词' })
    fireEvent.change(box, { target: { value: '满' } })
    fireEvent.change(box, { target: { value: '满级' } })
    const option = await screen.findByRole('option', { name: '满级号 初始' })
    // the pause, not every key, sends a request
    expect(server.callsTo(DISCOVER.suggest).map((c) => c.query)).toEqual([
      { keyword: '满级', gameId: 3, goodsType: 'ACCOUNT' },
    ])
    expect(option).toBeTruthy()
    fireEvent.click(document.querySelector('.ant-select-item-option[title="满级号 初始"]') ?? option)
    expect(onSearch).toHaveBeenCalledWith('满级号 初始')
  })

  it('asks nothing for the keyword the page opened with until it is edited', async () => {
    server = fakeServer().on(DISCOVER.suggest, ['满级号 全皮肤'])
    renderPage(<SuggestKeywordBox value="满级号" gameId={3} onSearch={() => undefined} />)
    const box = screen.getByRole('combobox', { name: '搜索商品关键词' })
    expect((box as HTMLInputElement).value).toBe('满级号')
    await new Promise((r) => setTimeout(r, 400))
    expect(server.callsTo(DISCOVER.suggest)).toHaveLength(0)
    fireEvent.change(box, { target: { value: '满级号 全' } })
    await screen.findByRole('option', { name: '满级号 全皮肤' })
    await waitFor(() =>
      expect(server.callsTo(DISCOVER.suggest).map((c) => c.query)).toContainEqual({
        keyword: '满级号 全',
        gameId: 3,
      }),
    )
  })

  it('asks nothing for an empty box', async () => {
    server = fakeServer().on(DISCOVER.suggest, ['x'])
    renderPage(<SuggestKeywordBox value={undefined} onSearch={() => undefined} />)
    fireEvent.change(screen.getByRole('combobox', { name: '搜索商品关键词' }), { target: { value: '   ' } })
    await new Promise((r) => setTimeout(r, 400))
    expect(server.callsTo(DISCOVER.suggest)).toHaveLength(0)
  })
})

describe('price verdict', () => {
  it('says how an account price compares with comparable deals', async () => {
    server = fakeServer().on(DISCOVER.valuation, estimate(10_000))
    renderPage(<PriceVerdict detail={brief(7, { goodsType: 'ACCOUNT', price: 8_800 })} />)
    expect(await screen.findByText('低于近 90 天同类成交价 12%')).toBeTruthy()
    expect(server.callsTo(DISCOVER.valuation)[0].params).toEqual({ goodsId: '7' })
  })

  it('says 样本不足 without an estimate, and asks nothing for other goods types', async () => {
    server = fakeServer().on(DISCOVER.valuation, { ...estimate(1), estimate: null, reason: '样本不足' })
    const { unmount } = renderPage(<PriceVerdict detail={brief(8, { goodsType: 'ACCOUNT' })} />)
    expect(await screen.findByText('同类成交样本不足，暂无估价')).toBeTruthy()
    unmount()
    renderPage(<PriceVerdict detail={brief(9, { goodsType: 'COIN' })} />)
    await waitFor(() => expect(server.callsTo(DISCOVER.valuation)).toHaveLength(1))
  })
})
