/**
 * 确认收货 asks for the payment password: confirming releases the escrow toward the seller (after the
 * protection period), so it is guarded like paying (docs/trading-rules.md, "Confirming receipt").
 */
import { Alert, Form, Modal } from 'antd'
import { useState } from 'react'
import { TRADE_RULES, protectionNote, type Order } from '@shared/api/trade'
import { confirmOrder } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { PayPasswordInput, payPasswordRule } from './PayPage'
import { encryptPayPassword } from './pay-password'

export function ConfirmReceiptModal({
  order,
  open,
  onClose,
  onConfirmed,
}: {
  order: Pick<Order, 'orderNo' | 'goodsTitle' | 'amount' | 'protectionDays'>
  open: boolean
  onClose: () => void
  onConfirmed: () => void
}) {
  const [form] = Form.useForm<{ payPassword: string }>()
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const { payPassword } = await form.validateFields()
    setBusy(true)
    try {
      await confirmOrder(order.orderNo, await encryptPayPassword(payPassword))
      toast('success', '已确认收货')
      onConfirmed()
      onClose()
    } catch (err) {
      form.setFields([{ name: 'payPassword', errors: [apiErrorText(err, '确认收货失败')], value: '' }])
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      title="确认收货"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认收货"
      confirmLoading={busy}
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
