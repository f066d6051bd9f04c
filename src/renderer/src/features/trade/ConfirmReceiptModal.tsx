/**
 * 确认收货 asks for the payment password: confirming releases the escrow toward the seller (after the
 * protection period), so it is guarded like paying (docs/trading-rules.md, "Confirming receipt").
 * A refusal (a wrong password, how many tries are left) shows under the field.
 */
import { Alert, Form, Modal } from 'antd'
import { TRADE_RULES, protectionNote, type Order } from '@shared/api/trade'
import { useConfirmOrder } from '@renderer/api/trade'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { validated } from '@renderer/utils/form'

export function ConfirmReceiptModal({
  order,
  open,
  onClose,
  onConfirmed,
}: {
  order: Pick<Order, 'orderNo' | 'goodsTitle' | 'amount' | 'protectionDays'>
  open: boolean
  onClose: () => void
  /** after the confirmation (the orders on screen refresh by themselves) */
  onConfirmed?: () => void
}) {
  const [form] = Form.useForm<{ payPassword: string }>()
  const confirm = useConfirmOrder()
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const { payPassword } = values
    confirm.mutate(
      { orderNo: order.orderNo, payPassword },
      {
        onSuccess: () => {
          toast('success', '已确认收货')
          onConfirmed?.()
          onClose()
        },
        onError: (err) =>
          form.setFields([{ name: 'payPassword', errors: [apiErrorText(err, '确认收货失败')], value: '' }]),
      },
    )
  }
  return (
    <Modal
      title="确认收货"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="确认收货"
      confirmLoading={confirm.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="请先登录游戏核对账号、修改密码并完成换绑，确认无误后再确认收货。"
        description={`确认后订单完成，${formatYuan(order.amount)} ${protectionNote(order.protectionDays ?? TRADE_RULES.defaultProtectionDays)}。`}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
          <PayPasswordInput autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
