import { describe, expect, it } from 'vitest'
import { orderButtons } from './trade-utils'

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
