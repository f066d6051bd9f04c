/**
 * /buyer/confirmOrder.html?orderNo=: the unpaid order's summary and amount, with the 15-minute
 * payment countdown (deadlineAt). 去支付 → /buyer/pay.html; 取消订单 releases the listing.
 */
import './trade.css'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Popconfirm, Result, Skeleton, Steps } from 'antd'
import { cancelOrder } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { OrderSummary, TimeLeft } from './OrderParts'
import { ORDER_STEPS } from './trade-utils'
import { useOrderFromQuery } from './use-order'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'

export function OrderLoadFailed({ error, title = '订单加载失败' }: { error: unknown; title?: string }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error ? apiErrorText(error) : '地址中缺少订单号'}
      extra={
        <Link to="/buyer/buyOrder.html">
          <Button type="primary">查看我的订单</Button>
        </Link>
      }
    />
  )
}

export default function ConfirmOrderPage() {
  const navigate = useNavigate()
  const { orderNo, data: order, error, reload } = useOrderFromQuery()
  const [cancelling, setCancelling] = useState(false)

  if (error || !orderNo || order === null) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认订单" nav={false}>
        <OrderLoadFailed error={error} />
      </CentreLayout>
    )
  }
  if (!order) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认订单" nav={false}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </CentreLayout>
    )
  }
  const unpaid = order.status === 'UNPAID'
  const cancel = async () => {
    setCancelling(true)
    try {
      await cancelOrder(order.orderNo)
      toast('success', '订单已取消')
      reload()
    } catch (err) {
      toast('error', apiErrorText(err, '取消失败'))
    } finally {
      setCancelling(false)
    }
  }
  return (
    <CentreLayout centre={BUYER_CENTRE} title="确认订单" nav={false}>
      <Steps className="trade-steps" current={1} items={ORDER_STEPS} size="small" />
      <div className="centre-narrow">
        {unpaid ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              <>
                请在 15 分钟内完成支付，
                <TimeLeft order={order} />
              </>
            }
            description="超时未支付订单将自动取消，商品会重新上架。"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="该订单已不是待支付状态"
            action={
              <Link to="/buyer/buyOrder.html">
                <Button size="small">查看我的订单</Button>
              </Link>
            }
          />
        )}
        <OrderSummary order={order} />
        <div className="trade-total">
          <span>应付金额</span>
          <strong>{formatYuan(order.amount)}</strong>
        </div>
        <div className="trade-footer">
          {unpaid && order.actions.includes('cancel') ? (
            <Popconfirm
              title="确定取消该订单吗？"
              okText="确定"
              cancelText="再想想"
              onConfirm={() => cancel()}
            >
              <Button loading={cancelling}>取消订单</Button>
            </Popconfirm>
          ) : null}
          <Button
            type="primary"
            size="large"
            disabled={!unpaid}
            onClick={() => void navigate(`/buyer/pay.html?orderNo=${encodeURIComponent(order.orderNo)}`)}
          >
            去支付
          </Button>
        </div>
      </div>
    </CentreLayout>
  )
}
