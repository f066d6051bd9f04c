/**
 * 支付宝 / 微信支付 on an order's payment page (docs/payments.md, "Paying an order"): the whole amount
 * through the channel, or the balance first and the rest through it (the balance part asks for the
 * payment password). The browser goes to the provider's page and comes back here; the desktop client
 * shows the provider's QR code and goes on once it is paid. Shown where the server has providers.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Checkbox, Form, Radio } from 'antd'
import type { Order } from '@shared/api/trade'
import { TOPUP_CHANNEL_LABELS, type PayChannel, type Wallet } from '@shared/api/funds'
import { topupChannelsQuery } from '@renderer/api/funds'
import { usePayOrderChannel } from '@renderer/api/trade'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { goToGateway, paySceneHere } from '@renderer/components/topup/TopupForm'
import { TopupQrDialog } from '@renderer/components/topup/TopupQrDialog'
import { formatYuan } from '@renderer/utils/money'

const LABELS: Record<PayChannel, string> = TOPUP_CHANNEL_LABELS
type Channel = PayChannel

export function ChannelPay({ order, wallet }: { order: Order; wallet: Wallet }) {
  const navigate = useNavigate()
  const channels = useQuery(topupChannelsQuery())
  const offered = channels.data?.channels ?? []
  const [form] = Form.useForm<{ channel: Channel; useBalance: boolean; payPassword?: string }>()
  const useBalance = Form.useWatch('useBalance', form) ?? false
  const channel = Form.useWatch('channel', form) ?? offered[0]
  const pay = usePayOrderChannel()
  const [qr, setQr] = useState<{ topupNo: string; qrCode: string; channel: Channel } | null>(null)
  if (offered.length === 0) return null
  const balancePart = useBalance && wallet.hasPayPassword ? Math.min(wallet.available, order.amount) : 0
  const canMix = wallet.available > 0 && wallet.available < order.amount && wallet.hasPayPassword
  const submit = (values: { channel: Channel; useBalance?: boolean; payPassword?: string }) =>
    pay.mutate(
      {
        orderNo: order.orderNo,
        channel: values.channel,
        scene: paySceneHere(),
        useBalance: Boolean(values.useBalance),
        ...(values.useBalance && values.payPassword ? { payPassword: values.payPassword } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.qrCode)
            setQr({ topupNo: result.topupNo, qrCode: result.qrCode, channel: values.channel })
          else goToGateway(result.payUrl)
        },
        onError: () => form.setFieldValue('payPassword', ''),
      },
    )
  return (
    <div className="channel-pay">
      <h3>其他支付方式</h3>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ channel: offered[0], useBalance: false }}
      >
        <Form.Item name="channel" label="支付方式">
          <Radio.Group
            options={offered.map((value) => ({ value, label: LABELS[value] }))}
            aria-label="其他支付方式"
          />
        </Form.Item>
        {canMix ? (
          <Form.Item name="useBalance" valuePropName="checked">
            <Checkbox>使用余额抵扣 {formatYuan(Math.min(wallet.available, order.amount))}</Checkbox>
          </Form.Item>
        ) : null}
        {balancePart > 0 ? (
          <Form.Item name="payPassword" label="支付密码（余额抵扣部分）" rules={[payPasswordRule]}>
            <PayPasswordInput />
          </Form.Item>
        ) : null}
        <ErrorAlert error={pay.error} fallback="发起支付失败" style={{ marginBottom: 16 }} />
        <Button htmlType="submit" size="large" block loading={pay.isPending}>
          {LABELS[channel ?? offered[0]]}支付 {formatYuan(order.amount - balancePart)}
        </Button>
      </Form>
      {qr ? (
        <TopupQrDialog
          topupNo={qr.topupNo}
          qrCode={qr.qrCode}
          channelLabel={LABELS[qr.channel]}
          onPaid={() => void navigate(`/buyer/paySuccess.html?orderNo=${encodeURIComponent(order.orderNo)}`)}
          onClose={() => setQr(null)}
        />
      ) : null}
    </div>
  )
}
