/**
 * 工作台: today's figures and the last 30 days. The charts (@ant-design/plots) live in this page's
 * chunk only: the console loads it, buyers never do. 对账差错 (the open reconciliation mismatches)
 * is asked of the pay module's own list (its total), and only by staff who may see that list: the
 * dashboard's report never reads the pay tables.
 */
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Statistic } from 'antd'
import { Column, Line } from '@ant-design/plots'
import { PERMS } from '@shared/permissions'
import { dashboardQuery } from '@renderer/api/oplog'
import { openPayMismatchesQuery } from '@renderer/api/pay'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useHasPermi } from '@renderer/components/use-permission'
import { yuanText } from '../../parts/table'

export default function DashboardPage() {
  const dashboard = useQuery(dashboardQuery())
  const seesMismatches = useHasPermi([PERMS.payMismatchList])
  const mismatches = useQuery({ ...openPayMismatchesQuery(), enabled: seesMismatches })
  const d = dashboard.data
  if (dashboard.error)
    return (
      <ErrorAlert
        error={dashboard.error}
        fallback="工作台数据加载失败"
        onRetry={() => void dashboard.refetch()}
      />
    )
  const figures = [
    { title: '今日订单', value: d?.today.orders },
    { title: '今日成交额', value: d ? yuanText(d.today.gmv) : undefined },
    { title: '今日新用户', value: d?.today.newUsers },
    { title: '待审核商品', value: d?.today.pendingGoods },
    { title: '待裁决纠纷', value: d?.today.openDisputes },
    { title: '待审核提现', value: d?.today.pendingWithdrawals },
    ...(seesMismatches ? [{ title: '对账差错', value: mismatches.data?.total }] : []),
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
            <Card size="small" loading={dashboard.isPending}>
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
