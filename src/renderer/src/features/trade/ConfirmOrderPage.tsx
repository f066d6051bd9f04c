/**
 * /buyer/confirmOrder.html?orderNo=: the old confirmation step. Confirming and paying are one screen
 * now (checkout, /buyer/pay.html; docs/screens.md, "Checkout"): links here (an accepted bid, older
 * messages) go on there with the same order.
 */
import { Navigate, useSearchParams } from 'react-router-dom'
import { orderPayPath } from '@shared/rules/return-to'

export default function ConfirmOrderPage() {
  const [params] = useSearchParams()
  const orderNo = params.get('orderNo')?.trim()
  return <Navigate to={orderNo ? orderPayPath(orderNo) : '/buyer/buyOrder.html'} replace />
}
