/**
 * Checkout on one screen (docs/screens.md, "Checkout"): the order in short, its 包赔 (and the
 * 额外包赔 box where the seller offers it), the way to pay — 余额 / 支付宝 / 微信支付 — with the payment
 * password where the balance pays, and one pay button in a bar that stays at the bottom of a phone's
 * screen. The rules are the server's (docs/payments.md, "Paying an order"): the balance pays with the
 * payment password; short of balance, a top-up comes back here (or a channel pays the rest, the
 * balance part with the payment password); a locked payment password says until when.
 */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Form, Popconfirm, Radio, Skeleton } from 'antd'
import { orderPayPath } from '@shared/rules/return-to'
import { GOODS_TYPE_LABELS } from '@shared/api/goods'
import type { Order } from '@shared/api/trade'
import { TOPUP_CHANNEL_LABELS, type PayChannel, type Wallet } from '@shared/api/funds'
import { imageSrc, goodsDetailPath } from '@renderer/api/goods'
import { topupChannelsQuery } from '@renderer/api/funds'
import { useOrderStep, usePayOrder, usePayOrderChannel } from '@renderer/api/trade'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { goToGateway, paySceneHere, TopupForm } from '@renderer/components/topup/TopupForm'
import { TopupQrDialog } from '@renderer/components/topup/TopupQrDialog'
import { useNow } from '@renderer/components/use-now'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { CheckoutProtection } from './CheckoutProtection'

type Method = 'BALANCE' | PayChannel

const successPath = (orderNo: string) => `/buyer/paySuccess.html?orderNo=${encodeURIComponent(orderNo)}`

export function Checkout({ order, wallet }: { order: Order; wallet: Wallet }) {
  const navigate = useNavigate()
  const channels = useQuery(topupChannelsQuery())
  const offered = channels.data?.channels ?? []
  const [form] = Form.useForm<{ payPassword?: string; useBalance?: boolean }>()
  const useBalance = Form.useWatch('useBalance', form) ?? false
  const pay = usePayOrder()
  const payChannel = usePayOrderChannel()
  const cancel = useOrderStep()
  const now = useNow(30_000)
  const [picked, setPicked] = useState<Method | null>(null)
  const [qr, setQr] = useState<{ topupNo: string; qrCode: string; channel: PayChannel } | null>(null)

  const shortfall = Math.max(0, order.amount - wallet.available)
  const locked = wallet.payLockedUntil && wallet.payLockedUntil > now ? wallet.payLockedUntil : null
  // the balance when it covers the order (or nothing else is offered), else the first channel
  const method: Method =
    picked ?? (shortfall === 0 || offered.length === 0 ? 'BALANCE' : (offered[0] as PayChannel))
  const byBalance = method === 'BALANCE'
  const canMix = wallet.available > 0 && shortfall > 0 && wallet.hasPayPassword && !locked
  const balancePart = !byBalance && canMix && useBalance ? Math.min(wallet.available, order.amount) : 0
  const balanceReady = wallet.hasPayPassword && shortfall === 0 && !locked
  const pending = pay.isPending || payChannel.isPending
  const goods = order.amount - order.protectionFee

  const submit = (values: { payPassword?: string }) => {
    if (byBalance) {
      pay.mutate(
        { orderNo: order.orderNo, payPassword: values.payPassword ?? '' },
        {
          onSuccess: () => {
            toast('success', '支付成功')
            void navigate(successPath(order.orderNo), { replace: true })
          },
          onError: () => form.setFieldValue('payPassword', ''),
        },
      )
      return
    }
    payChannel.mutate(
      {
        orderNo: order.orderNo,
        channel: method,
        scene: paySceneHere(),
        useBalance: balancePart > 0,
        ...(balancePart > 0 && values.payPassword ? { payPassword: values.payPassword } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.qrCode) setQr({ topupNo: result.topupNo, qrCode: result.qrCode, channel: method })
          else goToGateway(result.payUrl)
        },
        onError: () => form.setFieldValue('payPassword', ''),
      },
    )
  }

  return (
    <div className="checkout">
      <section className="checkout-block checkout-goods" aria-label="订单商品">
        {order.coverUrl ? (
          <img className="checkout-goods__cover" src={imageSrc(order.coverUrl)} alt="" />
        ) : null}
        <div className="checkout-goods__text">
          <Link to={goodsDetailPath(order.goodsId)} className="checkout-goods__title">
            {order.goodsTitle}
          </Link>
          <span className="checkout-goods__meta">
            {order.gameName} · {GOODS_TYPE_LABELS[order.goodsType]} · 卖家 {order.sellerName}
          </span>
          <span className="checkout-goods__meta">
            {formatYuan(order.unitPrice)} × {order.quantity}
            {order.role ? ` · 收货角色 ${order.role.roleName}` : ''}
          </span>
        </div>
      </section>

      <CheckoutProtection order={order} />

      {channels.isPending ? (
        // the ways to pay once the server said which channels it has (no flicker of the default)
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ useBalance: false }}>
          <section className="checkout-block" aria-label="支付方式">
            <h3 className="checkout-block__title">支付方式</h3>
            <Radio.Group
              className="checkout-methods"
              value={method}
              onChange={(e) => {
                setPicked(e.target.value as Method)
                form.setFieldValue('payPassword', '')
              }}
              aria-label="支付方式"
            >
              <Radio value="BALANCE">
                余额支付
                <span className="checkout-methods__hint">
                  可用 <strong aria-label="可用余额">{formatYuan(wallet.available)}</strong>
                </span>
              </Radio>
              {offered.map((c) => (
                <Radio key={c} value={c}>
                  {TOPUP_CHANNEL_LABELS[c]}
                </Radio>
              ))}
            </Radio.Group>

            {byBalance ? (
              !wallet.hasPayPassword ? (
                <Alert
                  type="warning"
                  showIcon
                  title="您还没有设置支付密码"
                  description="余额支付需要支付密码，请先设置。"
                  action={
                    <Link
                      to={`/user/payPass.html?redirect=${encodeURIComponent(orderPayPath(order.orderNo))}`}
                    >
                      <Button type="primary" size="small">
                        设置支付密码
                      </Button>
                    </Link>
                  }
                />
              ) : shortfall > 0 ? (
                <div className="checkout-topup">
                  <Alert
                    type="warning"
                    showIcon
                    title={`余额不足，还差 ${formatYuan(shortfall)}`}
                    description={
                      offered.length > 0
                        ? '可改用支付宝 / 微信支付，或先充值：支付完成后将自动回到本页继续支付。'
                        : '请先充值，支付完成后将自动回到本页继续支付（订单超时前有效）。'
                    }
                  />
                </div>
              ) : locked ? (
                <Alert
                  type="error"
                  showIcon
                  title={`支付密码错误次数过多，支付已锁定至 ${formatTradeTime(locked)}`}
                />
              ) : (
                <Form.Item
                  name="payPassword"
                  label="支付密码"
                  rules={[payPasswordRule]}
                  className="checkout-pin"
                >
                  <PayPasswordInput />
                </Form.Item>
              )
            ) : canMix ? (
              <>
                <Form.Item name="useBalance" valuePropName="checked" className="checkout-mix">
                  <Checkbox>使用余额抵扣 {formatYuan(Math.min(wallet.available, order.amount))}</Checkbox>
                </Form.Item>
                {balancePart > 0 ? (
                  <Form.Item
                    name="payPassword"
                    label="支付密码（余额抵扣部分）"
                    rules={[payPasswordRule]}
                    className="checkout-pin"
                  >
                    <PayPasswordInput />
                  </Form.Item>
                ) : null}
              </>
            ) : null}
            {byBalance && wallet.hasPayPassword ? (
              <Link to="/user/payPass.html" className="checkout-forgot">
                忘记或修改支付密码
              </Link>
            ) : null}
          </section>

          <ErrorAlert
            error={byBalance ? pay.error : payChannel.error}
            fallback={byBalance ? '支付失败' : '发起支付失败'}
            style={{ marginBottom: 12 }}
          />

          <div className="checkout-bar">
            <div className="checkout-bar__sum">
              <span>
                应付 <strong className="order-amount">{formatYuan(order.amount)}</strong>
              </span>
              {order.protectionFee > 0 ? (
                <span className="checkout-bar__parts">
                  商品 {formatYuan(goods)} + 额外包赔 {formatYuan(order.protectionFee)}
                </span>
              ) : null}
            </div>
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              className="checkout-bar__pay"
              loading={pending}
              disabled={byBalance && !balanceReady}
            >
              {byBalance
                ? `确认支付 ${formatYuan(order.amount)}`
                : `${TOPUP_CHANNEL_LABELS[method]}支付 ${formatYuan(order.amount - balancePart)}`}
            </Button>
          </div>
        </Form>
      )}

      {!channels.isPending && byBalance && wallet.hasPayPassword && shortfall > 0 ? (
        <section className="checkout-block" aria-label="充值">
          <TopupForm defaultFen={shortfall} returnTo={orderPayPath(order.orderNo)} />
        </section>
      ) : null}

      {order.actions.includes('cancel') ? (
        <div className="checkout-cancel">
          <Popconfirm
            title="确定取消该订单吗？"
            okText="确定"
            cancelText="再想想"
            onConfirm={() =>
              cancel
                .mutateAsync(
                  { step: 'cancel', orderNo: order.orderNo },
                  { onSuccess: () => toast('success', '订单已取消') },
                )
                .catch(() => undefined)
            }
          >
            <Button type="link" size="small" loading={cancel.isPending}>
              取消订单
            </Button>
          </Popconfirm>
        </div>
      ) : null}

      {qr ? (
        <TopupQrDialog
          topupNo={qr.topupNo}
          qrCode={qr.qrCode}
          channelLabel={TOPUP_CHANNEL_LABELS[qr.channel]}
          onPaid={() => void navigate(successPath(order.orderNo))}
          onClose={() => setQr(null)}
        />
      ) : null}
    </div>
  )
}
