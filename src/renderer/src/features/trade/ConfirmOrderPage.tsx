/**
 * /buyer/confirmOrder.html?orderNo=: the unpaid order's summary and amount, with the 15-minute
 * payment countdown (deadlineAt). 去支付 → /buyer/pay.html; 取消订单 releases the listing.
 */
import './trade.css'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Popconfirm, Skeleton, Steps } from 'antd'
import { useOrderStep } from '@renderer/api/trade'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { formatYuan } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { OrderLoadFailed, OrderSummary, TimeLeft } from './OrderParts'
import { ORDER_STEPS } from './trade-utils'
import { useOrderFromQuery } from './use-order'

export default function ConfirmOrderPage() {
  const navigate = useNavigate()
  const { orderNo, order: query } = useOrderFromQuery()
  const cancel = useOrderStep()
  const order = query.data

  if (query.error || !orderNo) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="确认订单" nav={false}>
        <OrderLoadFailed error={query.error} />
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
              onConfirm={() =>
                cancel
                  .mutateAsync(
                    { step: 'cancel', orderNo: order.orderNo },
                    { onSuccess: () => toast('success', '订单已取消') },
                  )
                  .catch(() => undefined)
              }
            >
              <Button loading={cancel.isPending}>取消订单</Button>
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
