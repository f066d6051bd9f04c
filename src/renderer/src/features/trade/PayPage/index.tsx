/**
 * /buyer/pay.html?orderNo=: checkout — confirming the unpaid order and paying it on one screen
 * (Checkout.tsx; /buyer/confirmOrder.html leads here). The balance pays with the 6-digit payment
 * password (RSA-encrypted in transit); 支付宝 / 微信支付 pay through the provider and come back here
 * (`&topupNo=`), where the payment's result shows. Without an order the page is the top-up page:
 * amount and channel, then the gateway's page (payUrl).
 */
import '../trade.css'
import './checkout.css'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert, Button, Result, Skeleton, Steps } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { walletQuery } from '@renderer/api/funds'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { TopupForm } from '@renderer/components/topup/TopupForm'
import { TopupResult } from '@renderer/components/topup/TopupResult'
import { formatYuan } from '@renderer/utils/money'
import { OrderLoadFailed, TimeLeft } from '../OrderParts'
import { ORDER_STEPS } from '../trade-utils'
import { useOrderFromQuery } from '../use-order'
import { Checkout } from './Checkout'

function TopupOnly() {
  const wallet = useQuery(walletQuery())
  return (
    <CentreLayout centre={BUYER_CENTRE} title="账户充值">
      <div className="centre-narrow">
        <div className="wallet-line">
          <span>可用余额</span>
          <strong>{wallet.data ? formatYuan(wallet.data.available) : '—'}</strong>
          <Link to="/account/balance.html">查看我的账户</Link>
        </div>
        <TopupForm />
      </div>
    </CentreLayout>
  )
}

export default function PayPage() {
  const { orderNo } = useOrderFromQuery()
  return orderNo ? <PayOrder /> : <TopupOnly />
}

function PayOrder() {
  const { order: query } = useOrderFromQuery()
  const [params] = useSearchParams()
  // back from the gateway: the top-up started here
  const topupNo = params.get('topupNo')?.trim() || null
  const wallet = useQuery(walletQuery())
  const order = query.data

  if (query.error) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认并支付" nav={false}>
        <OrderLoadFailed error={query.error} />
      </CentreLayout>
    )
  }
  if (!order || (!wallet.data && !wallet.error)) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认并支付" nav={false}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </CentreLayout>
    )
  }
  // back from 支付宝 / 微信支付: the order was paid by the channel
  if (order.status !== 'UNPAID' && order.status !== 'CANCELLED' && topupNo) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认并支付" nav={false}>
        <Result
          status="success"
          title="支付成功"
          subTitle={`订单 ${order.orderNo} 已支付，款项由平台担保。`}
          extra={
            <Link to={`/buyer/orderDetail.html?orderNo=${encodeURIComponent(order.orderNo)}`}>
              <Button type="primary">查看订单</Button>
            </Link>
          }
        />
      </CentreLayout>
    )
  }
  if (order.status !== 'UNPAID') {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认并支付" nav={false}>
        <Result
          status="info"
          title="该订单无需支付"
          subTitle={`订单当前状态已变化，请在我的订单中查看。`}
          extra={
            <Link to="/buyer/buyOrder.html">
              <Button type="primary">查看我的订单</Button>
            </Link>
          }
        />
      </CentreLayout>
    )
  }
  return (
    <CentreLayout centre={BUYER_CENTRE} title="确认并支付" nav={false}>
      <Steps className="trade-steps checkout-steps" current={1} items={ORDER_STEPS} size="small" />
      <div className="checkout-page">
        <Alert type="warning" showIcon className="checkout-timer" title={<TimeLeft order={order} />} />
        {topupNo ? (
          <div style={{ marginBottom: 12 }}>
            <TopupResult topupNo={topupNo} />
          </div>
        ) : null}
        {wallet.error ? (
          <ErrorAlert error={wallet.error} fallback="余额加载失败" />
        ) : wallet.data ? (
          <Checkout order={order} wallet={wallet.data} />
        ) : null}
      </div>
    </CentreLayout>
  )
}
