/**
 * Top-up: amount (元) and channel; the server creates the top-up at the gateway and answers the
 * gateway's page (payUrl), where the user pays — the built-in sandbox plays the provider. `returnTo`
 * (e.g. the order's payment page) is recorded with the top-up: the gateway sends the user back
 * there. In the browser the page replaces ours; the desktop client opens it in the system browser
 * (its window never navigates to the API) and offers to go on here once paid.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Form, Input, Radio } from 'antd'
import type { PayChannel } from '@shared/api/trade'
import { DEFAULT_TOPUP_RETURN, returnWithTopup } from '@shared/rules/return-to'
import { createTopup } from '@renderer/api/funds'
import { platform } from '@renderer/platform'
import { apiErrorText } from '@renderer/utils/api-error'
import { fenToYuan, yuanToFen } from '@renderer/utils/money'

/** the server's limits of one top-up (FUNDS_LIMITS): ¥1.00 to ¥50,000.00 */
export const TOPUP_MIN_FEN = 100
export const TOPUP_MAX_FEN = 5_000_000

/** '' when the 元 text is a top-up amount, else the message. */
export function topupAmountError(text: string | undefined): string {
  const fen = yuanToFen(text ?? '')
  if (fen === null) return '请输入正确的金额（最多两位小数）'
  if (fen <= 0) return '充值金额必须大于 0'
  if (fen < TOPUP_MIN_FEN) return `单笔充值不能少于 ${fenToYuan(TOPUP_MIN_FEN)} 元`
  if (fen > TOPUP_MAX_FEN) return `单笔充值不能超过 ${fenToYuan(TOPUP_MAX_FEN, { grouping: true })} 元`
  return ''
}

const CHANNELS: Array<{ value: PayChannel; label: string; disabled?: boolean }> = [
  { value: 'sandbox', label: '沙箱支付（测试）' },
  { value: 'alipay', label: '支付宝（即将开通）', disabled: true },
  { value: 'wechat', label: '微信支付（即将开通）', disabled: true },
]

/**
 * Goes to the gateway's page: a full navigation in the browser (the gateway is not part of this
 * app); the system browser on the desktop. Answers whether the page was opened elsewhere.
 */
export function goToGateway(payUrl: string): 'navigated' | 'external' {
  const href = gatewayHref(payUrl, platform.apiBaseUrl())
  if (platform.kind === 'desktop') {
    platform.openExternal(href)
    return 'external'
  }
  window.location.assign(href)
  return 'navigated'
}

/** A gateway page the server names by path (/api/pay/…) lives on the API's origin. */
export function gatewayHref(payUrl: string, apiBaseUrl: string): string {
  if (!payUrl.startsWith('/') || payUrl.startsWith('//')) return payUrl
  const match = /^(https?:\/\/[^/]+)/i.exec(apiBaseUrl)
  return match ? `${match[1]}${payUrl}` : payUrl
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
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState('')
  /** the top-up whose page the system browser shows (desktop) */
  const [external, setExternal] = useState<string | null>(null)
  const submit = async (values: { amount: string; channel: PayChannel }) => {
    setSubmitting(true)
    setError('')
    try {
      const result = await createTopup({
        amount: yuanToFen(values.amount) as number,
        channel: values.channel,
        ...(returnTo ? { returnTo } : {}),
      })
      if (goToGateway(result.payUrl) === 'external') {
        setExternal(result.topupNo)
        setSubmitting(false)
      }
    } catch (err) {
      setError(apiErrorText(err, '创建充值失败'))
      setSubmitting(false)
    }
  }
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
      onFinish={(values) => void submit(values)}
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
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={submitting}>
        去充值
      </Button>
    </Form>
  )
}
