/** /buyer/buyOrder.html: the orders I bought, with my bids below. */
import './trade.css'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { OrderList } from './OrderList'
import { MyBids } from './MyBids'

export default function BuyOrderPage() {
  return (
    <CentreLayout centre={BUYER_CENTRE} title="我的订单">
      <OrderList side="buyer" />
      <MyBids role="buyer" />
    </CentreLayout>
  )
}
