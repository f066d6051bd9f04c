/**
 * Why a part of the balance cannot be withdrawn to an account yet, and when it can go back: unspent
 * top-up money leaves only the way it came, after the 参数设置 hold (docs/trading-rules.md,
 * "Withdrawals").
 */
import { Alert } from 'antd'
import type { WithdrawInfo } from '@shared/api/funds'
import { heldTopupNote } from '@shared/rules/withdraw-quote'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'

const CHANNEL: Record<string, string> = { alipay: '支付宝', wechat: '微信支付', sandbox: '沙箱支付' }

export function HeldTopups({ info }: { info: WithdrawInfo }) {
  const held = info.heldTopups.reduce((sum, t) => sum + t.unspent, 0)
  if (held === 0) return null
  return (
    <Alert
      type="info"
      showIcon
      className="held-topups"
      title={heldTopupNote(held)}
      description={
        <ul aria-label="未消费的充值">
          {info.heldTopups.map((t) => (
            <li key={t.topupNo}>
              {formatTradeTime(t.paidAt)} 充值（{CHANNEL[t.channel] ?? t.channel}）未消费{' '}
              {formatYuan(t.unspent)}：
              {t.refundableAt <= info.at
                ? '现在可原路退回'
                : `${formatTradeTime(t.refundableAt)} 起可原路退回（充值满 ${info.holdHours} 小时）`}
            </li>
          ))}
        </ul>
      }
    />
  )
}
