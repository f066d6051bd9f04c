/** An order's state as a coloured tag (order pages, guaranteed-order rooms). */
import { Tag } from 'antd'
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/api/trade'

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  UNPAID: 'orange',
  PAID: 'blue',
  DELIVERING: 'cyan',
  TO_CONFIRM: 'geekblue',
  COMPLETED: 'green',
  SETTLED: 'success',
  CANCELLED: 'default',
  REFUNDING: 'gold',
  REFUNDED: 'default',
  ARBITRATING: 'red',
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={ORDER_STATUS_COLORS[status]}>{ORDER_STATUS_LABELS[status]}</Tag>
}
