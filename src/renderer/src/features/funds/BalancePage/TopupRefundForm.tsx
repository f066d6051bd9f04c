/**
 * 充值原路退回: unspent top-up money back to the 支付宝 / 微信支付 account it came from, once the
 * hold after its payment has passed (docs/trading-rules.md, "Withdrawals"); the oldest top-ups first,
 * through the pay centre's refund (docs/payments.md, "Refunds"). No fee; the provider usually settles
 * it within minutes and the user is told by message.
 */
import { Button, Form, Input } from 'antd'
import type { WithdrawInfo } from '@shared/api/funds'
import { WITHDRAW_FEE_NOTE } from '@shared/rules/withdraw-quote'
import { useRefundTopups } from '@renderer/api/funds'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'

export function TopupRefundForm({ info, onDone }: { info: WithdrawInfo; onDone: () => void }) {
  const [form] = Form.useForm<{ amount: string; payPassword: string }>()
  const refund = useRefundTopups()
  const next = info.heldTopups.find((t) => t.unspent > 0 && t.refundableAt > info.at)
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    refund.mutate(
      { amount: yuanToFen(values.amount) as number, payPassword: values.payPassword },
      {
        onSuccess: (r) => {
          toast('success', `${formatYuan(r?.refunded ?? 0)} 已提交原路退回，到账后将以站内信通知`)
          onDone()
        },
      },
    )
  }
  return (
    <>
      <p className="withdraw-lead">
        现在可原路退回 <strong aria-label="可原路退回">{formatYuan(info.refundableNow)}</strong>
        {info.refundableNow === 0 && next ? `，${formatTradeTime(next.refundableAt)} 起可退回` : null}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label="退回金额（元）"
          rules={[
            {
              validator: (_, value: string) => {
                const fen = yuanToFen(value ?? '')
                if (fen === null || fen <= 0)
                  return Promise.reject(new Error('请输入正确的金额（最多两位小数）'))
                if (fen > info.refundableNow)
                  return Promise.reject(new Error(`现在最多可退回 ${formatYuan(info.refundableNow)}`))
                return Promise.resolve()
              },
            },
          ]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={12} aria-label="退回金额（元）" />
        </Form.Item>
        <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
          <PayPasswordInput />
        </Form.Item>
      </Form>
      <dl className="withdraw-quote" aria-label="退回说明">
        <div>
          <dt>手续费</dt>
          <dd>
            {formatYuan(0)}（{WITHDRAW_FEE_NOTE}）
          </dd>
        </div>
        <div>
          <dt>退回到</dt>
          <dd>原充值的支付宝 / 微信支付账户（先充值的先退）</dd>
        </div>
        <div>
          <dt>预计到账</dt>
          <dd>提交后由支付渠道退款，通常几分钟内到账，结果以站内信通知</dd>
        </div>
      </dl>
      <ErrorAlert error={refund.error} fallback="原路退回失败" />
      <div className="withdraw-actions">
        <Button onClick={onDone}>取消</Button>
        <Button
          type="primary"
          loading={refund.isPending}
          disabled={info.refundableNow <= 0}
          onClick={() => void submit().catch(() => undefined)}
        >
          原路退回
        </Button>
      </div>
    </>
  )
}
