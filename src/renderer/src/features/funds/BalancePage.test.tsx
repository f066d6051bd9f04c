import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import forge from 'node-forge'
import { PATHS } from '@shared/api/paths'
import { TRADE_PATHS, type Withdrawal } from '@shared/api/trade'
import { ROLE_ADMIN } from '@shared/constants'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { baseRoutes, logIn } from '@renderer/testing/catalogue-fixtures'
import { useSessionStore } from '@renderer/stores/session'

const WALLET = {
  available: 50_000,
  frozen: 0,
  inEscrowAsBuyer: 0,
  pendingSettlement: 0,
  hasPayPassword: true,
  payLockedUntil: null,
}
const row = (patch: Partial<Withdrawal>): Withdrawal => ({
  withdrawNo: 'W202405181430054829105733',
  userId: 5,
  userName: '买家小王',
  amount: 10_000,
  accountKind: 'ALIPAY',
  account: '138****8000',
  status: 'PENDING',
  rejectReason: '',
  createdAt: 1_717_000_000_000,
  decidedAt: null,
  ...patch,
})
const MINE = [
  row({ status: 'REJECTED', rejectReason: '收款人姓名与实名信息不符', decidedAt: 1_717_000_100_000 }),
]
const PENDING = [
  row({
    withdrawNo: 'W202405181430050000000001',
    accountKind: 'BANK_CARD',
    account: '**** **** **** 0128',
    fullAccount: '6222021234567890128',
  }),
]

let keys: forge.pki.rsa.KeyPair
let api: FakeApi
beforeAll(() => {
  keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 })
})

function install(roles: string[] = ['ROLE_DEFAULT']) {
  api?.restore()
  api = fakeApi({
    ...baseRoutes(),
    [PATHS.getInfo]: { code: 200, msg: '操作成功', user: null, roles, permissions: [] },
    [PATHS.publicKey]: ok({ publicKey: forge.pki.publicKeyToPem(keys.publicKey) }),
    [TRADE_PATHS.wallet]: ok(WALLET),
    [TRADE_PATHS.withdrawList]: (config: { params?: { all?: boolean } }) => {
      const rows = config.params?.all ? PENDING : MINE
      return { code: 200, msg: '查询成功', rows, total: rows.length }
    },
    [TRADE_PATHS.withdrawCreate]: ok(row({})),
    [TRADE_PATHS.withdrawDecide]: ok(),
  })
  // the roles are read once per login (getInfo): forget the previous test's
  useSessionStore.setState({ roles: [] })
  logIn()
}
beforeEach(() => install())
afterEach(() => api.restore())

const bodyOf = (path: string) => JSON.parse(api.callsTo(path)[0]!.data as string)

describe('/account/balance.html withdrawals', { timeout: 60_000 }, () => {
  it('my withdrawals show the kind, the account masked and staff’s reject reason', async () => {
    renderApp('/account/balance.html')
    const mine = await screen.findByRole('region', { name: '我的提现' })
    await within(mine).findByText('支付宝 138****8000')
    expect(within(mine).getByText('已驳回')).toBeTruthy()
    expect(within(mine).getByText('驳回原因：收款人姓名与实名信息不符')).toBeTruthy()
  })

  it('checks the payee account by kind before sending: Alipay mobile/e-mail, bank card 16–19 digits + Luhn', async () => {
    renderApp('/account/balance.html')
    fireEvent.click(await screen.findByRole('button', { name: /提\s?现/ }))
    const dialog = await screen.findByRole('dialog')
    const account = within(dialog).getByRole('textbox', { name: '收款账号' })
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: '提现金额（元）' }), {
      target: { value: '100' },
    })
    fireEvent.change(within(dialog).getByLabelText('支付密码'), { target: { value: '246813' } })

    fireEvent.change(account, { target: { value: 'a' } })
    submit()
    expect(await within(dialog).findByText('支付宝账号须为手机号或邮箱')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('radio', { name: '银行卡' }))
    fireEvent.change(account, { target: { value: '6222021234567890123' } })
    expect(await within(dialog).findByText('银行卡号校验失败，请检查是否输错')).toBeTruthy()
    fireEvent.change(account, { target: { value: '62220212345' } })
    expect(await within(dialog).findByText('银行卡号须为 16 至 19 位数字')).toBeTruthy()
    expect(api.callsTo(TRADE_PATHS.withdrawCreate)).toHaveLength(0)

    fireEvent.change(account, { target: { value: '6222 0212 3456 7890 128' } })
    submit()
    await waitFor(() => expect(api.callsTo(TRADE_PATHS.withdrawCreate)).toHaveLength(1))
    const body = bodyOf(TRADE_PATHS.withdrawCreate)
    expect(body).toMatchObject({ amount: 10_000, accountKind: 'BANK_CARD', account: '6222021234567890128' })
    expect(keys.privateKey.decrypt(forge.util.decode64(body.payPassword), 'RSAES-PKCS1-V1_5')).toBe('246813')
  })

  it('staff see the full account and must give a reason to reject', async () => {
    install(['ROLE_DEFAULT', ROLE_ADMIN])
    renderApp('/account/balance.html')
    const staff = await screen.findByRole('region', { name: '提现审核（平台）' })
    await within(staff).findByText('银行卡 6222021234567890128')
    fireEvent.click(within(staff).getByRole('button', { name: /驳\s?回/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/驳回后金额退回用户可用余额/)).toBeTruthy()
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: /^驳\s?回$/ }))
    confirm()
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox', { name: '驳回原因' }), { target: { value: '   ' } })
    confirm()
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy()
    expect(api.callsTo(TRADE_PATHS.withdrawDecide)).toHaveLength(0)

    fireEvent.change(within(dialog).getByRole('textbox', { name: '驳回原因' }), {
      target: { value: ' 收款人姓名与实名信息不符 ' },
    })
    confirm()
    await waitFor(() => expect(api.callsTo(TRADE_PATHS.withdrawDecide)).toHaveLength(1))
    expect(bodyOf(TRADE_PATHS.withdrawDecide)).toEqual({
      withdrawNo: 'W202405181430050000000001',
      approve: false,
      reason: '收款人姓名与实名信息不符',
    })
  })
})
