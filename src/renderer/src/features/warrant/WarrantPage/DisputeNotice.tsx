import { Alert } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { RULING_DECISION_LABELS } from '@shared/api/warrant'
import { orderDisputeQuery } from '@renderer/api/warrant'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { ContactSupportButton } from '@renderer/components/customer-service/ContactSupportButton'

/** The dispute of the room's order: why it was opened, and once ruled, the outcome in money and the reason. */
export function DisputeNotice({ orderNo, status }: { orderNo: string; status: string }) {
  const dispute = useQuery(orderDisputeQuery(orderNo, status))
  const d = dispute.data
  if (!d) return null
  const opener = d.openedBy === 'buyer' ? '买家' : d.openedBy === 'seller' ? '卖家' : ''
  if (!d.ruling)
    return (
      <Alert
        className="warrant-dispute"
        type="warning"
        showIcon
        title={`仲裁中：${opener ? `${opener}于 ` : ''}${formatTradeTime(d.openedAt)} 发起`}
        description={`仲裁原因：${d.reason}`}
        action={<ContactSupportButton size="small" about={{ disputeId: d.disputeId }} />}
      />
    )
  const r = d.ruling
  return (
    <Alert
      className="warrant-dispute"
      type="info"
      showIcon
      title={`仲裁结果：${RULING_DECISION_LABELS[r.decision]}`}
      description={
        <>
          <div className="warrant-rule__money">
            买家退回 {formatYuan(r.refundAmount)}，卖家结算 {formatYuan(r.settleAmount)}
          </div>
          <div>裁决理由：{r.reason}</div>
          <div className="warrant-room__meta">
            {formatTradeTime(r.ruledAt)} 由平台客服裁定 · 仲裁原因：{d.reason}
          </div>
        </>
      }
    />
  )
}
