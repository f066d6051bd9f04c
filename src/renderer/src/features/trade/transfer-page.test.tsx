import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { TransferField } from '@shared/api/game'
import { ORDER, type DeliveryForm } from '@shared/api/trade'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ORDER_NO } from '@renderer/testing/trade-fixtures'
import TransferCollectPage from './TransferCollectPage'

const FIELDS: TransferField[] = [
  { key: 'account', label: 'QQ号或微信号', kind: 'account', required: true, secret: false },
  { key: 'password', label: '登录密码', kind: 'password', required: true, secret: true },
  { key: 'phone', label: '绑定手机', kind: 'phone', required: false, secret: false },
]

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
  logIn()
})
afterEach(() => server.restore())

const openTransfer = () =>
  renderPage(<TransferCollectPage />, { url: `/order/transferCollect.html?orderNo=${ORDER_NO}` })
const button = (text: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement

describe('/order/transferCollect.html', () => {
  it('the seller fills the form (checked by kind), takes a last look with the password hidden, and submits', async () => {
    let delivered = false
    server
      .on(ORDER.detail, () =>
        order({
          myRole: 'seller',
          status: delivered ? 'TO_CONFIRM' : 'DELIVERING',
          actions: delivered ? ['correctDelivery'] : ['deliver'],
        }),
      )
      .on(ORDER.deliveryForm, (): DeliveryForm => ({
        fields: FIELDS,
        values: delivered ? { account: 'qq123456', password: 'Pw-secret' } : { account: 'qq123456' },
        correcting: delivered,
      }))
      .on(ORDER.deliver, () => {
        delivered = true
        return order({ myRole: 'seller', status: 'TO_CONFIRM' })
      })
    openTransfer()
    expect(await screen.findByText('已使用该商品的发货账号预填')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'Pw-secret' } })
    fireEvent.change(screen.getByLabelText('绑定手机'), { target: { value: '139abc' } })
    fireEvent.click(button('下一步：核对信息'))
    expect(await screen.findByText('绑定手机须为 11 位手机号')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('绑定手机'), { target: { value: '' } })
    fireEvent.click(button('下一步：核对信息'))
    const review = (await screen.findByText('请核对交付信息，提交后买家即可查看')).closest('section')!
    expect(within(review).getByText('qq123456')).toBeTruthy()
    expect(within(review).queryByText('Pw-secret')).toBeNull()
    expect(server.callsTo(ORDER.deliver)).toHaveLength(0)
    fireEvent.click(button('确认提交', review))
    await waitFor(() => expect(server.callsTo(ORDER.deliver)).toHaveLength(1))
    expect(server.callsTo(ORDER.deliver)[0]!.body).toEqual({
      orderNo: ORDER_NO,
      fields: { account: 'qq123456', password: 'Pw-secret' },
    })
    // the order and its form come back delivered: the seller may correct it
    expect(await screen.findByText('已交付，等待买家确认收货')).toBeTruthy()
    expect(button('修改交付信息')).toBeTruthy()
  })

  it('the buyer sees what was delivered, with the corrections, and the way to confirm', async () => {
    server
      .on(ORDER.detail, order({ status: 'TO_CONFIRM', actions: ['confirm', 'viewCredentials', 'dispute'] }))
      .on(ORDER.credentials, {
        orderNo: ORDER_NO,
        fields: [
          { key: 'account', label: 'QQ号或微信号', value: 'qq123456' },
          { key: 'password', label: '登录密码', value: 'Pw2-secret' },
        ],
        deliveredAt: 1_767_240_000_000,
        automatic: false,
        corrections: [{ at: 1_767_240_000_000, fields: '登录密码' }],
      })
    openTransfer()
    expect(await screen.findByText('Pw2-secret')).toBeTruthy()
    expect(screen.getByText('卖家修改过交付信息，以上为最新内容')).toBeTruthy()
    expect(screen.getByText(/修改了：登录密码/)).toBeTruthy()
    fireEvent.click(button('确认收货'))
    expect(await screen.findByText(/请先登录游戏核对账号/)).toBeTruthy()
  })

  it('an account comes with the 换绑 checklist, its ticks kept per order', async () => {
    localStorage.removeItem(`rebind-checklist:${ORDER_NO}`)
    server
      .on(
        ORDER.detail,
        order({ status: 'TO_CONFIRM', goodsType: 'ACCOUNT', actions: ['confirm', 'viewCredentials'] }),
      )
      .on(ORDER.credentials, {
        orderNo: ORDER_NO,
        fields: [{ key: 'account', label: 'QQ号或微信号', value: 'qq123456' }],
        deliveredAt: 1_767_240_000_000,
        automatic: false,
        corrections: [],
      })
    const first = openTransfer()
    const list = await screen.findByRole('region', { name: '换绑清单' })
    for (const item of ['修改登录密码', '换绑手机号', '换绑邮箱', '更换实名信息', '重设密保问题'])
      expect(within(list).getByText(item)).toBeTruthy()
    fireEvent.click(within(list).getByText('换绑手机号'))
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(`rebind-checklist:${ORDER_NO}`) ?? '[]')).toEqual(['phone']),
    )
    first.unmount()
    openTransfer()
    const again = await screen.findByRole('region', { name: '换绑清单' })
    const phone = within(again).getByText('换绑手机号').closest('label')!.querySelector('input')!
    expect(phone.checked).toBe(true)
  })

  it('a game-coin order has no 换绑 checklist', async () => {
    server
      .on(
        ORDER.detail,
        order({ status: 'TO_CONFIRM', goodsType: 'COIN', actions: ['confirm', 'viewCredentials'] }),
      )
      .on(ORDER.credentials, {
        orderNo: ORDER_NO,
        fields: [{ key: 'account', label: '收货角色', value: '角色一' }],
        deliveredAt: 1_767_240_000_000,
        automatic: false,
        corrections: [],
      })
    openTransfer()
    expect(await screen.findByText('角色一')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '换绑清单' })).toBeNull()
  })

  it('staff never get the credentials page', async () => {
    server.on(ORDER.detail, order({ myRole: 'staff', status: 'TO_CONFIRM' }))
    openTransfer()
    expect(await screen.findByText('账号信息仅对买家可见')).toBeTruthy()
    expect(server.callsTo(ORDER.credentials)).toHaveLength(0)
  })
})
