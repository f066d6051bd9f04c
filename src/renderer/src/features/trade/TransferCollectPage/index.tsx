/**
 * /order/transferCollect.html?orderNo= (standalone): the account hand-over of an order.
 * - The seller of a paid order fills what the game's getGameTransferCollectConfig asks for
 *   (SellerDeliver.tsx), prefilled from the listing's delivery account where one is saved; each field
 *   is checked by its kind (src/shared/rules/transfer.ts, the server's own rule), then shown once
 *   more for a last look before it is submitted. Until the buyer confirms receipt the seller may
 *   correct it (the buyer is told, the correction is logged, the 72 hours to confirm start again).
 * - The buyer, after delivery, sees the credentials (BuyerCredentials.tsx; each view is logged by the
 *   server) with copy buttons and the warning to change the password and bind their own phone at
 *   once. Nobody else gets them: the server answers them to the buyer only, and this page asks only
 *   as the buyer.
 */
import type { ReactNode } from 'react'
import { Result, Skeleton } from 'antd'
import { OrderLoadFailed, OrderSummary, TimeLeft } from '../OrderParts'
import { useOrderFromQuery } from '../use-order'
import { BuyerCredentials } from './BuyerCredentials'
import { SellerDeliver } from './SellerDeliver'
import '../trade.css'

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="page-container trade-page">
      <section className="panel centre-narrow">
        <div className="panel__head">
          <h1 className="panel__title">账号转移信息</h1>
        </div>
        {children}
      </section>
    </div>
  )
}

export default function TransferCollectPage() {
  const { orderNo, order: query } = useOrderFromQuery()
  const order = query.data
  if (query.error || !orderNo) {
    return (
      <Frame>
        <OrderLoadFailed error={query.error} />
      </Frame>
    )
  }
  if (!order) {
    return (
      <Frame>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Frame>
    )
  }
  if (order.myRole === 'staff') {
    return (
      <Frame>
        <Result status="403" title="账号信息仅对买家可见" />
      </Frame>
    )
  }
  return (
    <Frame>
      <OrderSummary order={order} />
      {order.deadlineAt ? (
        <p>
          <TimeLeft order={order} />
        </p>
      ) : null}
      {order.myRole === 'seller' ? <SellerDeliver order={order} /> : <BuyerCredentials order={order} />}
    </Frame>
  )
}
