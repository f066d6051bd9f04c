/** /buyer/buyOrder.html: the orders I bought, with my bids below. */
import './trade.css'
import { listBuyOrders } from '@renderer/api/trade'
import { OrderList } from './OrderList'
import { MyBids } from './Bids'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'

export default function BuyOrderPage() {
  return (
    <CentreLayout centre={BUYER_CENTRE} title="我的订单">
      <OrderList load={listBuyOrders} />
      <MyBids role="buyer" />
    </CentreLayout>
  )
}
