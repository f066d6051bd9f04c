/** The review parts: the shop's credit and reviews, the buyer's 评价 and the seller's 回复 on an order. */
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { REVIEW, type Review, type SellerCredit } from '@shared/api/review'
import { SYSTEM } from '@shared/api/system'
import { brief, SHOP } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { order, ORDER_NO } from '@renderer/testing/trade-fixtures'
import ShopPage from '../goods/ShopPage'
import { OrderReview, rateable } from './OrderReview'

let server: FakeServer
afterEach(() => server.restore())

const DAY = 24 * 3600_000
const CREDIT: SellerCredit = {
  sellerId: 2,
  rating: 4.8,
  reviewCount: 12,
  completedCount: 37,
  disputeRate: 0.027,
  paidCount: 37,
  disputedCount: 1,
  lostDisputes: 0,
  level: 3,
  levelName: '优质卖家',
}
const review = (patch: Partial<Review> = {}): Review => ({
  reviewId: 9,
  orderNo: ORDER_NO,
  goodsId: 7,
  goodsTitle: '王者荣耀 V8 全英雄账号',
  buyerId: 0,
  buyerName: '买**',
  sellerId: 2,
  stars: 4,
  tags: ['发货迅速'],
  text: '换绑很快',
  createdAt: 1_767_240_000_000,
  reply: '感谢支持',
  repliedAt: 1_767_240_100_000,
  hidden: false,
  ...patch,
})

describe('the shop', () => {
  it('shows the seller credit and the buyer reviews', async () => {
    server = fakeServer()
      .on(GOODS.shop, SHOP)
      .on(GOODS.search, { rows: [brief(1)], total: 1, totalCapped: false })
      .on(REVIEW.credit, CREDIT)
      .on(REVIEW.shop, { rows: [review()], total: 1 })
    renderPage(<ShopPage />, { url: '/shop/2.html', path: '/shop/:file' })
    const hero = await screen.findByRole('region', { name: '店铺信息' })
    expect(await within(hero).findByText('优质卖家')).toBeTruthy()
    expect(within(hero).getByText('4.8')).toBeTruthy()
    expect(within(hero).getByText('37')).toBeTruthy()
    expect(within(hero).getByText('2.7%')).toBeTruthy()
    // the level explains itself: its parts and what the next one asks
    fireEvent.click(within(hero).getByRole('button', { name: '信用等级 优质卖家，查看构成' }))
    const parts = await waitFor(() => {
      const el = document.querySelector('.credit-parts')
      if (!el) throw new Error('no popover')
      return el
    })
    expect(parts.textContent).toContain('4.8（12 条评价）')
    expect(parts.textContent).toContain('2.7%（1/37 笔）')
    expect(parts.textContent).toContain('近 90 天败诉0 笔')
    expect(parts.textContent).toContain(
      '下一等级 金牌卖家：完成订单 ≥ 20，评价 ≥ 10 条，评分 ≥ 4.8，纠纷率 ≤ 2%，近 90 天无败诉纠纷',
    )
    const reviews = screen.getByRole('region', { name: '买家评价' })
    expect(await within(reviews).findByText('换绑很快')).toBeTruthy()
    expect(within(reviews).getByText('卖家回复：感谢支持')).toBeTruthy()
    expect(within(reviews).getByLabelText('4 星')).toBeTruthy()
    expect(server.callsTo(REVIEW.shop)[0]!.params).toEqual({ shopId: '2' })
  })
})

describe('an order card', () => {
  const completed = order({ status: 'COMPLETED', completedAt: Date.now() - DAY })

  it('offers 评价 only to the buyer of an order completed within 15 days', () => {
    expect(rateable(completed)).toBe(true)
    expect(rateable({ ...completed, completedAt: Date.now() - 16 * DAY })).toBe(false)
    expect(rateable({ ...completed, myRole: 'seller' })).toBe(false)
    expect(rateable({ ...completed, status: 'TO_CONFIRM' })).toBe(false)
  })

  it('rates with stars, tags and text', async () => {
    server = fakeServer()
      .on(SYSTEM.dict, [
        {
          dictCode: 1,
          dictType: 'review_tag',
          dictLabel: '发货迅速',
          dictValue: 'FAST_DELIVERY',
          dictSort: 1,
        },
      ] as never)
      .on(REVIEW.rate, review({ buyerId: 5, buyerName: '买家小王', reply: null, repliedAt: null }))
    renderPage(<OrderReview order={completed} review={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: /评\s*价/ }))
    const dialog = await screen.findByRole('dialog')
    const tag = await within(dialog).findByRole('checkbox', { name: '发货迅速' })
    fireEvent.click(tag)
    await waitFor(() => expect((tag as HTMLInputElement).checked).toBe(true))
    fireEvent.change(within(dialog).getByLabelText('评价内容（选填，不能包含联系方式）'), {
      target: { value: '  很好  ' },
    })
    // no stars to begin with: the buyer chooses
    fireEvent.click(within(dialog).getByRole('button', { name: '提交评价' }))
    expect(await within(dialog).findByText('请选择评分')).toBeTruthy()
    expect(server.callsTo(REVIEW.rate)).toHaveLength(0)
    // the fifth star tapped twice stays five stars (it used to clear the rating)
    const fifth = within(dialog).getAllByRole('radio')[4]!
    fireEvent.click(fifth.firstElementChild ?? fifth)
    fireEvent.click(fifth.firstElementChild ?? fifth)
    await waitFor(() => expect(fifth.getAttribute('aria-checked')).toBe('true'))
    fireEvent.click(within(dialog).getByRole('button', { name: '提交评价' }))
    await waitFor(() => expect(server.callsTo(REVIEW.rate)).toHaveLength(1))
    expect(server.callsTo(REVIEW.rate)[0]!.body).toEqual({
      orderNo: ORDER_NO,
      stars: 5,
      tags: ['FAST_DELIVERY'],
      text: '很好',
    })
  })

  it('lets the seller reply to a review without a reply, and shows the refusal', async () => {
    server = fakeServer().fail(REVIEW.reply, 400, '回复内容不能包含联系方式（QQ号）')
    renderPage(
      <OrderReview
        order={{ ...completed, myRole: 'seller' }}
        review={review({ reply: null, repliedAt: null })}
      />,
    )
    expect(screen.getByLabelText('买家评价 4 星')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /回\s*复/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('回复内容（只能回复一次）'), {
      target: { value: 'QQ 12345678' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: /回\s*复/ }))
    expect(await within(dialog).findByText('回复内容不能包含联系方式（QQ号）')).toBeTruthy()
    expect(server.callsTo(REVIEW.reply)[0]!.body).toEqual({ reviewId: 9, content: 'QQ 12345678' })
  })

  it('shows a replied review without a button', () => {
    server = fakeServer()
    renderPage(<OrderReview order={{ ...completed, myRole: 'seller' }} review={review()} />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
