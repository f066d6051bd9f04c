/**
 * The bid rows both sides see — on the listing's detail page and in their centres. Buyer: cancel,
 * accept a counter (→ the order to pay). Seller: accept (the buyer gets an unpaid order), reject,
 * counter. The lists refresh themselves after each step (api/bid.ts).
 */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, Popconfirm, Space, Tag } from 'antd'
import { BID_STATUS_LABELS, type Bid, type BidStatus } from '@shared/api/bid'
import { goodsDetailPath } from '@renderer/api/goods'
import { useBidStep } from '@renderer/api/bid'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { formatTimeLeft } from '../time-left'
import { useNow } from '../use-now'
import { CounterModal } from './PriceModal'
import './bids.css'

const BID_COLORS: Record<BidStatus, string> = {
  PENDING: 'orange',
  COUNTERED: 'blue',
  ACCEPTED: 'green',
  REJECTED: 'default',
  EXPIRED: 'default',
  CANCELLED: 'default',
}

function BidRow({ bid, role }: { bid: Bid; role: 'buyer' | 'seller' }) {
  const navigate = useNavigate()
  const now = useNow(30_000)
  const step = useBidStep()
  const busy = step.isPending ? step.variables.step : null
  const [countering, setCountering] = useState(false)
  const act = (name: 'accept' | 'reject' | 'cancel', done: string, goToOrder = false) =>
    step
      .mutateAsync(
        { step: name, bidId: bid.bidId },
        {
          onSuccess: ({ orderNo }) => {
            if (goToOrder && orderNo) void navigate(`/buyer/pay.html?orderNo=${encodeURIComponent(orderNo)}`)
            toast('success', done)
          },
        },
      )
      .catch(() => undefined)
  const open = bid.status === 'PENDING' || bid.status === 'COUNTERED'
  const left = open ? formatTimeLeft(bid.expiresAt, now) : ''
  return (
    <div className="bid-row" role="listitem" aria-label={`出价 ${formatYuan(bid.price)}`}>
      <Tag color={BID_COLORS[bid.status]}>{BID_STATUS_LABELS[bid.status]}</Tag>
      <Link to={goodsDetailPath(bid.goodsId)}>{bid.goodsTitle}</Link>
      <span>
        出价 <span className="bid-row__price">{formatYuan(bid.price)}</span>
        {bid.counterPrice !== null ? (
          <>
            {' '}
            · 卖家还价 <span className="bid-row__price">{formatYuan(bid.counterPrice)}</span>
          </>
        ) : null}
      </span>
      <span className="bid-row__meta">
        {role === 'seller' ? `买家 ${bid.buyerName}` : `售价 ${formatYuan(bid.askPrice)}`} ·{' '}
        {formatTradeTime(bid.createdAt)}
        {left ? ` · 剩余 ${left}` : ''}
      </span>
      <Space wrap className="bid-row__actions">
        {role === 'buyer' && bid.status === 'COUNTERED' ? (
          <Popconfirm
            title={`按还价 ${formatYuan(bid.counterPrice)} 成交并生成订单？`}
            okText="接受"
            cancelText="再想想"
            onConfirm={() => act('accept', '已接受还价，请尽快支付', true)}
          >
            <Button size="small" type="primary" loading={busy === 'accept'}>
              接受还价
            </Button>
          </Popconfirm>
        ) : null}
        {role === 'buyer' && open ? (
          <Popconfirm
            title="撤销这次出价？"
            okText="撤销"
            cancelText="再想想"
            onConfirm={() => act('cancel', '出价已撤销')}
          >
            <Button size="small" loading={busy === 'cancel'}>
              撤销出价
            </Button>
          </Popconfirm>
        ) : null}
        {role === 'seller' && bid.status === 'PENDING' ? (
          <>
            <Popconfirm
              title={`按 ${formatYuan(bid.price)} 接受出价？买家将获得一笔待支付订单，商品为其保留。`}
              okText="接受"
              cancelText="再想想"
              onConfirm={() => act('accept', '已接受出价，等待买家支付')}
            >
              <Button size="small" type="primary" loading={busy === 'accept'}>
                接受
              </Button>
            </Popconfirm>
            <Button size="small" onClick={() => setCountering(true)}>
              还价
            </Button>
            <Popconfirm
              title="拒绝这次出价？"
              okText="拒绝"
              cancelText="再想想"
              onConfirm={() => act('reject', '已拒绝出价')}
            >
              <Button size="small" danger loading={busy === 'reject'}>
                拒绝
              </Button>
            </Popconfirm>
          </>
        ) : null}
        {bid.status === 'ACCEPTED' && bid.orderNo ? (
          role === 'buyer' ? (
            <Link to={`/buyer/pay.html?orderNo=${encodeURIComponent(bid.orderNo)}`}>
              <Button size="small" type="primary">
                查看订单
              </Button>
            </Link>
          ) : (
            <Link to="/seller/sellOrder.html">
              <Button size="small">查看订单</Button>
            </Link>
          )
        ) : null}
      </Space>
      {countering ? (
        <CounterModal
          bidId={bid.bidId}
          askFen={bid.askPrice}
          bidFen={bid.price}
          onClose={() => setCountering(false)}
        />
      ) : null}
    </div>
  )
}

export function BidRows({ bids, role }: { bids: Bid[]; role: 'buyer' | 'seller' }) {
  return (
    <div role="list">
      {bids.map((bid) => (
        <BidRow key={bid.bidId} bid={bid} role={role} />
      ))}
    </div>
  )
}
