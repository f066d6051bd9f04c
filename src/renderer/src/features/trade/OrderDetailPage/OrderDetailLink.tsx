/**
 * Links to an order's detail page (docs/order-detail.md): from an order card (my side of it) and from
 * an order message (the order number in its text; the page moves to the reader's side by itself).
 */
import { Link } from 'react-router-dom'
import type { Order } from '@shared/api/trade'
import { orderDetailPath, orderNoInText } from './order-links'

export function OrderDetailLink({ order }: { order: Pick<Order, 'orderNo' | 'myRole'> }) {
  return (
    <Link to={orderDetailPath(order.orderNo, order.myRole === 'seller' ? 'seller' : 'buyer')}>订单详情</Link>
  )
}

/** 查看订单 under a message that names an order; nothing for other messages. */
export function MessageOrderLink({ message }: { message: { title: string; content: string } }) {
  const orderNo = orderNoInText(message.content) ?? orderNoInText(message.title)
  if (!orderNo) return null
  return (
    <div>
      <Link to={orderDetailPath(orderNo)}>查看订单详情</Link>
    </div>
  )
}
