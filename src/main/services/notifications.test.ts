import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import { FakeNotification, resetFakeElectron } from '../testing/fakes'
import { createNotifier } from './notifications'
import { notificationFor, type NotificationKind } from '@shared/live-events'
import { parseNotification } from '../ipc/validate'

beforeEach(() => resetFakeElectron())

function setup(off: NotificationKind[] = []) {
  const openRoute = vi.fn()
  const notifier = createNotifier({
    enabled: (kind) => !off.includes(kind),
    openRoute,
    iconPath: '/r/icon.png',
  })
  return { notifier, openRoute }
}

const order = {
  kind: 'order' as const,
  title: '您出售的商品有新订单',
  body: '王者荣耀 V10 账号，订单号 YX1',
  path: '/seller/sellOrder.html?orderNo=YX1',
}

describe('notifications', () => {
  it('shows a live-event notification; a click opens its route', () => {
    const { notifier, openRoute } = setup()
    expect(notifier.show(order)).toBe(true)
    const n = FakeNotification.instances[0]!
    expect(n.options).toMatchObject({ title: order.title, body: order.body, icon: '/r/icon.png' })
    expect(n.show).toHaveBeenCalled()
    expect(notifier.pending).toBe(1)
    n.emit('click')
    expect(openRoute).toHaveBeenCalledWith('/seller/sellOrder.html?orderNo=YX1')
    expect(notifier.pending).toBe(0)
  })

  it('respects the preference of each kind', () => {
    const { notifier } = setup(['bid', 'message'])
    expect(notifier.show({ ...order, kind: 'bid' })).toBe(false)
    expect(notifier.show({ ...order, kind: 'message' })).toBe(false)
    expect(notifier.show({ ...order, kind: 'paid' })).toBe(true)
    expect(notifier.show({ ...order, kind: 'warrant' })).toBe(true)
    expect(FakeNotification.instances).toHaveLength(2)
  })

  it('notifies the seller of a pre-sale question (chat-message); its switch turns it off', () => {
    const asked = notificationFor({
      type: 'chat-message',
      data: { conversationId: 7, goodsId: 3, goodsTitle: '王者荣耀 V10', from: 'buyer', preview: '还在吗？' },
    })
    // what the renderer sends over IPC passes the main process's checks
    const n = parseNotification(asked)
    expect(n).toEqual({
      kind: 'chat',
      title: '买家咨询了您的商品',
      body: '王者荣耀 V10：还在吗？',
      path: '/message/chat/7.html',
    })
    const { notifier, openRoute } = setup()
    expect(notifier.show(n)).toBe(true)
    FakeNotification.instances[0]!.emit('click')
    expect(openRoute).toHaveBeenCalledWith('/message/chat/7.html')
    expect(setup(['chat']).notifier.show(n)).toBe(false)
  })

  it('shows a saved search alert unless its kind is switched off; a click opens the list page', () => {
    const alert = {
      kind: 'saved-search' as const,
      title: '您订阅的「王者满级号」有新商品',
      body: '12 件新上架或降价的商品符合您的订阅',
      path: '/list.html?gameId=1&keyword=%E6%BB%A1%E7%BA%A7',
    }
    expect(setup(['saved-search']).notifier.show(alert)).toBe(false)
    const { notifier, openRoute } = setup()
    expect(notifier.show(alert)).toBe(true)
    const n = FakeNotification.instances[0]!
    expect(n.options).toMatchObject({ title: alert.title, body: alert.body })
    n.emit('click')
    expect(openRoute).toHaveBeenCalledWith(alert.path)
  })

  it('says false where the system has no notifications', () => {
    FakeNotification.supported = false
    const { notifier } = setup()
    expect(notifier.show(order)).toBe(false)
    expect(notifier.system({ title: 't', body: 'b' })).toBe(false)
    expect(FakeNotification.instances).toHaveLength(0)
  })

  it('system notices ignore the preferences and run their click and actions', () => {
    const { notifier } = setup(['message', 'order', 'paid', 'bid', 'warrant'])
    const onClick = vi.fn()
    const show = vi.fn()
    notifier.system({
      title: '下载完成',
      body: 'a.csv',
      onClick,
      actions: [{ text: '在文件夹中显示', run: show }],
    })
    const n = FakeNotification.instances[0]!
    expect(n.options['actions']).toEqual([{ type: 'button', text: '在文件夹中显示' }])
    n.emit('action', {}, 0)
    expect(show).toHaveBeenCalled()
    notifier.system({ title: 'x', body: 'y', onClick })
    FakeNotification.instances[1]!.emit('click')
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('releases closed notifications', () => {
    const { notifier } = setup()
    notifier.show(order)
    FakeNotification.instances[0]!.emit('close')
    expect(notifier.pending).toBe(0)
  })
})
