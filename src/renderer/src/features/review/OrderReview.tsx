/**
 * The review part of an order card (docs/trading-rules.md, "Reviews"): the buyer rates a completed
 * order within 15 days (评价: stars, tags, text), the seller replies once (回复); both see the stars.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Checkbox, Form, Input, Modal, Rate, Space } from 'antd'
import { REVIEW_LIMITS, type Review } from '@shared/api/review'
import type { Order } from '@shared/api/trade'
import { reviewTagsQuery, useRateOrder, useReplyReview } from '@renderer/api/review'
import { TextPromptModal } from '@renderer/components/TextPromptModal'
import { toast } from '@renderer/utils/toast'
import { starsText } from './stars'
import './review.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const DAY = 24 * 60 * 60 * 1000

/** Whether the buyer may still rate the order (the server decides again). */
export function rateable(order: Order, now = Date.now()): boolean {
  return (
    order.myRole === 'buyer' &&
    (order.status === 'COMPLETED' || order.status === 'SETTLED') &&
    order.completedAt !== null &&
    now - order.completedAt <= REVIEW_LIMITS.days * DAY
  )
}

interface RateValues {
  stars: number
  tags?: string[]
  text?: string
}

function RateModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const [form] = Form.useForm<RateValues>()
  const tags = useQuery(reviewTagsQuery())
  const rate = useRateOrder()
  return (
    <Modal
      open
      title="评价订单"
      okText="提交评价"
      cancelText="取消"
      confirmLoading={rate.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>
        {order.goodsTitle}（订单号 {order.orderNo}）
      </p>
      <ErrorAlert error={rate.error} style={{ marginBottom: 12 }} />
      <Form<RateValues>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          rate.mutate(
            { orderNo: order.orderNo, stars: v.stars, tags: v.tags ?? [], text: v.text?.trim() ?? '' },
            {
              onSuccess: () => {
                toast('success', '评价成功')
                onClose()
              },
            },
          )
        }
      >
        <Form.Item name="stars" label="评分" rules={[{ required: true, message: '请选择评分' }]}>
          {/* no stars to begin with (the buyer chooses); a second tap on a star keeps it (allowClear
              cleared it, and the form then said 评分不能小于 1) */}
          <Rate aria-label="评分" allowClear={false} />
        </Form.Item>
        <Form.Item name="tags" label="评价标签">
          <Checkbox.Group
            options={(tags.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
          />
        </Form.Item>
        <Form.Item name="text" label="评价内容（选填，不能包含联系方式）">
          <Input.TextArea
            rows={4}
            maxLength={REVIEW_LIMITS.text}
            showCount
            placeholder="说说这次交易的感受"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function ReplyModal({ review, onClose }: { review: Review; onClose: () => void }) {
  const reply = useReplyReview()
  return (
    <TextPromptModal
      open
      title="回复评价"
      okText="回复"
      label="回复内容（只能回复一次）"
      requiredMessage="请填写回复内容"
      maxLength={REVIEW_LIMITS.reply}
      loading={reply.isPending}
      onCancel={onClose}
      onSubmit={(content) =>
        reply.mutate(
          { reviewId: review.reviewId, content },
          {
            onSuccess: () => {
              toast('success', '回复成功')
              onClose()
            },
          },
        )
      }
    >
      <p>
        {starsText(review.stars)} {review.tags.join('、')}
      </p>
      {review.text ? <p style={{ whiteSpace: 'pre-wrap' }}>{review.text}</p> : null}
      <ErrorAlert error={reply.error} style={{ marginBottom: 12 }} />
    </TextPromptModal>
  )
}

/** 评价 / 已评价 for the buyer, 回复 / the stars for the seller. */
export function OrderReview({ order, review }: { order: Order; review: Review | undefined }) {
  const [open, setOpen] = useState(false)
  if (!review) {
    if (!rateable(order)) return null
    return (
      <>
        <div className="order-review">
          <Button size="small" type="primary" ghost onClick={() => setOpen(true)}>
            评价
          </Button>
        </div>
        {open ? <RateModal order={order} onClose={() => setOpen(false)} /> : null}
      </>
    )
  }
  const mine = order.myRole === 'buyer' ? '已评价' : '买家评价'
  return (
    <Space size={4} wrap className="order-review">
      <span title={`${review.stars} 星`} aria-label={`${mine} ${review.stars} 星`}>
        {mine} <span className="review-stars">{starsText(review.stars)}</span>
        {review.hidden ? '（已被隐藏）' : ''}
      </span>
      {order.myRole === 'seller' && review.reply === null ? (
        <>
          <Button size="small" onClick={() => setOpen(true)}>
            回复
          </Button>
          {open ? <ReplyModal review={review} onClose={() => setOpen(false)} /> : null}
        </>
      ) : null}
    </Space>
  )
}
