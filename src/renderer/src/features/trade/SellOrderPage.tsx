/** /seller/sellOrder.html: the orders of my listings (start delivery, deliver, dispute) and the bids on them. */
import { listSellOrders } from '@renderer/api/trade'
import { SellerShell } from '@renderer/features/seller/SellerShell'
import { OrderList } from './OrderList'
import { MyBids } from './Bids'
import './trade.css'

export default function SellOrderPage() {
  return (
    <SellerShell title="我卖出的商品">
      <OrderList load={listSellOrders} />
      <MyBids role="seller" />
    </SellerShell>
  )
}
