/** 包赔 in the renderer: the detail page's terms, and the order card's claim (filing, refusal, the seller's view). */
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { PROTECTION, type OrderProtection as Protection } from '@shared/api/protection'
import { SYSTEM } from '@shared/api/system'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ORDER_NO } from '@renderer/testing/trade-fixtures'
import { pickOption } from '@renderer/testing/pick-option'
import { OrderProtection } from './OrderProtection'
import { ProtectionTerms } from './ProtectionTerms'

let server: FakeServer
afterEach(() => server.restore())

const DAY = 24 * 3600_000
const completed = order({ status: 'COMPLETED', completedAt: Date.now() - DAY })
const protection = (patch: Partial<Protection> = {}): Protection => ({
  orderNo: ORDER_NO,
  days: 30,
  status: 'PENDING',
  deposit: 3_000,
  depositHeld: 0,
  extraDays: 0,
  extraFee: 0,
  startsAt: Date.now() - DAY,
  endsAt: Date.now() + 29 * DAY,
  canClaim: true,
  claims: [],
  ...patch,
})
const REASONS = [
  {
    dictCode: 1,
    dictType: 'protection_claim_reason',
    dictLabel: '账号被原号主找回',
    dictValue: 'RECOVERED',
    dictSort: 1,
  },
]

describe('the detail page terms', () => {
  it('shows the badge, the period and the deposit of a protected account', async () => {
    server = fakeServer().on(PROTECTION.terms, {
      goodsId: 7,
      days: 90,
      depositPercent: 30,
      deposit: 6_000,
      extra: null,
    })
    renderPage(<ProtectionTerms goodsId={7} goodsType="ACCOUNT" />)
    const note = await screen.findByRole('note', { name: '包赔保障' })
    expect(note.textContent).toContain('包赔 90 天')
    expect(note.textContent).toContain('¥60.00')
  })

  it('shows nothing for a listing without 包赔, and does not ask for coins', async () => {
    server = fakeServer().on(PROTECTION.terms, {
      goodsId: 7,
      days: 0,
      depositPercent: 30,
      deposit: 0,
      extra: null,
    })
    renderPage(<ProtectionTerms goodsId={7} goodsType="ACCOUNT" />)
    await waitFor(() => expect(server.callsTo(PROTECTION.terms)).toHaveLength(1))
    expect(screen.queryByRole('note')).toBeNull()
    server.restore()
    server = fakeServer()
    renderPage(<ProtectionTerms goodsId={8} goodsType="COIN" />)
    expect(server.callsTo(PROTECTION.terms)).toHaveLength(0)
  })
})

describe('the order card', () => {
  it('files a claim with a reason and a description, and shows a refusal in the form', async () => {
    server = fakeServer()
      .on(PROTECTION.order, protection())
      .on(SYSTEM.dict, REASONS as never)
      .fail(PROTECTION.claim, 400, '该订单已有处理中的理赔申请')
    renderPage(<OrderProtection order={completed} />)
    expect((await screen.findByText(/包赔 30 天 · 保障至/)).textContent).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '申请理赔' }))
    const dialog = await screen.findByRole('dialog')
    await pickOption('理赔原因', '账号被原号主找回')
    fireEvent.change(within(dialog).getByLabelText('情况说明'), { target: { value: '  三天后被找回  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }))
    await waitFor(() => expect(server.callsTo(PROTECTION.claim)).toHaveLength(1))
    expect(server.callsTo(PROTECTION.claim)[0]!.body).toEqual({
      orderNo: ORDER_NO,
      reason: 'RECOVERED',
      description: '三天后被找回',
      imageIds: [],
    })
    expect(await within(dialog).findByText('该订单已有处理中的理赔申请')).toBeTruthy()
  })

  it('shows the seller the claims without the button, and nothing for an order without 包赔', async () => {
    server = fakeServer().on(
      PROTECTION.order,
      protection({
        status: 'ACTIVE',
        depositHeld: 1_000,
        canClaim: false,
        claims: [
          {
            claimId: 4,
            orderNo: ORDER_NO,
            reason: 'RECOVERED',
            reasonLabel: '账号被原号主找回',
            description: '被找回',
            images: [],
            status: 'APPROVED',
            paidAmount: 2_000,
            owedAmount: 0,
            rejectReason: '',
            createdAt: Date.now(),
            decidedAt: Date.now(),
          },
        ],
      }),
    )
    renderPage(<OrderProtection order={{ ...completed, myRole: 'seller' }} />)
    fireEvent.click(await screen.findByRole('button', { name: '理赔记录（1）' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('已赔付 ¥20.00')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '申请理赔' })).toBeNull()

    server.restore()
    server = fakeServer().on(PROTECTION.order, null)
    const { container } = renderPage(<OrderProtection order={{ ...completed, orderNo: 'YX2' }} />)
    await waitFor(() => expect(server.callsTo(PROTECTION.order)).toHaveLength(1))
    expect(container.querySelector('.order-protection')).toBeNull()
  })
})
