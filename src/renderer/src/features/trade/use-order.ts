import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { orderQuery } from '@renderer/api/trade'

/** The order named by `?orderNo=` (orderNo null when the address has none; then nothing is asked). */
export function useOrderFromQuery() {
  const [params] = useSearchParams()
  const orderNo = params.get('orderNo')?.trim() || null
  const order = useQuery({ ...orderQuery(orderNo ?? ''), enabled: orderNo !== null })
  return { orderNo, order }
}
