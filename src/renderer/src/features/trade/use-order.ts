import { useSearchParams } from 'react-router-dom'
import { getOrder } from '@renderer/api/trade'
import { useQuery } from '@renderer/utils/use-query'

/** The order named by `?orderNo=` (null when the address has none). */
export function useOrderFromQuery() {
  const [params] = useSearchParams()
  const orderNo = params.get('orderNo')?.trim() || null
  const order = useQuery(['order', orderNo], () => (orderNo ? getOrder(orderNo) : Promise.resolve(null)))
  return { orderNo, ...order }
}
