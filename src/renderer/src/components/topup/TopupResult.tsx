/**
 * The result of a top-up, back from the gateway with `?topupNo=`: asks for the top-up every 1.5 s
 * (at most 40 times) until the gateway's notification has been applied (PAID / FAILED), then says
 * so; the wallet refreshes once it is paid. Used by the balance page and by the order's payment page.
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Spin } from 'antd'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { fundsKeys, topupQuery } from '@renderer/api/funds'
import { formatYuan } from '@renderer/utils/money'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const TOPUP_POLL_MS = 1500
const TOPUP_POLL_MAX = 40

export function TopupResult({ topupNo }: { topupNo: string }) {
  const queryClient = useQueryClient()
  // the answers before this round of asking (再查一次 starts a new round of 40)
  const [round, setRound] = useState(0)
  const topup = useQuery({
    ...topupQuery(topupNo),
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && query.state.dataUpdateCount - round < TOPUP_POLL_MAX
        ? TOPUP_POLL_MS
        : false,
  })
  const status = topup.data?.status
  const asked = (queryClient.getQueryState(topupQuery(topupNo).queryKey)?.dataUpdateCount ?? 0) - round
  const pending = !topup.error && (status === undefined || status === 'PENDING') && asked < TOPUP_POLL_MAX
  useEffect(() => {
    if (status === 'PAID') void queryClient.invalidateQueries({ queryKey: fundsKeys.wallet })
  }, [status, queryClient])
  if (topup.error) return <ErrorAlert error={topup.error} fallback="充值结果查询失败" />
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
          <Button
            size="small"
            onClick={() => {
              setRound(queryClient.getQueryState(topupQuery(topupNo).queryKey)?.dataUpdateCount ?? 0)
              void topup.refetch()
            }}
          >
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
