/**
 * Top-up: amount (元) and channel; the server creates the top-up at the gateway and answers the
 * gateway's page (payUrl), where the user pays — the built-in sandbox plays the provider. `returnTo`
 * (e.g. the order's payment page) is recorded with the top-up: the gateway sends the user back
 * there. In the browser the page replaces ours; the desktop client opens it in the system browser
 * (its window never navigates to the API) and offers to go on here once paid. Used by the balance
 * page and by the order's payment page.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Form, Input, Radio } from 'antd'
import type { PayChannel } from '@shared/api/funds'
import { DEFAULT_TOPUP_RETURN, returnWithTopup } from '@shared/rules/return-to'
import { useCreateTopup } from '@renderer/api/funds'
import { platform } from '@renderer/platform'
import { fenToYuan, yuanToFen } from '@renderer/utils/money'
import { gatewayHref, topupAmountError, TOPUP_MIN_FEN } from './topup'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const CHANNELS: Array<{ value: PayChannel; label: string; disabled?: boolean }> = [
  { value: 'sandbox', label: '沙箱支付（测试）' },
  { value: 'alipay', label: '支付宝（即将开通）', disabled: true },
  { value: 'wechat', label: '微信支付（即将开通）', disabled: true },
]

/**
 * Goes to the gateway's page: a full navigation in the browser (the gateway is not part of this
 * app); the system browser on the desktop. Answers whether the page was opened elsewhere.
 */
function goToGateway(payUrl: string): 'navigated' | 'external' {
  const href = gatewayHref(payUrl, platform.apiBaseUrl())
  if (platform.kind === 'desktop') {
    platform.openExternal(href)
    return 'external'
  }
  window.location.assign(href)
  return 'navigated'
}

export function TopupForm({
  defaultFen,
  returnTo,
}: {
  defaultFen?: number
  /** the app page the gateway returns to (a same-site path, e.g. /buyer/pay.html?orderNo=…) */
  returnTo?: string
}) {
  const navigate = useNavigate()
  const [form] = Form.useForm<{ amount: string; channel: PayChannel }>()
  const topup = useCreateTopup()
  /** leaving for the gateway: the button stays busy until the page is gone */
  const [leaving, setLeaving] = useState(false)
  /** the top-up whose page the system browser shows (desktop) */
  const [external, setExternal] = useState<string | null>(null)
  const submit = (values: { amount: string; channel: PayChannel }) =>
    topup.mutate(
      {
        amount: yuanToFen(values.amount) as number,
        channel: values.channel,
        ...(returnTo ? { returnTo } : {}),
      },
      {
        onSuccess: (result) => {
          if (goToGateway(result.payUrl) === 'external') setExternal(result.topupNo)
          else setLeaving(true)
        },
      },
    )
  if (external)
    return (
      <Alert
        type="info"
        showIcon
        title="已在浏览器中打开支付页面"
        description="请在浏览器中完成支付，然后回到这里继续。"
        action={
          <Button
            type="primary"
            size="small"
            onClick={() => void navigate(returnWithTopup(returnTo ?? DEFAULT_TOPUP_RETURN, external))}
          >
            我已完成支付
          </Button>
        }
      />
    )
  return (
    <Form
      form={form}
      layout="vertical"
      className="topup-form"
      initialValues={{
        // at least the gateway's minimum (a shortfall of a few fen still tops up ¥1.00)
        amount: defaultFen ? fenToYuan(Math.max(defaultFen, TOPUP_MIN_FEN)) : '',
        channel: 'sandbox',
      }}
      onFinish={submit}
    >
      <Form.Item
        name="amount"
        label="充值金额（元）"
        rules={[
          {
            validator: (_, value: string) => {
              const message = topupAmountError(value)
              return message ? Promise.reject(new Error(message)) : Promise.resolve()
            },
          },
        ]}
      >
        <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={12} aria-label="充值金额（元）" />
      </Form.Item>
      <Form.Item name="channel" label="支付方式">
        <Radio.Group options={CHANNELS} aria-label="支付方式" />
      </Form.Item>
      <ErrorAlert error={topup.error} fallback="创建充值失败" style={{ marginBottom: 16 }} />
      <Button type="primary" htmlType="submit" loading={topup.isPending || leaving}>
        去充值
      </Button>
    </Form>
  )
}
