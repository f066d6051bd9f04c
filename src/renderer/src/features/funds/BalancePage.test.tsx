import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { FUNDS, FUNDS_STAFF, type Topup } from '@shared/api/funds'
import { useSessionStore } from '@renderer/stores/session'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { testKeyPair, type TestKeyPair } from '@renderer/testing/rsa-keys'
import { wallet, withdrawInfo, withdrawal } from '@renderer/testing/trade-fixtures'
import BalancePage from './BalancePage'

const MINE = [
  withdrawal({ status: 'REJECTED', rejectReason: '收款人姓名与实名信息不符', decidedAt: 1_717_000_100_000 }),
  withdrawal({
    withdrawNo: 'W202405181430050000000002',
    status: 'FAILED',
    failReason: '收款账户已冻结',
    decidedAt: 1_717_000_100_000,
  }),
  withdrawal({ withdrawNo: 'W202405181430050000000003', status: 'PAYING', decidedAt: 1_717_000_100_000 }),
]
const PENDING = [
  withdrawal({
    withdrawNo: 'W202405181430050000000001',
    accountKind: 'BANK_CARD',
    account: '**** **** **** 0128',
    fullAccount: '6222021234567890128',
  }),
]

let keys: TestKeyPair
let server: FakeServer
beforeAll(() => {
  keys = testKeyPair()
})

function install(roles: string[] = ['ROLE_DEFAULT']) {
  server?.restore()
  server = fakeServer()
    .on(AUTH.publicKey, { publicKey: keys.publicKey })
    .on(FUNDS.wallet, wallet())
    .on(FUNDS.withdrawList, ({ query }) => {
      const rows = query.all ? PENDING : MINE
      return { rows, total: rows.length }
    })
    .on(FUNDS.withdrawInfo, withdrawInfo())
    .on(FUNDS.withdrawCreate, withdrawal())
    .on(FUNDS_STAFF.withdrawDecide, undefined)
  logIn()
  useSessionStore.setState({ roles })
}
beforeEach(() => install())
afterEach(() => server.restore())

const openBalance = () => renderPage(<BalancePage />, { url: '/account/balance.html' })
// text queries rather than role queries: accessible names of a whole page are slow to compute in jsdom
const buttonIn = (scope: HTMLElement, text: RegExp) =>
  within(scope).getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement

describe('/account/balance.html withdrawals', () => {
  it('my withdrawals show the kind, the account masked, staff’s reject reason and a failed payout’s reason', async () => {
    openBalance()
    const mine = (await screen.findByText('我的提现')).closest('section') as HTMLElement
    expect(await within(mine).findAllByText('支付宝 138****8000')).toHaveLength(3)
    expect(within(mine).getByText('已驳回')).toBeTruthy()
    expect(within(mine).getByText('驳回原因：收款人姓名与实名信息不符')).toBeTruthy()
    expect(within(mine).getByText('打款失败')).toBeTruthy()
    expect(within(mine).getByText('失败原因：收款账户已冻结（金额已退回余额）')).toBeTruthy()
    expect(within(mine).getByText('打款中')).toBeTruthy()
  })

  it('checks the payee account by kind before sending: Alipay mobile/e-mail, bank card 16–19 digits + Luhn', async () => {
    openBalance()
    await screen.findByLabelText('可用余额')
    fireEvent.click(buttonIn(document.body, /^提\s?现$/))
    const dialog = (await screen.findByText('提交申请')).closest('.ant-modal') as HTMLElement
    const account = within(dialog).getByLabelText('收款账号')
    const submit = () => fireEvent.click(buttonIn(dialog, /提交申请/))
    fireEvent.change(within(dialog).getByLabelText('提现金额（元）'), { target: { value: '100' } })
    fireEvent.change(within(dialog).getByLabelText('收款人姓名'), { target: { value: '陈静' } })
    fireEvent.change(within(dialog).getByLabelText('支付密码'), { target: { value: '246813' } })

    fireEvent.change(account, { target: { value: 'a' } })
    submit()
    expect(await within(dialog).findByText('支付宝账号须为手机号或邮箱')).toBeTruthy()
    fireEvent.click(within(dialog).getByLabelText('银行卡'))
    fireEvent.change(account, { target: { value: '6222021234567890123' } })
    expect(await within(dialog).findByText('银行卡号校验失败，请检查是否输错')).toBeTruthy()
    fireEvent.change(account, { target: { value: '62220212345' } })
    expect(await within(dialog).findByText('银行卡号须为 16 至 19 位数字')).toBeTruthy()
    expect(server.callsTo(FUNDS.withdrawCreate)).toHaveLength(0)

    fireEvent.change(account, { target: { value: '6222 0212 3456 7890 128' } })
    submit()
    await waitFor(() => expect(server.callsTo(FUNDS.withdrawCreate)).toHaveLength(1))
    const body = server.callsTo(FUNDS.withdrawCreate)[0]!.body
    expect(body).toMatchObject({ amount: 10_000, accountKind: 'BANK_CARD', account: '6222021234567890128' })
    expect(keys.decrypt(body.payPassword)).toBe('246813')
  })

  it('shows the fee, what arrives and when; unspent top-ups are set apart with the time they can go back', async () => {
    server.on(
      FUNDS.withdrawInfo,
      withdrawInfo({
        available: 50_000,
        withdrawable: 30_000,
        heldTopups: [
          {
            topupNo: 'T1',
            channel: 'alipay',
            unspent: 20_000,
            paidAt: 1_716_999_940_000,
            refundableAt: 1_717_086_340_000,
          },
        ],
      }),
    )
    openBalance()
    await screen.findByLabelText('可用余额')
    fireEvent.click(buttonIn(document.body, /^提\s?现$/))
    const dialog = (await screen.findByText('提交申请')).closest('.ant-modal') as HTMLElement
    expect(
      within(dialog).getByText(
        '余额中 ¥200.00 为充值后尚未消费的资金，只能原路退回充值账户，不能提现到银行卡或支付宝账户',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByText(/2024-05-31 00:25 起可原路退回（充值满 24 小时）/)).toBeTruthy()
    expect(within(dialog).getByLabelText('可提现余额').textContent).toBe('¥300.00')
    fireEvent.change(within(dialog).getByLabelText('提现金额（元）'), { target: { value: '123.45' } })
    await waitFor(() => expect(within(dialog).getByLabelText('实际到账').textContent).toBe('¥123.45'))
    expect(within(dialog).getByText('¥0.00（平台不收取提现手续费）')).toBeTruthy()
    expect(
      within(dialog).getByText(/客服工作时间（每天 10:00-22:30）内审核，审核通过后自动转账到支付宝/),
    ).toBeTruthy()
    expect(within(dialog).getByText('须与您实名认证的姓名（陈*）一致')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('提现金额（元）'), { target: { value: '300.01' } })
    fireEvent.click(buttonIn(dialog, /提交申请/))
    expect(await within(dialog).findByText('最多可提现 ¥300.00')).toBeTruthy()
  })

  it('without a verified real name the form is not shown: the user is sent to verify first', async () => {
    server.on(FUNDS.withdrawInfo, withdrawInfo({ realName: null }))
    openBalance()
    await screen.findByLabelText('可用余额')
    fireEvent.click(buttonIn(document.body, /^提\s?现$/))
    expect(await screen.findByText('提现前请先完成实名认证')).toBeTruthy()
    expect(screen.getByText('去实名认证')).toBeTruthy()
    expect(screen.queryByLabelText('收款人姓名')).toBeNull()
  })

  it('back from the gateway, follows the top-up until it is paid and shows the new balance', async () => {
    let asked = 0
    server
      .on(FUNDS.topupDetail, ({ params }): Topup => {
        asked += 1
        return {
          topupNo: params.topupNo!,
          amount: 12_345,
          channel: 'alipay',
          status: asked < 2 ? 'PENDING' : 'PAID',
          createdAt: 1_717_000_000_000,
          paidAt: asked < 2 ? null : 1_717_000_001_000,
        }
      })
      .on(FUNDS.wallet, () => wallet({ available: asked < 2 ? 50_000 : 62_345 }))
    renderPage(<BalancePage />, { url: '/account/balance.html?topupNo=T1' })
    expect(await screen.findByText('充值成功：¥123.45 已到账', {}, { timeout: 4000 })).toBeTruthy()
    await waitFor(() => expect(screen.getByLabelText('可用余额').textContent).toBe('¥623.45'))
  })
})
