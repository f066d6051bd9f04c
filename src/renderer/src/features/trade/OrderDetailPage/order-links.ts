/**
 * Where an order's detail page is (docs/order-detail.md): /buyer/orderDetail.html for the buyer,
 * /seller/orderDetail.html for the seller (the page shows the logged-in user's side either way and
 * moves to the address of that side). Messages about an order name it as 订单 <no> or 订单号 <no>.
 * No React here, so tests cover them.
 */
export type OrderSide = 'buyer' | 'seller'

export const ORDER_DETAIL_PATHS = {
  buyer: '/buyer/orderDetail.html',
  seller: '/seller/orderDetail.html',
} as const

export const orderDetailPath = (orderNo: string, side: OrderSide = 'buyer') =>
  `${ORDER_DETAIL_PATHS[side]}?orderNo=${encodeURIComponent(orderNo)}`

/** An order number as the server writes them (the API's 订单号 pattern). */
export const ORDER_NO = /^[A-Za-z0-9]{1,40}$/

/** The order number a message is about (订单 2026…, 订单号 2026…), or null. */
export function orderNoInText(text: string): string | null {
  const m = /订单号?[\s:：]*([A-Za-z0-9]{10,40})(?![A-Za-z0-9])/.exec(text)
  return m ? m[1] : null
}
