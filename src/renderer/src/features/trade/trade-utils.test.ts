import { describe, expect, it } from 'vitest'
import { formatTimeLeft, orderButtons, payPasswordError, positiveInt } from './trade-utils'
import { bidPriceError } from './Bids'
import { gatewayHref, topupAmountError } from '@renderer/features/funds/TopupForm'

const NOW = 1_700_000_000_000

describe('formatTimeLeft', () => {
  it('is empty without a deadline and 已到期 once passed', () => {
    expect(formatTimeLeft(null, NOW)).toBe('')
    expect(formatTimeLeft(undefined, NOW)).toBe('')
    expect(formatTimeLeft(NOW, NOW)).toBe('已到期')
    expect(formatTimeLeft(NOW - 1, NOW)).toBe('已到期')
  })
  it('counts minutes and seconds under an hour (the 15-minute pay window)', () => {
    expect(formatTimeLeft(NOW + 15 * 60_000, NOW)).toBe('15 分 00 秒')
    expect(formatTimeLeft(NOW + 65_000, NOW)).toBe('1 分 05 秒')
    expect(formatTimeLeft(NOW + 999, NOW)).toBe('0 分 00 秒')
  })
  it('counts hours and minutes under a day, days and hours beyond', () => {
    expect(formatTimeLeft(NOW + 60 * 60_000, NOW)).toBe('1 小时 00 分')
    expect(formatTimeLeft(NOW + (5 * 60 + 3) * 60_000 + 59_000, NOW)).toBe('5 小时 03 分')
    expect(formatTimeLeft(NOW + 48 * 3_600_000, NOW)).toBe('2 天 0 小时')
    expect(formatTimeLeft(NOW + 72 * 3_600_000 - 1, NOW)).toBe('2 天 23 小时')
  })
})

describe('orderButtons', () => {
  const base = { orderNo: 'T 1', status: 'UNPAID' as const, myRole: 'buyer' as const }
  it('shows exactly the actions the server allows, in a fixed order', () => {
    const buttons = orderButtons({ ...base, actions: ['cancel', 'pay'] })
    expect(buttons.map((b) => b.action)).toEqual(['pay', 'cancel'])
    expect(buttons[0]).toMatchObject({
      label: '去支付',
      href: '/buyer/pay.html?orderNo=T%201',
      primary: true,
    })
    expect(buttons[1]).toMatchObject({ label: '取消订单', danger: true })
    expect(buttons[1]?.confirm).toBeTruthy()
  })
  it('no actions, no buttons (and no room before payment)', () => {
    expect(orderButtons({ ...base, actions: [] })).toEqual([])
  })
  it('seller: start delivery asks first; deliver goes to the transfer form; the room opens after payment', () => {
    const buttons = orderButtons({
      ...base,
      status: 'PAID',
      myRole: 'seller',
      actions: ['dispute', 'startDelivery'],
    })
    expect(buttons.map((b) => b.action)).toEqual(['startDelivery', 'dispute', 'warrant'])
    expect(buttons[0]?.confirm).toBeTruthy()
    expect(buttons[2]?.href).toBe('/warrantOrderHandler.html?orderNo=T%201')
    const deliver = orderButtons({ ...base, status: 'DELIVERING', myRole: 'seller', actions: ['deliver'] })
    expect(deliver[0]).toMatchObject({
      label: '填写交付信息',
      href: '/order/transferCollect.html?orderNo=T%201',
    })
  })
  it('buyer after delivery: view credentials and confirm', () => {
    const buttons = orderButtons({
      ...base,
      status: 'TO_CONFIRM',
      actions: ['confirm', 'viewCredentials', 'dispute'],
    })
    expect(buttons.map((b) => b.label)).toEqual(['查看账号信息', '确认收货', '申请仲裁', '担保聊天室'])
  })
  it('ignores actions it does not know', () => {
    expect(orderButtons({ ...base, actions: ['pay', 'teleport' as never] }).map((b) => b.action)).toEqual([
      'pay',
    ])
  })
})

describe('payment password and amounts', () => {
  it('is exactly six digits', () => {
    expect(payPasswordError('123456')).toBe('')
    expect(payPasswordError('')).toBe('请输入 6 位数字支付密码')
    expect(payPasswordError(undefined)).toBe('请输入 6 位数字支付密码')
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '１２３４５６'])
      expect(payPasswordError(bad)).toBe('支付密码必须是 6 位数字')
  })
  it('a bid is a valid price below the asking price', () => {
    expect(bidPriceError('90', 10_000)).toBe('')
    expect(bidPriceError('100', 10_000)).toMatch(/出价需低于售价/)
    expect(bidPriceError('1.234', 10_000)).toMatch(/两位小数/)
  })
  it('a top-up amount is positive with at most two decimals', () => {
    expect(topupAmountError('100.5')).toBe('')
    expect(topupAmountError('0')).toBe('充值金额必须大于 0')
    expect(topupAmountError('abc')).toMatch(/两位小数/)
    expect(topupAmountError('50000.01')).toMatch(/不能超过/)
  })
  it('the gateway page of a path lives on the API origin', () => {
    expect(gatewayHref('/api/pay/sandbox/checkout?topupNo=1', '/api')).toBe(
      '/api/pay/sandbox/checkout?topupNo=1',
    )
    expect(gatewayHref('/api/pay/x', 'https://api.example.com/api')).toBe('https://api.example.com/api/pay/x')
    expect(gatewayHref('https://pay.example.com/c', '/api')).toBe('https://pay.example.com/c')
  })
  it('positiveInt reads ids from the address', () => {
    expect(positiveInt('12')).toBe(12)
    expect(positiveInt('0')).toBeNull()
    expect(positiveInt('1.5')).toBeNull()
    expect(positiveInt(null)).toBeNull()
  })
})
