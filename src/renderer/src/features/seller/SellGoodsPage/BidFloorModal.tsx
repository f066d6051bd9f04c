/**
 * 最低出价: the seller's minimum bid on one listing (docs/trading-rules.md, "Bids"). Empty: the
 * platform's default, a percentage of the price set in 参数设置. Bids below it are refused.
 */
import { Form, Input, Modal, Spin } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { GoodsBrief } from '@shared/api/goods'
import { bidFloorOf } from '@shared/api/bid'
import { bidTermsQuery, useSetBidFloor } from '@renderer/api/bid'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { fenToYuan, formatYuan, yuanToFen } from '@renderer/utils/money'
import { validated } from '@renderer/utils/form'
import { toast } from '@renderer/utils/toast'

export function BidFloorModal({ goods, onClose }: { goods: GoodsBrief; onClose: () => void }) {
  const [form] = Form.useForm<{ minPrice: string }>()
  const terms = useQuery(bidTermsQuery(goods.goodsId))
  const save = useSetBidFloor()
  const t = terms.data
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const text = values.minPrice?.trim() ?? ''
    const minPrice = text ? (yuanToFen(text) as number) : undefined
    save.mutate(
      { goodsId: goods.goodsId, ...(minPrice !== undefined ? { minPrice } : {}) },
      {
        onSuccess: (next) => {
          toast('success', `最低出价为 ${formatYuan(next.minPrice)}`)
          onClose()
        },
      },
    )
  }
  return (
    <Modal
      open
      title="最低出价"
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !t }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="modal-goods-title">{goods.title}</p>
      <ErrorAlert error={terms.error} fallback="出价设置加载失败" onRetry={() => void terms.refetch()} />
      {!t ? (
        terms.isPending ? (
          <Spin />
        ) : null
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ minPrice: t.sellerSet ? fenToYuan(t.minPrice) : '' }}
          onFinish={() => void submit()}
        >
          <Form.Item
            name="minPrice"
            label="最低出价（元）"
            extra={`留空则为平台默认：售价的 ${t.floorPercent}%（当前 ${formatYuan(
              bidFloorOf(goods.price, undefined, t.floorPercent),
            )}）。低于最低出价的出价不会被接受。`}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  if (!value?.trim()) return Promise.resolve()
                  const fen = yuanToFen(value)
                  if (fen === null || fen < 1)
                    return Promise.reject(new Error('请输入正确的金额（最多两位小数）'))
                  if (fen >= goods.price)
                    return Promise.reject(new Error(`最低出价须低于售价 ${formatYuan(goods.price)}`))
                  return Promise.resolve()
                },
              },
            ]}
          >
            <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={14} aria-label="最低出价（元）" />
          </Form.Item>
        </Form>
      )}
      <ErrorAlert error={save.error} fallback="保存失败" />
    </Modal>
  )
}
