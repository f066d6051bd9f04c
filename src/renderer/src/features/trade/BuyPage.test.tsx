import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { ORDER, ROLE } from '@shared/api/trade'
import { detail, logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ROLE as RECEIVING_ROLE } from '@renderer/testing/trade-fixtures'
import BuyPage from './BuyPage'
import { parseQuantity, stepQuantity } from './quantity'

/** a coin listing: ¥57.00 each, 10 in stock */
const GOODS_7 = detail(7, { goodsType: 'COIN', title: '王者荣耀 点券 100', price: 5_700, stock: 10 })

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(GOODS.detail, GOODS_7)
    .on(ROLE.list, [RECEIVING_ROLE])
    .on(ORDER.create, order({ orderNo: '202405181430054829105733' }))
  logIn()
})
afterEach(() => server.restore())

async function openBuyPage() {
  const view = renderPage(<BuyPage />, { url: '/buyer/buy.html?goodsId=7' })
  const input = (await screen.findByLabelText('购买数量')) as HTMLInputElement
  const amount = () => screen.getByLabelText('应付金额').textContent
  // text queries rather than role queries: accessible names of a whole page are slow to compute in jsdom
  const submit = () => screen.getByText('提交订单').closest('button') as HTMLButtonElement
  /** what a keystroke does to the field: the text as it then reads */
  const type = (text: string) => fireEvent.change(input, { target: { value: text } })
  return { view, input, amount, submit, type }
}

describe('/buyer/buy.html quantity', () => {
  it('typing 3, Backspace, 5 gives 5 (¥285.00), never 15', async () => {
    const { input, amount, type, submit } = await openBuyPage()
    expect(amount()).toBe('¥57.00')
    type('')
    type('3')
    expect(amount()).toBe('¥171.00')
    type('') // Backspace: the field stays empty (no 1 slipped back in), no amount, no order
    expect(input.value).toBe('')
    expect(amount()).toBe('—')
    expect(screen.getByText('请输入购买数量')).toBeTruthy()
    expect(submit().disabled).toBe(true)
    type(`${input.value}5`)
    expect(input.value).toBe('5')
    expect(amount()).toBe('¥285.00')
    expect(submit().disabled).toBe(false)
  })

  it('refuses 2.5 and other non-integers: no ¥142.50, and no order with them', async () => {
    const { input, amount, type, submit } = await openBuyPage()
    for (const text of ['2.5', '1e1', '-2', '0', '11', '３']) {
      type(text)
      expect(amount(), text).toBe('—')
      expect(submit().disabled, text).toBe(true)
    }
    expect(screen.getByText('购买数量须为 1 至 10 的整数')).toBeTruthy()
    expect(screen.queryByText('¥142.50')).toBeNull()
    type('10')
    expect(amount()).toBe('¥570.00')
    expect(input.value).toBe('10')
  })

  it('steps with − and + within 1..stock and orders the validated integer with the default role', async () => {
    const { view, input, amount, type, submit } = await openBuyPage()
    const minus = screen.getByLabelText('减少数量') as HTMLButtonElement
    const plus = screen.getByLabelText('增加数量') as HTMLButtonElement
    expect(minus.disabled).toBe(true)
    fireEvent.click(plus)
    fireEvent.click(plus)
    expect(input.value).toBe('3')
    expect(amount()).toBe('¥171.00')
    type('99')
    fireEvent.click(minus) // from the stock, not from 99
    expect(input.value).toBe('9')
    fireEvent.click(plus)
    expect(input.value).toBe('10')
    expect(plus.disabled).toBe(true)
    await screen.findByText(/逍遥生/)
    fireEvent.click(submit())
    await waitFor(() => expect(server.callsTo(ORDER.create)).toHaveLength(1))
    expect(server.callsTo(ORDER.create)[0]!.body).toEqual({ goodsId: 7, quantity: 10, roleId: 3 })
    await waitFor(() => expect(view.location()).toBe('/buyer/pay.html?orderNo=202405181430054829105733'))
  })

  it('shows the server’s refusal in place', async () => {
    server.fail(ORDER.create, 400, '商品已售出或库存不足')
    const { submit } = await openBuyPage()
    await screen.findByText(/逍遥生/)
    fireEvent.click(submit())
    expect(await screen.findByText('商品已售出或库存不足')).toBeTruthy()
  })
})

describe('parseQuantity / stepQuantity', () => {
  it('takes only whole numbers from 1 to the stock', () => {
    expect(parseQuantity('3', 10)).toEqual({ quantity: 3, error: '' })
    expect(parseQuantity(' 10 ', 10)).toEqual({ quantity: 10, error: '' })
    expect(parseQuantity('007', 10)).toEqual({ quantity: 7, error: '' })
    expect(parseQuantity('', 10)).toEqual({ quantity: null, error: '请输入购买数量' })
    for (const bad of ['0', '11', '2.5', '1e1', '-1', '+2', '0x3', 'Infinity', '1234567890'])
      expect(parseQuantity(bad, 10), bad).toEqual({ quantity: null, error: '购买数量须为 1 至 10 的整数' })
    // a listing with no stock left still reads as at most 1
    expect(parseQuantity('1', 0)).toEqual({ quantity: 1, error: '' })
  })

  it('steps from the typed number, clamped into 1..stock', () => {
    expect(stepQuantity('3', 10, 1)).toBe(4)
    expect(stepQuantity('1', 10, -1)).toBe(1)
    expect(stepQuantity('10', 10, 1)).toBe(10)
    expect(stepQuantity('99', 10, -1)).toBe(9)
    expect(stepQuantity('', 10, 1)).toBe(2)
    expect(stepQuantity('2.5', 10, 1)).toBe(2)
  })
})
