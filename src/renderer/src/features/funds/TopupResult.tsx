/**
 * The result of a top-up, back from the gateway with `?topupNo=`: polls the top-up until the
 * gateway's notification has been applied (PAID / FAILED), then says so; `onPaid` lets the page
 * reload the wallet. Used by the balance page and by the order's payment page.
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Spin } from 'antd'
import type { Topup } from '@shared/api/trade'
import { getTopup } from '@renderer/api/funds'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { useQuery } from '@renderer/utils/use-query'

const TOPUP_POLL_MS = 1500
const TOPUP_POLL_MAX = 40

export function TopupResult({ topupNo, onPaid }: { topupNo: string; onPaid: () => void }) {
  const [round, setRound] = useState(0)
  const topup = useQuery(['topup', topupNo, round], () => getTopup(topupNo))
  const status: Topup['status'] | undefined = topup.data?.status
  const pending = !topup.error && (status === undefined || status === 'PENDING') && round < TOPUP_POLL_MAX
  useEffect(() => {
    if (!pending || topup.loading) return
    const timer = window.setTimeout(() => setRound((r) => r + 1), TOPUP_POLL_MS)
    return () => window.clearTimeout(timer)
  }, [pending, topup.loading, round])
  useEffect(() => {
    if (status === 'PAID') onPaid()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status])
  if (topup.error)
    return <Alert type="error" showIcon title={apiErrorText(topup.error, '充值结果查询失败')} />
  if (status === 'PAID')
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={`充值成功：${formatYuan(topup.data?.amount)} 已到账`}
        description={`充值单号 ${topupNo}`}
      />
    )
  if (status === 'FAILED' || status === 'CLOSED')
    return (
      <Alert
        type="error"
        showIcon
        role="status"
        title="充值未成功"
        description={`充值单号 ${topupNo}，未扣款或款项将原路退回。`}
      />
    )
  if (!pending)
    return (
      <Alert
        type="warning"
        showIcon
        title="暂未收到支付结果"
        description="如已付款，到账可能稍有延迟，请稍后刷新。"
        action={
          <Button size="small" onClick={() => setRound(0)}>
            再查一次
          </Button>
        }
      />
    )
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      title={
        <>
          <Spin size="small" /> 正在确认充值结果…
        </>
      }
    />
  )
}
