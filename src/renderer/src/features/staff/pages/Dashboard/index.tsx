/**
 * 工作台: today's figures and the last 30 days. The charts (@ant-design/plots) live in this page's
 * chunk only: the console loads it, buyers never do. 对账差错 (the open reconciliation mismatches)
 * is asked of the pay module's own list (its total), and only by staff who may see that list: the
 * dashboard's report never reads the pay tables. 理赔 (open 包赔 claims) is likewise the protection
 * module's own list's total. A card clicks through to its list (docs/console.md, "工作台").
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { Card, Col, Row, Statistic } from 'antd'
import { Column, Line } from '@ant-design/plots'
import { PERMS } from '@shared/permissions'
import { CONSOLE_PAGE_RECORDS, type ConsolePageComponent } from '@shared/pages/console'
import { dashboardQuery } from '@renderer/api/oplog'
import { openPayMismatchesQuery } from '@renderer/api/pay'
import { staffClaimsQuery } from '@renderer/api/protection'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useHasPermi } from '@renderer/components/use-permission'
import { yuanText } from '../../parts/table'

/** the console address of a list page (its directory + its path) */
export function consolePath(component: ConsolePageComponent): string {
  const page = CONSOLE_PAGE_RECORDS.find((p) => p.component === component)!
  return `${page.parent}/${page.path}`
}

/** 45 秒 / 3 分 20 秒 / — */
export function secondsText(seconds: number | null): string {
  if (seconds === null) return '—'
  if (seconds < 60) return `${seconds} 秒`
  return `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`
}

export default function DashboardPage() {
  const navigate = useNavigate()
  const dashboard = useQuery(dashboardQuery())
  const seesMismatches = useHasPermi([PERMS.payMismatchList])
  const mismatches = useQuery({ ...openPayMismatchesQuery(), enabled: seesMismatches })
  const seesClaims = useHasPermi([PERMS.protectionClaimList])
  const claims = useQuery({
    ...staffClaimsQuery({ status: 'OPEN', pageNum: 1, pageSize: 1 }),
    enabled: seesClaims,
  })
  const d = dashboard.data
  if (dashboard.error)
    return (
      <ErrorAlert
        error={dashboard.error}
        fallback="工作台数据加载失败"
        onRetry={() => void dashboard.refetch()}
      />
    )
  const figures: Array<{ title: string; value: number | string | undefined; list: ConsolePageComponent }> = [
    { title: '今日订单', value: d?.today.orders, list: 'OrderManage' },
    { title: '今日成交额', value: d ? yuanText(d.today.gmv) : undefined, list: 'OrderManage' },
    { title: '今日新用户', value: d?.today.newUsers, list: 'UserManage' },
    { title: '待审核商品', value: d?.today.pendingGoods, list: 'GoodsAudit' },
    { title: '待裁决纠纷', value: d?.today.openDisputes, list: 'DisputeArbitration' },
    { title: '待审核提现', value: d?.today.pendingWithdrawals, list: 'WithdrawAudit' },
    // 在线客服 (docs/customer-service.md): waiting now and today's median time to a first answer
    { title: '客服排队中', value: d?.today.csWaiting, list: 'CsWorkbench' },
    {
      title: '今日客服首次响应（中位）',
      value: d ? secondsText(d.today.csFirstResponseMedianSeconds) : undefined,
      list: 'CsSupervisor',
    },
    ...(seesClaims
      ? [{ title: '待处理理赔', value: claims.data?.total, list: 'ProtectionClaims' as const }]
      : []),
    ...(seesMismatches
      ? [{ title: '对账差错', value: mismatches.data?.total, list: 'PayMismatches' as const }]
      : []),
  ]
  const trend = (d?.days ?? []).flatMap((day) => [
    { date: day.date.slice(5), kind: '订单数', value: day.orders },
    { date: day.date.slice(5), kind: '新用户', value: day.newUsers },
  ])
  const gmv = (d?.days ?? []).map((day) => ({ date: day.date.slice(5), yuan: day.gmv / 100 }))
  return (
    <>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.title} xs={12} md={8} xl={4}>
            <Card
              size="small"
              hoverable
              loading={dashboard.isPending}
              role="link"
              aria-label={`${f.title}：查看列表`}
              onClick={() => navigate(consolePath(f.list))}
            >
              <Statistic title={f.title} value={f.value ?? '-'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} className="console-charts">
        <Col xs={24} xl={12}>
          <Card size="small" title="近 30 天订单与新用户">
            <Line data={trend} xField="date" yField="value" colorField="kind" height={260} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="近 30 天成交额（元）">
            <Column data={gmv} xField="date" yField="yuan" height={260} />
          </Card>
        </Col>
      </Row>
    </>
  )
}
