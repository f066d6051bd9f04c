/**
 * Bids (出价 / 还价): the buyer's offer modal, and the bid rows both sides see — on the listing's
 * detail page and in their centres. Buyer: cancel, accept a counter (→ the order to pay). Seller:
 * accept (the buyer gets an unpaid order), reject, counter.
 */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag } from 'antd'
import { BID_STATUS_LABELS, TRADE_RULES, type Bid, type BidStatus } from '@shared/api/trade'
import { GOODS_LIMITS } from '@shared/api/goods'
import { goodsDetailPath } from '@renderer/api/goods'
import { acceptBid, cancelBid, counterBid, createBid, listBids, rejectBid } from '@renderer/api/trade'
import { Pagination } from '@renderer/components/Pagination'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan, fenToYuan, priceError, yuanToFen } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { formatTimeLeft } from './trade-utils'
import { useNow } from './use-now'
import './trade.css'

const BID_COLORS: Record<BidStatus, string> = {
  PENDING: 'orange',
  COUNTERED: 'blue',
  ACCEPTED: 'green',
  REJECTED: 'default',
  EXPIRED: 'default',
  CANCELLED: 'default',
}

/** '' when the offer (元 text) is a valid bid below the asking price, else the message. */
export function bidPriceError(text: string | undefined, askFen: number): string {
  const fen = yuanToFen(text ?? '')
  const base = priceError(fen, GOODS_LIMITS)
  if (base) return base
  if ((fen as number) >= askFen) return `出价需低于售价 ${formatYuan(askFen)}，想按原价购买请直接下单`
  return ''
}

/**
 * '' when the bid's validity (hours) is a whole number from 1 to the maximum, else the message. A
 * value out of range is refused with the limit, never cut to it (the server refuses it the same way).
 */
export function bidHoursError(hours: unknown): string {
  if (hours === undefined || hours === null || hours === '') return '请填写有效期'
  if (typeof hours !== 'number' || !Number.isInteger(hours)) return '有效期须为整数小时'
  if (hours < 1) return '有效期至少 1 小时'
  if (hours > TRADE_RULES.bidMaxHours) return `有效期最长 ${TRADE_RULES.bidMaxHours} 小时`
  return ''
}

function PriceModal({
  title,
  label,
  askFen,
  withExpiry,
  onSubmit,
  onClose,
}: {
  title: string
  label: string
  askFen: number
  withExpiry: boolean
  onSubmit: (fen: number, hours: number) => Promise<void>
  onClose: () => void
}) {
  const [form] = Form.useForm<{ price: string; hours: number }>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const submit = async () => {
    const values = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      await onSubmit(yuanToFen(values.price) as number, values.hours)
    } catch (err) {
      setError(apiErrorText(err, '提交失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title={title}
      okText="提交"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>当前售价 {formatYuan(askFen)}</p>
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
                const message = bidPriceError(value, askFen)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={14} aria-label={label} autoFocus />
        </Form.Item>
        {withExpiry ? (
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
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}

/** The buyer's 出价 modal. */
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
  return (
    <PriceModal
      title="出价"
      label="我的出价（元）"
      askFen={askFen}
      withExpiry
      onClose={onClose}
      onSubmit={async (price, hours) => {
        await createBid({ goodsId, price, expiresInHours: hours })
        toast('success', '出价已提交，等待卖家处理')
        onDone()
      }}
    />
  )
}

function BidRow({ bid, role, onChanged }: { bid: Bid; role: 'buyer' | 'seller'; onChanged: () => void }) {
  const navigate = useNavigate()
  const now = useNow(30_000)
  const [busy, setBusy] = useState<string | null>(null)
  const [countering, setCountering] = useState(false)
  const act = async (name: string, call: () => Promise<unknown>, done: string) => {
    setBusy(name)
    try {
      await call()
      toast('success', done)
      onChanged()
    } catch (err) {
      toast('error', apiErrorText(err, '操作失败'))
    } finally {
      setBusy(null)
    }
  }
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
            onConfirm={() =>
              act(
                'accept',
                async () => {
                  const accepted = await acceptBid(bid.bidId)
                  if (accepted.orderNo)
                    void navigate(`/buyer/confirmOrder.html?orderNo=${encodeURIComponent(accepted.orderNo)}`)
                },
                '已接受还价，请尽快支付',
              )
            }
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
            onConfirm={() => act('cancel', () => cancelBid(bid.bidId), '出价已撤销')}
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
              onConfirm={() => act('accept', () => acceptBid(bid.bidId), '已接受出价，等待买家支付')}
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
              onConfirm={() => act('reject', () => rejectBid(bid.bidId), '已拒绝出价')}
            >
              <Button size="small" danger loading={busy === 'reject'}>
                拒绝
              </Button>
            </Popconfirm>
          </>
        ) : null}
        {bid.status === 'ACCEPTED' && bid.orderNo ? (
          role === 'buyer' ? (
            <Link to={`/buyer/confirmOrder.html?orderNo=${encodeURIComponent(bid.orderNo)}`}>
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
        <PriceModal
          title="还价"
          label="还价（元）"
          askFen={bid.askPrice}
          withExpiry={false}
          onClose={() => setCountering(false)}
          onSubmit={async (price) => {
            await counterBid(bid.bidId, price)
            toast('success', `已还价 ${fenToYuan(price)} 元，等待买家回应`)
            setCountering(false)
            onChanged()
          }}
        />
      ) : null}
    </div>
  )
}

export function BidRows({
  bids,
  role,
  onChanged,
}: {
  bids: Bid[]
  role: 'buyer' | 'seller'
  onChanged: () => void
}) {
  return (
    <div role="list">
      {bids.map((bid) => (
        <BidRow key={bid.bidId} bid={bid} role={role} onChanged={onChanged} />
      ))}
    </div>
  )
}

/** The bids of one listing on its detail page (the caller's bids, or every bid for its seller). */
export function GoodsBids({
  goodsId,
  role,
  version,
}: {
  goodsId: number
  role: 'buyer' | 'seller'
  version: number
}) {
  const bids = useQuery(['goods-bids', goodsId, role, version], () =>
    listBids({ role, goodsId, pageNum: 1, pageSize: 50 }),
  )
  if (bids.error || !bids.data || bids.data.rows.length === 0) return null
  return (
    <section className="panel bids-panel" aria-labelledby="bids-title">
      <h2 className="panel__title" id="bids-title">
        {role === 'seller' ? '买家出价' : '我的出价'}
      </h2>
      <BidRows bids={bids.data.rows} role={role} onChanged={bids.reload} />
    </section>
  )
}

/** The bids in a centre (all my bids as buyer, or on my listings as seller), paged. */
export function MyBids({ role }: { role: 'buyer' | 'seller' }) {
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(10)
  const bids = useQuery(['my-bids', role, page, limit], () =>
    listBids({ role, pageNum: page, pageSize: limit }),
  )
  return (
    <section className="bids-panel" aria-labelledby={`bids-${role}`}>
      <h2 className="panel__title" id={`bids-${role}`}>
        {role === 'seller' ? '收到的出价' : '我的出价'}
      </h2>
      {bids.error ? (
        <Alert type="error" showIcon title={apiErrorText(bids.error, '出价加载失败')} />
      ) : !bids.data ? null : bids.data.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无出价" />
      ) : (
        <BidRows bids={bids.data.rows} role={role} onChanged={bids.reload} />
      )}
      <Pagination
        total={bids.data?.total ?? 0}
        page={page}
        limit={limit}
        autoScroll={false}
        onChange={(p, l) => {
          setPage(p)
          setLimit(l)
        }}
      />
    </section>
  )
}
