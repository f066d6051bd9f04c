/** /buyer/paySuccess.html?orderNo=: the paid order and what happens next. */
import './trade.css'
import { Link } from 'react-router-dom'
import { Button, Result, Skeleton, Steps } from 'antd'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { formatYuan } from '@renderer/utils/money'
import { OrderLoadFailed } from './OrderParts'
import { ORDER_STEPS } from './trade-utils'
import { useOrderFromQuery } from './use-order'

export default function PaySuccessPage() {
  const { orderNo, order: query } = useOrderFromQuery()
  const order = query.data
  if (query.error || !orderNo) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="支付成功" nav={false}>
        <OrderLoadFailed error={query.error} />
      </CentreLayout>
    )
  }
  if (!order) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="支付成功" nav={false}>
        <Skeleton active />
      </CentreLayout>
    )
  }
  return (
    <CentreLayout centre={BUYER_CENTRE} title="支付成功" nav={false}>
      <Steps className="trade-steps" current={2} items={ORDER_STEPS} size="small" />
      <Result
        status="success"
        title="支付成功"
        subTitle={`订单 ${order.orderNo} 已支付 ${formatYuan(order.amount)}，货款由平台托管。卖家发货后请及时查看账号信息并确认收货。`}
        extra={[
          <Link key="orders" to="/buyer/buyOrder.html">
            <Button type="primary">查看我的订单</Button>
          </Link>,
          <Button
            key="room"
            href={`/warrantOrderHandler.html?orderNo=${encodeURIComponent(order.orderNo)}`}
            target="_blank"
          >
            进入担保聊天室
          </Button>,
          <Link key="more" to="/list.html">
            <Button>继续逛逛</Button>
          </Link>,
        ]}
      />
    </CentreLayout>
  )
}
