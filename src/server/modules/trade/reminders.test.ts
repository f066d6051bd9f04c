/** 催发货: the buyer reminds the seller of a paid, undelivered order, at most once per ORDER_REMIND_HOURS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_REMIND_HOURS } from '../../../shared/api'
import { type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { deliverOrder, funded, get, paidOrder, post, startClockedApp } from './test-helpers'
import { waitText } from './reminders'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

const sellerMessages = (userId: number) =>
  t.app.db
    .selectFrom('web_messages')
    .select(['title', 'content'])
    .where('user_id', '=', userId)
    .where('title', '=', '买家催发货')
    .execute()

describe('催发货', () => {
  it('messages the seller, then refuses until the interval passed, saying how long to wait', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'rms')
    const buyer = await funded(t.app, 'rmb', 100_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    const remind = (token: string) => post(t.app, '/api/trade/order/remind', token, { orderNo })

    // only the buyer may remind; a stranger does not see the order
    expect((await remind(seller.token)).code).toBe(403)
    expect((await remind((await newUser(t.app, 'rmx')).token)).code).toBe(404)

    const first = await remind(buyer.token)
    expect(first).toMatchObject({
      code: 200,
      data: { remindedAt: clock, nextAt: clock + ORDER_REMIND_HOURS * HOUR },
    })
    const sent = await sellerMessages(seller.userId)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.content).toContain(orderNo)

    clock += ORDER_REMIND_HOURS * HOUR - 90 * 60_000
    expect(await remind(buyer.token)).toMatchObject({
      code: 429,
      msg: '已提醒过卖家，1 小时 30 分钟后可再次催发货',
    })
    expect(await sellerMessages(seller.userId)).toHaveLength(1)

    clock += 90 * 60_000
    expect((await remind(buyer.token)).code).toBe(200)
    expect(await sellerMessages(seller.userId)).toHaveLength(2)
    // the order's history shows the reminders
    const detail = await get(t.app, `/api/trade/order/view/${orderNo}`, buyer.token)
    expect(JSON.stringify(detail.data)).toContain('买家催发货')

    // once delivered there is nothing to remind of
    clock += ORDER_REMIND_HOURS * HOUR
    await deliverOrder(t.app, seller.token, orderNo)
    expect(await remind(buyer.token)).toMatchObject({ code: 400 })
  })

  it('says the wait in hours and minutes, rounded up', () => {
    expect(waitText(1)).toBe('1 分钟')
    expect(waitText(2 * HOUR)).toBe('2 小时')
    expect(waitText(2 * HOUR + 61_000)).toBe('2 小时 2 分钟')
  })
})
