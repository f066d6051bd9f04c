import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredLiveEvent } from '../../../shared/live-events'
import { prepared } from '../../db/prepared'
import { startTestApp, type TestApp } from '../../test-utils'
import { createEventBus } from '../events/bus'
import { messageService } from './service'

describe('messages and live events of one change (createAll)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const userId = async (name: string) =>
    (await t.app.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow())
      .id

  it('writes the messages and events, then hands them on in order with the right unread counts', async () => {
    const buyer = await userId('buyer')
    const seller = await userId('seller')
    const bus = createEventBus(t.app.db)
    const messages = messageService(t.app.db, { bus })
    const before = { buyer: await messages.unreadCount(buyer), seller: await messages.unreadCount(seller) }
    const heard: Array<{ to: number; event: StoredLiveEvent; messageFound: boolean }> = []
    // a tap runs after the commit: the message of its event can be read
    bus.tap(async (to, event) => {
      const id = event.type === 'unread-count' ? event.data.message?.messageId : undefined
      heard.push({ to, event, messageFound: id === undefined || (await messages.find(to, id)) !== null })
    })

    await messages.createAll(
      [
        { to: buyer, title: '甲', content: '给买家', messageType: 'ORDER' },
        { to: seller, title: '乙', content: '给卖家', messageType: 'ORDER' },
        { to: buyer, title: '丙', content: '再给买家' },
      ],
      [
        {
          to: seller,
          event: { type: 'order-created', data: { orderNo: 'X1', goodsId: 1, goodsTitle: 'g', amount: 100 } },
        },
      ],
    )

    expect(
      heard.map((h) => [h.to, h.event.type, h.event.type === 'unread-count' ? h.event.data.count : null]),
    ).toEqual([
      [buyer, 'unread-count', before.buyer + 1],
      [seller, 'unread-count', before.seller + 1],
      [buyer, 'unread-count', before.buyer + 2],
      [seller, 'order-created', null],
    ])
    expect(heard.every((h) => h.messageFound)).toBe(true)
    const ids = heard.map((h) => h.event.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    // the log holds what was handed on (a reconnecting stream replays it)
    const logged = await bus.since(seller, ids[1] - 1)
    expect(logged.map((e) => e.id)).toEqual([ids[1], ids[3]])
    const third = heard[2].event
    expect(third.type === 'unread-count' && third.data.message?.title).toBe('丙')
    expect(
      await messages.find(buyer, (third.type === 'unread-count' && third.data.message?.messageId) || 0),
    ).toEqual({
      title: '丙',
      content: '再给买家',
      messageType: 'SYSTEM',
    })
  })

  it('logs inside the transaction of the change (logAllIn); should that fail, only the messages roll back and are written after the commit', async () => {
    const buyer = await userId('buyer')
    const real = createEventBus(t.app.db)
    let failing = false
    const bus: typeof real = {
      ...real,
      log: async (trx, to, event) => {
        if (failing && event.type === 'order-created') throw new Error('not logged')
        return real.log(trx, to, event)
      },
    }
    const messages = messageService(t.app.db, { bus })
    const heard: string[] = []
    real.tap((_to, event) => {
      heard.push(event.type)
    })
    const nick = async () =>
      (
        await t.app.db
          .selectFrom('users')
          .select('nick_name')
          .where('id', '=', buyer)
          .executeTakeFirstOrThrow()
      ).nick_name
    const before = await messages.unreadCount(buyer)
    const orderEvent = {
      to: buyer,
      event: { type: 'order-created', data: { orderNo: 'X2', goodsId: 1, goodsTitle: 'g', amount: 1 } },
    } as const
    const step = (name: string, title: string) =>
      t.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ nick_name: name }).where('id', '=', buyer).execute()
        return messages.logAllIn(trx, [{ to: buyer, title, content: title }], [orderEvent])
      })

    const logged = await step('改名一', '一')
    expect('stored' in logged).toBe(true)
    expect(await messages.unreadCount(buyer)).toBe(before + 1)
    expect(heard).toEqual([]) // handed on only by deliver, after the commit
    await messages.deliver(logged)
    expect(heard).toEqual(['unread-count', 'order-created'])

    failing = true
    const retry = await step('改名二', '二')
    expect('retry' in retry).toBe(true)
    // the change committed without its messages
    expect(await nick()).toBe('改名二')
    expect(await messages.unreadCount(buyer)).toBe(before + 1)
    failing = false
    await messages.deliver(retry)
    expect(await messages.unreadCount(buyer)).toBe(before + 2)
    expect(heard).toEqual(['unread-count', 'order-created', 'unread-count', 'order-created'])
  })

  it('a prepared query answers like the built one, for new values and inside a transaction', async () => {
    const byName = prepared((db: typeof t.app.db, name: string) =>
      db
        .selectFrom('users')
        .select(['id', 'user_name'])
        .where('user_name', '=', name)
        .where('status', '!=', 'X'),
    )
    const built = (name: string) =>
      t.app.db
        .selectFrom('users')
        .select(['id', 'user_name'])
        .where('user_name', '=', name)
        .executeTakeFirst()
    expect(await byName.first(t.app.db, 'buyer')).toEqual(await built('buyer'))
    expect(await byName.first(t.app.db, 'seller')).toEqual(await built('seller'))
    expect(await byName.first(t.app.db, 'nobody')).toBeUndefined()
    const inTrx = await t.app.db.transaction().execute((trx) => byName.all(trx, 'admin'))
    expect(inTrx).toEqual([await built('admin')])
    await expect(
      prepared((db: typeof t.app.db, n: number) =>
        db
          .selectFrom('users')
          .select('id')
          .limit(10 + n),
      ).first(t.app.db, 1),
    ).rejects.toThrow(/prepared/)
  })
})
