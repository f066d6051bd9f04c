/**
 * Top-up: amount (元) and channel (those the server takes: 支付宝 and 微信支付 where configured — in
 * demo installs their simulators, docs/payments.md); the server creates the top-up at the provider and
 * answers the provider's page (payUrl), where the user pays, or — in the desktop client — a QR code to scan. `returnTo`
 * (e.g. the order's payment page) is recorded with the top-up: the gateway sends the user back
 * there. In the browser the page replaces ours; the desktop client opens it in the system browser
 * (its window never navigates to the API) and offers to go on here once paid. Used by the balance
 * page and by the order's payment page.
 */
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Form, Input, Radio } from 'antd'
import { TOPUP_CHANNEL_LABELS, type PayChannel } from '@shared/api/funds'
import { DEFAULT_TOPUP_RETURN, returnWithTopup } from '@shared/rules/return-to'
import { useQuery } from '@tanstack/react-query'
import { topupChannelsQuery, useCreateTopup } from '@renderer/api/funds'
import { platform } from '@renderer/platform'
import { fenToYuan, yuanToFen } from '@renderer/utils/money'
import { gatewayHref, topupAmountError, TOPUP_MIN_FEN } from './topup'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { TopupQrDialog } from './TopupQrDialog'

const CHANNEL_LABELS: Record<PayChannel, string> = TOPUP_CHANNEL_LABELS

/** Where the person pays: the desktop client shows a QR code, a phone opens the provider's phone page. */
export function paySceneHere(): 'PC' | 'WAP' | 'QR' {
  if (platform.kind === 'desktop') return 'QR'
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'WAP' : 'PC'
}

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
  const channels = useQuery(topupChannelsQuery())
  const offered = channels.data?.channels ?? []
  // the first channel the server offers is chosen once the list arrives
  const first = offered[0]
  useEffect(() => {
    if (first && !form.getFieldValue('channel')) form.setFieldValue('channel', first)
  }, [first, form])
  /** the QR code the desktop client shows (a provider's) */
  const [qr, setQr] = useState<{ topupNo: string; qrCode: string; channel: PayChannel } | null>(null)
  /** leaving for the gateway: the button stays busy until the page is gone */
  const [leaving, setLeaving] = useState(false)
  /** the top-up whose page the system browser shows (desktop) */
  const [external, setExternal] = useState<string | null>(null)
  const submit = (values: { amount: string; channel: PayChannel }) =>
    topup.mutate(
      {
        amount: yuanToFen(values.amount) as number,
        channel: values.channel,
        scene: paySceneHere(),
        ...(returnTo ? { returnTo } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.qrCode)
            setQr({ topupNo: result.topupNo, qrCode: result.qrCode, channel: values.channel })
          else if (goToGateway(result.payUrl) === 'external') setExternal(result.topupNo)
          else setLeaving(true)
        },
      },
    )
  const goOn = (topupNo: string) => void navigate(returnWithTopup(returnTo ?? DEFAULT_TOPUP_RETURN, topupNo))
  if (qr)
    return (
      <TopupQrDialog
        topupNo={qr.topupNo}
        qrCode={qr.qrCode}
        channelLabel={CHANNEL_LABELS[qr.channel]}
        onPaid={() => goOn(qr.topupNo)}
        onClose={() => setQr(null)}
      />
    )
  if (external)
    return (
      <Alert
        type="info"
        showIcon
        title="已在浏览器中打开支付页面"
        description="请在浏览器中完成支付，然后回到这里继续。"
        action={
          <Button type="primary" size="small" onClick={() => goOn(external)}>
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
        <Radio.Group
          options={offered.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
          aria-label="支付方式"
        />
      </Form.Item>
      <ErrorAlert error={topup.error} fallback="创建充值失败" style={{ marginBottom: 16 }} />
      <Button type="primary" htmlType="submit" loading={topup.isPending || leaving}>
        去充值
      </Button>
    </Form>
  )
}
