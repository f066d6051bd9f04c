import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { WARRANT, WARRANT_STAFF, type Dispute, type WarrantRoom } from '@shared/api/warrant'
import { useSessionStore } from '@renderer/stores/session'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { dispute, ORDER_NO, room } from '@renderer/testing/trade-fixtures'
import WarrantPage from './WarrantPage'

let server: FakeServer
afterEach(() => server.restore())

function signIn(roles: string[], rooms: WarrantRoom[], latest: Dispute) {
  server = fakeServer()
    .on(WARRANT.rooms, rooms)
    .on(WARRANT.messages, [])
    .on(WARRANT.dispute, latest)
    .on(WARRANT_STAFF.rule, undefined)
  logIn()
  useSessionStore.setState({ roles })
}

const ruleCalls = () => server.callsTo(WARRANT_STAFF.rule)
const openRoom = () => renderPage(<WarrantPage />, { url: `/warrantOrderHandler.html?orderNo=${ORDER_NO}` })

// text queries rather than role queries: computing accessible names of a whole page is slow in jsdom
const buttonOf = (scope: HTMLElement, text: string) =>
  within(scope).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' })
  return heading.closest('.ant-modal') as HTMLElement
}

async function openRuleDialog() {
  openRoom()
  fireEvent.click(await screen.findByText('仲裁裁定', { selector: 'button span' }))
  return dialogTitled('仲裁裁定')
}

describe('the staff ruling dialog', () => {
  it('has no default decision, needs a reason, and restates the money before sending', async () => {
    signIn(['admin'], [room()], dispute())
    const dialog = await openRuleDialog()

    // nothing chosen: staff must pick one
    const radios = [...dialog.querySelectorAll<HTMLInputElement>('input[type=radio]')]
    expect(radios.map((r) => r.checked)).toEqual([false, false, false])
    fireEvent.click(buttonOf(dialog, '下一步'))
    expect(await within(dialog).findByText('请选择裁定结果')).toBeTruthy()
    expect(await within(dialog).findByText('请填写裁决理由')).toBeTruthy()

    fireEvent.click(within(dialog).getByLabelText('部分退款'))
    fireEvent.change(await within(dialog).findByLabelText('退回买家金额'), { target: { value: '250' } })
    // a blank reason is no reason
    fireEvent.change(within(dialog).getByLabelText('裁决理由'), { target: { value: '   ' } })
    fireEvent.click(buttonOf(dialog, '下一步'))
    expect(await within(dialog).findByText('请填写裁决理由')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('裁决理由'), {
      target: { value: '  部分皮肤被回收，按比例退款  ' },
    })
    fireEvent.click(buttonOf(dialog, '下一步'))

    // the second step: the outcome in money, and still nothing sent
    const confirm = await dialogTitled('确认裁定')
    expect(within(confirm).getByText('买家退回 ¥250.00，卖家结算 ¥450.00')).toBeTruthy()
    expect(within(confirm).getByText('裁决理由：部分皮肤被回收，按比例退款')).toBeTruthy()
    expect(ruleCalls()).toHaveLength(0)

    // back to the form with the values kept, then a whole refund instead
    fireEvent.click(buttonOf(confirm, '返回修改'))
    const again = await dialogTitled('仲裁裁定')
    expect((within(again).getByLabelText('退回买家金额') as HTMLInputElement).value).toBe('250')
    fireEvent.click(within(again).getByLabelText('退款给买家'))
    fireEvent.click(buttonOf(again, '下一步'))
    const whole = await dialogTitled('确认裁定')
    expect(within(whole).getByText('买家退回 ¥700.00，卖家结算 ¥0.00')).toBeTruthy()
    expect(ruleCalls()).toHaveLength(0)

    fireEvent.click(buttonOf(whole, '确认裁定'))
    await waitFor(() => expect(ruleCalls()).toHaveLength(1))
    expect(ruleCalls()[0]!.body).toEqual({
      orderNo: ORDER_NO,
      decision: 'REFUND',
      refundAmount: 70_000,
      reason: '部分皮肤被回收，按比例退款',
    })
    // the room shows why it is disputed
    expect(screen.getByText('仲裁原因：登录后发现账号被找回')).toBeTruthy()
  })

  it('takes a partial refund in 元 strictly between nothing and the whole amount', async () => {
    signIn(['admin'], [room({ amount: 12_345 })], dispute())
    const dialog = await openRuleDialog()
    fireEvent.click(within(dialog).getByLabelText('部分退款'))
    fireEvent.change(within(dialog).getByLabelText('裁决理由'), { target: { value: '协商一致' } })
    const refund = await within(dialog).findByLabelText('退回买家金额')
    for (const [value, problem] of [
      ['12.345', '请输入正确的金额（最多两位小数）'],
      ['123.45', '部分退款须大于 0 且小于订单金额 ¥123.45；全额请选择退款给买家'],
      ['0', '部分退款须大于 0 且小于订单金额 ¥123.45；全额请选择退款给买家'],
    ] as const) {
      fireEvent.change(refund, { target: { value } })
      fireEvent.click(buttonOf(dialog, '下一步'))
      expect(await within(dialog).findByText(problem)).toBeTruthy()
    }
    fireEvent.change(refund, { target: { value: '0.45' } })
    fireEvent.click(buttonOf(dialog, '下一步'))
    const confirm = await dialogTitled('确认裁定')
    expect(within(confirm).getByText('买家退回 ¥0.45，卖家结算 ¥123.00')).toBeTruthy()
    fireEvent.click(buttonOf(confirm, '确认裁定'))
    await waitFor(() => expect(ruleCalls()).toHaveLength(1))
    expect(ruleCalls()[0]!.body).toMatchObject({ decision: 'SPLIT', refundAmount: 45 })
  })
})

describe('a ruled room', () => {
  it('shows its parties the ruling in money with the written reason, and no ruling button', async () => {
    signIn(
      ['common'],
      [room({ status: 'SETTLED' })],
      dispute({
        state: 'RULED',
        orderStatus: 'SETTLED',
        ruling: {
          decision: 'SPLIT',
          refundAmount: 25_000,
          settleAmount: 45_000,
          reason: '部分皮肤被回收，按比例退款',
          ruledAt: 1_767_300_000_000,
          ruledByName: '平台客服',
        },
      }),
    )
    openRoom()
    expect(await screen.findByText('仲裁结果：部分退款')).toBeTruthy()
    expect(screen.getByText('买家退回 ¥250.00，卖家结算 ¥450.00')).toBeTruthy()
    expect(screen.getByText('裁决理由：部分皮肤被回收，按比例退款')).toBeTruthy()
    expect(screen.queryByText('仲裁裁定')).toBeNull()
    expect(screen.queryByText('申请仲裁')).toBeNull()
  })
})
