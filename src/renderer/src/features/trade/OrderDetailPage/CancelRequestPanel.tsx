/**
 * Cancellation on request on the order page (docs/trading-rules.md, "Before delivery"): the buyer of a
 * paid, undelivered order asks with a reason; the seller agrees (full refund) or refuses with a reason.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Input, Modal, Popconfirm, Space } from 'antd'
import type { Order } from '@shared/api/trade'
import { cancelRequestQuery, useAnswerCancel, useRequestCancel } from '@renderer/api/trade'
import { formatTradeTime } from '@renderer/utils/time'

function ReasonDialog({
  title,
  label,
  loading,
  onOk,
  onClose,
}: {
  title: string
  label: string
  loading: boolean
  onOk: (reason: string) => void
  onClose: () => void
}) {
  const [reason, setReason] = useState('')
  return (
    <Modal
      open
      title={title}
      okText="提交"
      cancelText="取消"
      confirmLoading={loading}
      okButtonProps={{ disabled: reason.trim() === '' }}
      onOk={() => onOk(reason.trim())}
      onCancel={onClose}
    >
      <Input.TextArea
        aria-label={label}
        placeholder={label}
        maxLength={200}
        showCount
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  )
}

export function CancelRequestPanel({ order }: { order: Order }) {
  const open = order.status === 'PAID' || order.status === 'DELIVERING'
  const request = useQuery({ ...cancelRequestQuery(order.orderNo), enabled: open })
  const ask = useRequestCancel()
  const answer = useAnswerCancel()
  const [dialog, setDialog] = useState<'request' | 'refuse' | null>(null)
  if (!open || request.isPending) return null
  const r = request.data ?? null
  const pending = r?.status === 'PENDING'
  const close = () => setDialog(null)
  return (
    <div className="order-cancel-request">
      {pending ? (
        <Alert
          type={r.overdue ? 'error' : 'warning'}
          showIcon
          title={order.myRole === 'seller' ? '买家申请取消订单' : '已申请取消，等待卖家答复'}
          description={`原因：${r.reason}。卖家应在 ${formatTradeTime(r.answerBy)} 前答复${r.overdue ? '（已超时，将自动转平台客服处理）' : ''}。`}
          action={
            order.myRole === 'seller' ? (
              <Space>
                <Popconfirm
                  title="同意后订单取消，货款全额退回买家，确定吗？"
                  okText="同意"
                  cancelText="再想想"
                  onConfirm={() => answer.mutate({ orderNo: order.orderNo, agree: true })}
                >
                  <Button size="small" type="primary" loading={answer.isPending}>
                    同意取消
                  </Button>
                </Popconfirm>
                <Button size="small" onClick={() => setDialog('refuse')}>
                  拒绝
                </Button>
              </Space>
            ) : null
          }
        />
      ) : r?.status === 'REFUSED' && order.myRole === 'buyer' ? (
        <Alert type="info" showIcon title="卖家拒绝了取消申请" description={`原因：${r.refusal ?? ''}`} />
      ) : null}
      {order.myRole === 'buyer' && !pending ? (
        <Button onClick={() => setDialog('request')}>申请取消</Button>
      ) : null}
      {dialog === 'request' ? (
        <ReasonDialog
          title="申请取消订单"
          label="取消原因（卖家可见）"
          loading={ask.isPending}
          onClose={close}
          onOk={(reason) => ask.mutate({ orderNo: order.orderNo, reason }, { onSuccess: close })}
        />
      ) : null}
      {dialog === 'refuse' ? (
        <ReasonDialog
          title="拒绝取消"
          label="拒绝原因（买家可见）"
          loading={answer.isPending}
          onClose={close}
          onOk={(reason) =>
            answer.mutate({ orderNo: order.orderNo, agree: false, reason }, { onSuccess: close })
          }
        />
      ) : null}
    </div>
  )
}
