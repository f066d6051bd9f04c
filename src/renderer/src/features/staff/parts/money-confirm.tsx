/**
 * The second confirmation of every staff action that moves money (ruling, 包赔 payout, withdrawal
 * approval; docs/console.md, "Money actions ask twice"): a dialog that says who gets what, in
 * money, before anything is sent. `onOk` runs only from its confirm button.
 */
import type { ReactNode } from 'react'
import { withFeedback } from '@renderer/app/feedback'
import { formatYuan } from '@renderer/utils/money'

/** One party's line of the summary: 买家 小王 · 退回 ¥250.00 */
export interface MoneyLine {
  /** the party (买家 小王, 卖家 老李, 收款账户 6222…) */
  who: string
  /** what happens to them (退回, 结算, 获赔, 打款) */
  what: string
  /** fen */
  amount: number
}

export function MoneySummary({ lines, note }: { lines: MoneyLine[]; note?: ReactNode }) {
  return (
    <div className="money-confirm" data-testid="money-confirm">
      <ul>
        {lines.map((l) => (
          <li key={`${l.who}-${l.what}`}>
            {l.who} · {l.what} <strong>{formatYuan(l.amount)}</strong>
          </li>
        ))}
      </ul>
      {note ? <p>{note}</p> : null}
      <p>此操作会立即变动资金，且不能撤回。</p>
    </div>
  )
}

/** Asks “who gets what” once more; `onOk` (the real action) runs only when staff confirm. */
export function confirmMoney({
  title,
  lines,
  note,
  okText = '确认',
  onOk,
}: {
  title: string
  lines: MoneyLine[]
  note?: ReactNode
  okText?: string
  onOk: () => void
}): void {
  withFeedback(({ modal }) =>
    modal.confirm({
      title,
      content: <MoneySummary lines={lines} note={note} />,
      okText,
      cancelText: '取消',
      width: 480,
      onOk,
    }),
  )
}
