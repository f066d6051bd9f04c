/**
 * /buyer/pay.html?orderNo=: the wallet balance and the order amount; pay from the balance with the
 * 6-digit payment password (RSA-encrypted in transit). Not enough balance → top up first: the top-up
 * records this page as its return, so the gateway sends the buyer straight back here
 * (`&topupNo=`), where the top-up's result shows and the new balance pays. Without an order the
 * page is the top-up page: amount and channel, then the gateway's page (payUrl).
 */
import './trade.css'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Divider, Form, Result, Skeleton, Steps } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { orderPayPath } from '@shared/rules/return-to'
import { walletQuery } from '@renderer/api/funds'
import { usePayOrder } from '@renderer/api/trade'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { TopupForm } from '@renderer/components/topup/TopupForm'
import { TopupResult } from '@renderer/components/topup/TopupResult'
import { useNow } from '@renderer/components/use-now'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ChannelPay } from './ChannelPay'
import { OrderLoadFailed, OrderSummary, TimeLeft } from './OrderParts'
import { ORDER_STEPS } from './trade-utils'
import { useOrderFromQuery } from './use-order'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

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
  const navigate = useNavigate()
  const { order: query } = useOrderFromQuery()
  const [params] = useSearchParams()
  // back from the gateway: the top-up started here
  const topupNo = params.get('topupNo')?.trim() || null
  const wallet = useQuery(walletQuery())
  const [form] = Form.useForm<{ payPassword: string }>()
  const pay = usePayOrder()
  const now = useNow(30_000)
  const order = query.data

  if (query.error) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="支付订单" nav={false}>
        <OrderLoadFailed error={query.error} />
      </CentreLayout>
    )
  }
  if (!order || (!wallet.data && !wallet.error)) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="支付订单" nav={false}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </CentreLayout>
    )
  }
  // back from 支付宝 / 微信支付: the order was paid by the channel
  if (order.status !== 'UNPAID' && order.status !== 'CANCELLED' && topupNo) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="支付订单" nav={false}>
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
      <CentreLayout centre={BUYER_CENTRE} title="支付订单" nav={false}>
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
  const w = wallet.data
  const shortfall = w ? Math.max(0, order.amount - w.available) : 0
  const locked = w?.payLockedUntil && w.payLockedUntil > now ? w.payLockedUntil : null

  const submit = ({ payPassword }: { payPassword: string }) =>
    pay.mutate(
      { orderNo: order.orderNo, payPassword },
      {
        onSuccess: () => {
          toast('success', '支付成功')
          void navigate(`/buyer/paySuccess.html?orderNo=${encodeURIComponent(order.orderNo)}`, {
            replace: true,
          })
        },
        onError: () => form.resetFields(),
      },
    )

  return (
    <CentreLayout centre={BUYER_CENTRE} title="支付订单" nav={false}>
      <Steps className="trade-steps" current={2} items={ORDER_STEPS} size="small" />
      <div className="centre-narrow">
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={<TimeLeft order={order} />} />
        {topupNo ? (
          <div style={{ marginBottom: 16 }}>
            <TopupResult topupNo={topupNo} />
          </div>
        ) : null}
        <OrderSummary order={order} />
        {wallet.error ? (
          <ErrorAlert error={wallet.error} fallback="余额加载失败" />
        ) : w ? (
          <>
            <div className="wallet-line">
              <span>账户可用余额</span>
              <strong aria-label="可用余额">{formatYuan(w.available)}</strong>
              <span>应付</span>
              <strong className="order-amount">{formatYuan(order.amount)}</strong>
            </div>
            {!w.hasPayPassword ? (
              <Alert
                type="warning"
                showIcon
                title="您还没有设置支付密码"
                description="余额支付需要支付密码，请先设置。"
                action={
                  <Link
                    to={`/user/payPass.html?redirect=${encodeURIComponent(`/buyer/pay.html?orderNo=${order.orderNo}`)}`}
                  >
                    <Button type="primary" size="small">
                      设置支付密码
                    </Button>
                  </Link>
                }
              />
            ) : shortfall > 0 ? (
              <>
                <Alert
                  type="warning"
                  showIcon
                  title={`余额不足，还差 ${formatYuan(shortfall)}`}
                  description="请先充值，支付完成后将自动回到本页继续支付（订单超时前有效）。"
                  style={{ marginBottom: 16 }}
                />
                <TopupForm defaultFen={shortfall} returnTo={orderPayPath(order.orderNo)} />
              </>
            ) : locked ? (
              <Alert
                type="error"
                showIcon
                title={`支付密码错误次数过多，支付已锁定至 ${formatTradeTime(locked)}`}
              />
            ) : (
              <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }}>
                <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
                  <PayPasswordInput autoFocus />
                </Form.Item>
                <ErrorAlert error={pay.error} fallback="支付失败" style={{ marginBottom: 16 }} />
                <Button type="primary" size="large" htmlType="submit" loading={pay.isPending} block>
                  确认支付 {formatYuan(order.amount)}
                </Button>
                <Divider plain>
                  <Link to="/user/payPass.html">忘记或修改支付密码</Link>
                </Divider>
              </Form>
            )}
            <ChannelPay order={order} wallet={w} />
          </>
        ) : null}
      </div>
    </CentreLayout>
  )
}
