/** The price dialog of a bid (the buyer's offer, with its validity) and of a counter-offer (the seller's). */
import { Alert, Button, Form, Input, InputNumber, Modal, Spin } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { BID_STATUS_LABELS } from '@shared/api/bid'
import { TRADE_RULES } from '@shared/api/trade'
import { bidTermsQuery, useOfferBid } from '@renderer/api/bid'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { bidHoursError, bidPriceError, counterPriceError, type BidFloor } from './bid-rules'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'

/** a counter-offer carries the buyer's bid it answers (fen): shown, and the counter must top it */
type Offer = { kind: 'bid'; goodsId: number } | { kind: 'counter'; bidId: number; bidFen: number }

function PriceModal({
  title,
  label,
  askFen,
  floor,
  offer,
  onClose,
  onDone,
}: {
  title: string
  label: string
  askFen: number
  /** the listing's minimum bid (a bid; a counter-offer has none) */
  floor?: BidFloor
  offer: Offer
  onClose: () => void
  onDone: () => void
}) {
  const [form] = Form.useForm<{ price: string; hours: number }>()
  const send = useOfferBid()
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const price = yuanToFen(values.price) as number
    send.mutate(
      offer.kind === 'bid'
        ? { kind: 'bid', goodsId: offer.goodsId, price, expiresInHours: values.hours }
        : { kind: 'counter', bidId: offer.bidId, price },
      {
        onSuccess: () => {
          toast(
            'success',
            offer.kind === 'bid' ? '出价已提交，等待卖家处理' : `已还价 ${formatYuan(price)}，等待买家回应`,
          )
          onDone()
        },
      },
    )
  }
  return (
    <Modal
      open
      title={title}
      okText="提交"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {offer.kind === 'counter' ? (
        <p className="bid-counter-terms">
          买家出价 <strong>{formatYuan(offer.bidFen)}</strong>，商品售价 {formatYuan(askFen)}
          ；还价须高于买家出价、不高于售价，买家接受后按还价成交。
        </p>
      ) : (
        <p>
          当前售价 {formatYuan(askFen)}
          {floor ? `，最低出价 ${formatYuan(floor.minFen)}${floor.sellerSet ? '（卖家设置）' : ''}` : ''}
        </p>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ price: '', hours: TRADE_RULES.bidDefaultHours }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="price"
          label={label}
          rules={[
            {
              validator: (_, value: string) => {
                const message =
                  offer.kind === 'counter'
                    ? counterPriceError(value, askFen, offer.bidFen)
                    : bidPriceError(value, askFen, floor)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={14} aria-label={label} autoFocus />
        </Form.Item>
        {offer.kind === 'bid' ? (
          <Form.Item
            name="hours"
            label="有效期（小时）"
            extra={`1 – ${TRADE_RULES.bidMaxHours} 小时，过期未处理的出价自动失效`}
            rules={[
              {
                validator: (_, value: unknown) => {
                  const message = bidHoursError(value)
                  return message ? Promise.reject(new Error(message)) : Promise.resolve()
                },
              },
            ]}
          >
            {/* no min/max here: InputNumber would silently clamp 100 to the maximum */}
            <InputNumber aria-label="有效期（小时）" />
          </Form.Item>
        ) : null}
      </Form>
      <ErrorAlert error={send.error} fallback="提交失败" />
    </Modal>
  )
}

/**
 * The buyer's 出价 dialog on a listing. It first reads the listing's terms: with a bid of mine still
 * open it says so (no second bid meanwhile) instead of a form the server would refuse after typing;
 * else the form pre-checks the minimum bid.
 */
export function BidModal({
  goodsId,
  askFen,
  onClose,
  onDone,
}: {
  goodsId: number
  askFen: number
  onClose: () => void
  onDone: () => void
}) {
  const terms = useQuery(bidTermsQuery(goodsId))
  const t = terms.data
  if (!t || t.openBid) {
    const open = t?.openBid
    return (
      <Modal
        open
        title="出价"
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={onClose}>
            知道了
          </Button>
        }
      >
        {terms.isPending ? <Spin /> : null}
        <ErrorAlert error={terms.error} fallback="出价信息加载失败" onRetry={() => void terms.refetch()} />
        {open ? (
          <Alert
            type="info"
            showIcon
            title={`您已对该商品出价 ${formatYuan(open.price)}（${BID_STATUS_LABELS[open.status]}）`}
            description={
              <>
                卖家处理或出价过期前不能再次出价；可在{' '}
                <Link to="/buyer/buyOrder.html">我的订单 · 我的出价</Link> 中查看或撤销。
              </>
            }
          />
        ) : null}
      </Modal>
    )
  }
  return (
    <PriceModal
      title="出价"
      label="我的出价（元）"
      askFen={askFen}
      floor={{ minFen: t.minPrice, sellerSet: t.sellerSet, percent: t.floorPercent }}
      offer={{ kind: 'bid', goodsId }}
      onClose={onClose}
      onDone={onDone}
    />
  )
}

/** The seller's 还价 dialog on a pending bid: the buyer's bid and the asking price above the form. */
export function CounterModal({
  bidId,
  askFen,
  bidFen,
  onClose,
}: {
  bidId: number
  askFen: number
  /** the buyer's bid being answered */
  bidFen: number
  onClose: () => void
}) {
  return (
    <PriceModal
      title="还价"
      label="还价（元）"
      askFen={askFen}
      offer={{ kind: 'counter', bidId, bidFen }}
      onClose={onClose}
      onDone={onClose}
    />
  )
}
