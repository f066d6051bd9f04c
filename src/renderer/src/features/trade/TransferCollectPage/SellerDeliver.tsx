/** The seller's side of the transfer page: fill the game's transfer form, review, submit; correct later. */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert, Button, Form, Skeleton } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { Order } from '@shared/api/trade'
import { normaliseTransferValue } from '@shared/rules/transfer'
import { deliveryFormQuery, useDeliver } from '@renderer/api/trade'
import { TransferFieldInput, transferFieldRule } from '@renderer/components/TransferFieldInput'
import { toast } from '@renderer/utils/toast'
import { ReviewHandOver } from './ReviewHandOver'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export function SellerDeliver({ order }: { order: Order }) {
  const canDeliver = order.actions.includes('deliver') || order.actions.includes('correctDelivery')
  const form = useQuery({ ...deliveryFormQuery(order.orderNo), enabled: canDeliver })
  const deliver = useDeliver()
  const [antForm] = Form.useForm<Record<string, string>>()
  const [review, setReview] = useState<Record<string, string> | null>(null)
  const [editing, setEditing] = useState(false)

  if (!canDeliver) {
    return (
      <Alert
        type="info"
        showIcon
        title={order.status === 'PAID' ? '请先在订单中点击「开始发货」' : '该订单当前无需填写交付信息'}
        action={
          <Link to="/seller/sellOrder.html">
            <Button size="small">返回订单</Button>
          </Link>
        }
      />
    )
  }
  if (form.error) return <ErrorAlert error={form.error} fallback="交付表单加载失败" />
  if (!form.data) return <Skeleton active />
  const fields = Array.isArray(form.data.fields) ? form.data.fields : []
  const correcting = form.data.correcting === true
  const values = form.data.values ?? {}

  if (correcting && !editing && !review) {
    return (
      <Alert
        type="success"
        showIcon
        title={
          order.autoDelivered ? '平台已按发货账号自动交付，等待买家确认收货' : '已交付，等待买家确认收货'
        }
        description={
          order.deliveryCorrections > 0 ? `交付信息已修改 ${order.deliveryCorrections} 次。` : undefined
        }
        action={
          <Button
            size="small"
            onClick={() => {
              deliver.reset()
              setEditing(true)
            }}
          >
            修改交付信息
          </Button>
        }
      />
    )
  }

  const submit = (handOver: Record<string, string>) =>
    deliver.mutate(
      { orderNo: order.orderNo, fields: handOver, correcting },
      {
        onSuccess: () => {
          toast('success', correcting ? '交付信息已修改，已通知买家' : '已提交交付信息，等待买家确认收货')
          setReview(null)
          setEditing(false)
        },
        onError: () => setReview(null),
      },
    )

  if (review) {
    return (
      <ReviewHandOver
        fields={fields}
        values={review}
        correcting={correcting}
        saving={deliver.isPending}
        onBack={() => setReview(null)}
        onSubmit={() => submit(review)}
      />
    )
  }

  const prefilled = Object.values(values).some((v) => v)
  const toReview = (raw: Record<string, string>) => {
    const handOver: Record<string, string> = {}
    for (const field of fields) {
      const value = normaliseTransferValue(field, raw[field.key] ?? '')
      if (value) handOver[field.key] = value
    }
    deliver.reset()
    setReview(handOver)
  }
  return (
    <>
      {correcting ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改交付信息"
          description="只在交付信息有误或需要更新时修改；买家会收到通知并重新计时确认收货。"
        />
      ) : prefilled ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="已使用该商品的发货账号预填"
          description="请核对预填的信息，如有变动直接修改后提交。"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="请如实填写账号转移信息"
          description="信息只对本订单买家可见，平台记录每次查看；请勿在聊天中发送账号密码。"
        />
      )}
      <Form
        form={antForm}
        layout="vertical"
        initialValues={values}
        onFinish={(raw: Record<string, string>) => toReview(raw)}
        aria-label="账号转移信息"
      >
        {fields.map((field) => (
          <Form.Item key={field.key} name={field.key} label={field.label} rules={[transferFieldRule(field)]}>
            <TransferFieldInput field={field} />
          </Form.Item>
        ))}
        <ErrorAlert error={deliver.error} fallback="提交失败" style={{ marginBottom: 16 }} />
        <div className="trade-footer">
          {correcting ? <Button onClick={() => setEditing(false)}>取消修改</Button> : null}
          <Button type="primary" htmlType="submit">
            下一步：核对信息
          </Button>
        </div>
      </Form>
    </>
  )
}
