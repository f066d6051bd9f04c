/**
 * Which live event becomes which template message (docs/wechat.md, "Template messages"). The live
 * event bus is the one place every module's events pass after their transaction committed: trading
 * publishes its order and bid events there, and every in-site message (disputes, withdrawals, staff
 * messages) shows up as an `unread-count` event with the new message. Each template message has an
 * idempotency key: the same event never queues twice for the same user.
 */
import { savedSearchPath, type StoredLiveEvent } from '../../../shared/live-events'
import type { TemplateMessage } from './provider'
import { formatYuan } from '../../../shared/money'

const money = formatYuan
const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const q = (orderNo: string) => encodeURIComponent(orderNo)

export interface QueuedTemplate {
  idemKey: string
  message: TemplateMessage
}

/** An in-site message as the message service gives it. */
export interface SiteMessage {
  title: string
  content: string
  messageType: 'SYSTEM' | 'ORDER'
}

/**
 * The template message of a live event, or null. `message` looks up the in-site message of an
 * `unread-count` event (only asked for those).
 */
export async function templateFor(
  userId: number,
  event: StoredLiveEvent,
  message: (messageId: number) => Promise<SiteMessage | null>,
): Promise<QueuedTemplate | null> {
  switch (event.type) {
    case 'order-paid':
      return {
        idemKey: `order-paid:${event.data.orderNo}:${userId}`,
        message: {
          key: 'ORDER_PAID',
          title: '买家已付款，请尽快发货',
          lines: [
            ['商品', clip(event.data.goodsTitle)],
            ['订单号', event.data.orderNo],
            ['金额', money(event.data.amount)],
          ],
          path: `/seller/sellOrder.html?orderNo=${q(event.data.orderNo)}`,
        },
      }
    case 'order-delivered':
      return {
        // a correction is a new event of the same order
        idemKey: `order-delivered:${event.data.orderNo}:${event.data.corrected ? event.id : 'first'}:${userId}`,
        message: {
          key: 'ORDER_DELIVERED',
          title: event.data.corrected ? '卖家修改了交付信息' : '您的订单已交付，请查收',
          lines: [
            ['商品', clip(event.data.goodsTitle)],
            ['订单号', event.data.orderNo],
          ],
          path: `/order/transferCollect.html?orderNo=${q(event.data.orderNo)}`,
        },
      }
    case 'bid':
      return {
        idemKey: `bid:${event.data.bidId}:${event.data.counter ? 'counter' : 'new'}:${event.data.price}:${userId}`,
        message: {
          key: event.data.counter ? 'BID_COUNTER' : 'BID_RECEIVED',
          title: event.data.counter ? '卖家给出了还价' : '您的商品收到新出价',
          lines: [
            ['商品', clip(event.data.goodsTitle)],
            [event.data.counter ? '还价' : '出价', money(event.data.price)],
          ],
          path: `/detail/${event.data.goodsId}.html`,
        },
      }
    case 'saved-search':
      return {
        // one alert of a saved search (docs/saved-searches.md): each event is its own message
        idemKey: `saved-search:${event.data.savedSearchId}:${event.id}:${userId}`,
        message: {
          key: 'SAVED_SEARCH',
          title: `您订阅的「${clip(event.data.name, 30)}」有新商品`,
          lines: [
            ['订阅', clip(event.data.name)],
            ['新商品', `${event.data.count} 件`],
          ],
          path: savedSearchPath(event.data.query),
        },
      }
    case 'unread-count': {
      if (event.data.reason !== 'created' || !event.data.message) return null
      const found = await message(event.data.message.messageId)
      if (!found) return null
      const key = classify(found)
      if (!key) return null
      return {
        idemKey: `message:${event.data.message.messageId}:${userId}`,
        message: {
          key,
          title: found.title,
          lines: [['内容', clip(found.content, 100)]],
          path: '/message/userMessage.html',
        },
      }
    }
    default:
      return null
  }
}

/** the title prefix of a saved search's alert message (saved-search/service.ts) */
const SAVED_SEARCH_ALERT_PREFIX = '订阅提醒：'

/**
 * Order messages have their own templates through the order and bid events, except the dispute's
 * (仲裁); system messages about a withdrawal are its result; every other system message is a new
 * in-site message.
 */
function classify(m: SiteMessage): TemplateMessage['key'] | null {
  // a saved search's alert has its own template through the `saved-search` event
  if (m.messageType === 'SYSTEM' && m.title.startsWith(SAVED_SEARCH_ALERT_PREFIX)) return null
  if (m.messageType === 'ORDER') return /仲裁|纠纷/.test(m.title) ? 'DISPUTE_UPDATE' : null
  if (m.title.startsWith('提现')) return 'WITHDRAWAL_RESULT'
  return 'NEW_MESSAGE'
}
