/** 改价: a new price in 元 for one listing; the server's refusal is shown in the dialog. */
import { Form, Input, Modal } from 'antd'
import type { GoodsBrief } from '@shared/api/goods'
import { useUpdatePrice } from '@renderer/api/seller'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { fenToYuan, formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { checkPrice } from '../publish-form'
import { validated } from '@renderer/utils/form'

export function PriceModal({
  goods,
  onClose,
  onSaved,
}: {
  goods: GoodsBrief
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<{ price: string }>()
  const updatePrice = useUpdatePrice()
  const save = async () => {
    const values = await validated(form)
    if (!values) return
    const { price } = values
    const fen = yuanToFen(price) as number
    updatePrice.mutate(
      { goodsId: goods.goodsId, price: fen },
      {
        onSuccess: () => {
          toast('success', `价格已改为 ${formatYuan(fen)}`)
          onSaved()
        },
      },
    )
  }
  return (
    <Modal
      open
      title="修改价格"
      okText="保存"
      cancelText="取消"
      confirmLoading={updatePrice.isPending}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="modal-goods-title">{goods.title}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ price: fenToYuan(goods.price) }}
        onFinish={() => void save().catch(() => undefined)}
      >
        <Form.Item
          name="price"
          label={`新价格（元），当前 ${formatYuan(goods.price)}`}
          rules={[
            {
              validator: (_, value: string) => {
                const message = checkPrice(value)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input
            prefix="¥"
            suffix="元"
            inputMode="decimal"
            maxLength={14}
            aria-label="新价格（元）"
            autoFocus
          />
        </Form.Item>
      </Form>
      <ErrorAlert error={updatePrice.error} fallback="改价失败" />
    </Modal>
  )
}
