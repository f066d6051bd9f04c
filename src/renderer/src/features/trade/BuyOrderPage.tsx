/** /buyer/buyOrder.html: the orders I bought, with my bids below. */
import { listBuyOrders } from '@renderer/api/trade'
import { OrderList } from './OrderList'
import { TradeShell } from './TradeShell'
import { MyBids } from './Bids'

export default function BuyOrderPage() {
  return (
    <TradeShell title="我的订单">
      <OrderList load={listBuyOrders} />
      <MyBids role="buyer" />
    </TradeShell>
  )
}
