/**
 * /buyer/orderDetail.html?orderNo= and /seller/orderDetail.html?orderNo= (docs/order-detail.md): one
 * order as the logged-in party sees it — goods, amounts, deadline, the actions allowed now (the order
 * pages' own buttons and review), timeline, my ledger rows, delivery and its view log, the room. The
 * server decides the side; an address of the other side moves to the right one.
 */
import { useEffect } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Skeleton } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { goodsDetailPath, imageSrc } from '@renderer/api/goods'
import { orderDetailQuery } from '@renderer/api/order-detail'
import { BUYER_CENTRE, CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { OrderReview } from '@renderer/features/review/OrderReview'
import { OrderProtectionTerms } from '@renderer/features/protection/OrderProtectionTerms'
import { OrderActions, OrderLoadFailed, OrderSummary } from '../OrderParts'
import { CancelRequestPanel } from './CancelRequestPanel'
import { ContactSupportButton } from '@renderer/components/customer-service/ContactSupportButton'
import { ORDER_DETAIL_PATHS, ORDER_NO, orderDetailPath } from './order-links'
import {
  AmountsSection,
  DeadlineAlert,
  DeliverySection,
  LedgerSection,
  RoomSection,
  TimelineSection,
} from './sections'
import '../trade.css'
import './order-detail.css'

export default function OrderDetailPage() {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const orderNo = params.get('orderNo')?.trim() ?? ''
  const valid = ORDER_NO.test(orderNo)
  const pathSide = pathname === ORDER_DETAIL_PATHS.seller ? 'seller' : 'buyer'
  const detail = useQuery({ ...orderDetailQuery(orderNo), enabled: valid })
  const side = detail.data?.order.myRole
  useEffect(() => {
    if ((side === 'buyer' || side === 'seller') && side !== pathSide)
      void navigate(orderDetailPath(orderNo, side), { replace: true })
  }, [side, pathSide, orderNo, navigate])

  const centre = pathSide === 'seller' ? SELLER_CENTRE : BUYER_CENTRE
  const d = detail.data
  return (
    <CentreLayout centre={centre} title="订单详情">
      {!valid || detail.error ? (
        <OrderLoadFailed error={valid ? detail.error : null} />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <div className="order-detail__goods">
            {d.order.coverUrl ? (
              <img className="order-detail__cover" src={imageSrc(d.order.coverUrl)} alt="" />
            ) : null}
            <div>
              <Link to={goodsDetailPath(d.order.goodsId)}>
                <strong>{d.order.goodsTitle}</strong>
              </Link>
              <div className="order-detail__note">
                {side === 'seller' ? '您是本订单的卖家' : '您是本订单的买家'}
              </div>
            </div>
          </div>
          <OrderSummary order={d.order} />
          <DeadlineAlert d={d} />
          <CancelRequestPanel order={d.order} />
          <div className="order-detail__actions">
            <OrderActions order={d.order} size="middle" />
            <OrderReview order={d.order} review={d.review ?? undefined} />
            <ContactSupportButton about={{ orderNo: d.order.orderNo }} />
          </div>
          <AmountsSection d={d} />
          <OrderProtectionTerms order={d.order} />
          <TimelineSection d={d} />
          <LedgerSection d={d} />
          <DeliverySection d={d} />
          <RoomSection d={d} />
        </>
      )}
    </CentreLayout>
  )
}
