import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { TRADE_PATHS } from '@shared/api/trade'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { baseRoutes, detail, logIn } from '@renderer/testing/catalogue-fixtures'
import { parseQuantity, stepQuantity } from './quantity'

/** a coin listing: ¥57.00 each, 10 in stock */
const GOODS = detail(7, { goodsType: 'COIN', title: '王者荣耀 点券 100', price: 5_700, stock: 10 })
const ROLE = {
  roleId: 3,
  gameId: 1,
  gameName: '王者荣耀',
  serverId: 11,
  serverName: '1区 梦回长安',
  roleName: '逍遥生',
  gameRoleId: '10086',
  isDefault: true,
}

let api: FakeApi
beforeEach(() => {
  api = fakeApi({
    ...baseRoutes(),
    '/goods/detail/7': ok(GOODS),
    [TRADE_PATHS.roleList]: ok([ROLE]),
    [TRADE_PATHS.orderCreate]: ok({ orderNo: '202405181430054829105733', status: 'UNPAID' }),
  })
  logIn()
})
afterEach(() => api.restore())

async function openBuyPage() {
  const view = renderApp('/buyer/buy.html?goodsId=7')
  const input = (await screen.findByLabelText('购买数量')) as HTMLInputElement
  const amount = () => screen.getByLabelText('应付金额').textContent
  const submit = () => screen.getByRole('button', { name: /提交订单/ }) as HTMLButtonElement
  /** what a keystroke does to the field: the text as it then reads */
  const type = (text: string) => fireEvent.change(input, { target: { value: text } })
  return { view, input, amount, submit, type }
}

// the page loads lazily and antd renders a lot: give a busy machine time
describe('/buyer/buy.html quantity', { timeout: 60_000 }, () => {
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

  it('steps with − and + within 1..stock and orders the validated integer', async () => {
    const { input, amount, type, submit } = await openBuyPage()
    const minus = screen.getByRole('button', { name: '减少数量' }) as HTMLButtonElement
    const plus = screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement
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
    fireEvent.click(submit())
    await waitFor(() => expect(api.callsTo(TRADE_PATHS.orderCreate)).toHaveLength(1))
    expect(JSON.parse(api.callsTo(TRADE_PATHS.orderCreate)[0]!.data as string)).toEqual({
      goodsId: 7,
      quantity: 10,
      roleId: 3,
    })
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
