/** /seller/sellOrder.html: the orders of my listings (start delivery, deliver, dispute) and the bids on them. */
import './trade.css'
import { exportSellOrders } from '@renderer/api/trade'
import { ExportButton } from '@renderer/components/ExportButton'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { OrderList } from './OrderList'
import { MyBids } from './MyBids'

export default function SellOrderPage() {
  return (
    <CentreLayout
      centre={SELLER_CENTRE}
      title="我卖出的商品"
      extra={<ExportButton label="导出订单" unit="笔订单" run={() => exportSellOrders()} />}
    >
      <OrderList side="seller" />
      <MyBids role="seller" />
    </CentreLayout>
  )
}
