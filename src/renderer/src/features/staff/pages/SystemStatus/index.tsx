/**
 * 系统状态 (docs/operations.md, "Monitoring"): the figures of /metrics for operators who do not run
 * Prometheus — the answering server process, its database and Redis, the requests of the last
 * minutes, the jobs, the payments by state and the open live-event streams — asked again every 10 s.
 */
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Descriptions, Row, Statistic, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import type { StatusJob, StatusMinute, SystemStatus } from '@shared/api/monitor'
import { STATUS_REFRESH_MS, systemStatusQuery } from '@renderer/api/monitor'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { PAY_STATE_LABELS, bytesText, durationText, msText, recentRates } from './format'

const timeText = (at: number | null) => (at === null ? '-' : dayjs(at).format('MM-DD HH:mm:ss'))

const JOB_COLUMNS = [
  { title: '任务', dataIndex: 'name', key: 'name' },
  {
    title: '运行方式',
    key: 'mode',
    render: (_: unknown, j: StatusJob) => (j.mode === 'once' ? '单进程' : '每个进程'),
  },
  {
    title: '周期',
    key: 'every',
    render: (_: unknown, j: StatusJob) => (j.everyMs ? msText(j.everyMs) : '仅触发'),
  },
  { title: '运行次数', dataIndex: 'runs', key: 'runs' },
  {
    title: '失败次数',
    key: 'failures',
    render: (_: unknown, j: StatusJob) => (j.failures > 0 ? <Tag color="error">{j.failures}</Tag> : 0),
  },
  { title: '上次开始', key: 'last', render: (_: unknown, j: StatusJob) => timeText(j.lastStartedAt) },
  { title: '上次耗时', key: 'duration', render: (_: unknown, j: StatusJob) => msText(j.lastDurationMs) },
  { title: '开始延迟', key: 'lag', render: (_: unknown, j: StatusJob) => msText(j.lastLagMs) },
  {
    title: '状态',
    key: 'state',
    render: (_: unknown, j: StatusJob) =>
      j.overdueMs === null ? (
        <Tag>本进程未运行</Tag>
      ) : j.overdueMs > 0 ? (
        <Tag color="warning">已超期 {msText(j.overdueMs)}</Tag>
      ) : (
        <Tag color="success">正常</Tag>
      ),
  },
]

const MINUTE_COLUMNS = [
  { title: '时间', key: 'at', render: (_: unknown, m: StatusMinute) => dayjs(m.at).format('HH:mm') },
  { title: '请求数', dataIndex: 'requests', key: 'requests' },
  {
    title: '错误数',
    key: 'errors',
    render: (_: unknown, m: StatusMinute) => (m.errors > 0 ? <Tag color="error">{m.errors}</Tag> : 0),
  },
  { title: '平均耗时', key: 'mean', render: (_: unknown, m: StatusMinute) => `${m.meanMs} ms` },
]

function PayCard({
  title,
  kind,
  counts,
}: {
  title: string
  kind: keyof SystemStatus['pay']
  counts: Record<string, number>
}) {
  const entries = Object.entries(counts)
  return (
    <Card size="small" title={title}>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">暂无记录</Typography.Text>
      ) : (
        <Descriptions size="small" column={1}>
          {entries.map(([state, n]) => (
            <Descriptions.Item key={state} label={PAY_STATE_LABELS[kind][state] ?? state}>
              {n}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  )
}

export default function SystemStatusPage() {
  const status = useQuery(systemStatusQuery())
  const s = status.data
  if (status.error && !s)
    return (
      <ErrorAlert error={status.error} fallback="系统状态加载失败" onRetry={() => void status.refetch()} />
    )
  const rates = recentRates(s?.requests ?? [])
  const db = s?.database
  const figures = [
    { title: '运行时长', value: s ? durationText(s.uptimeSeconds) : undefined },
    { title: '每分钟请求（近 5 分钟）', value: s ? rates.perMinute : undefined },
    { title: '错误率（近 5 分钟）', value: s ? `${rates.errorPercent}%` : undefined },
    { title: '事件循环延迟 p99', value: s?.eventLoop ? `${s.eventLoop.p99Ms.toFixed(1)} ms` : '-' },
    { title: '内存占用', value: s ? bytesText(s.memory.rssBytes) : undefined },
    { title: '实时连接', value: s?.liveConnections },
  ]
  return (
    <>
      {status.error ? (
        <ErrorAlert error={status.error} fallback="系统状态刷新失败，显示的是上次的数据" />
      ) : null}
      <Typography.Paragraph type="secondary">
        以下为当前应答的服务进程的数据（多进程部署时各进程分别统计；支付数据为整个数据库），每{' '}
        {STATUS_REFRESH_MS / 1000} 秒刷新{s ? `，更新于 ${dayjs(s.at).format('HH:mm:ss')}` : ''}。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.title} xs={12} md={8} xl={4}>
            <Card size="small" loading={status.isPending}>
              <Statistic title={f.title} value={f.value ?? '-'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="进程与依赖" style={{ marginTop: 16 }} loading={status.isPending}>
        {s && db ? (
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label="版本">{s.version}</Descriptions.Item>
            <Descriptions.Item label="Node.js">{s.node}</Descriptions.Item>
            <Descriptions.Item label="进程号">{s.pid}</Descriptions.Item>
            <Descriptions.Item label="数据库">
              {db.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}{' '}
              {db.up ? <Tag color="success">正常</Tag> : <Tag color="error">无法连接</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="连接池">
              {db.pool
                ? `共 ${db.pool.total} / 上限 ${db.pool.max}，空闲 ${db.pool.idle}，排队 ${db.pool.waiting}`
                : '无（SQLite 单连接）'}
            </Descriptions.Item>
            <Descriptions.Item label="数据库迁移">
              {db.pendingMigrations.length === 0 ? (
                <Tag color="success">已全部执行</Tag>
              ) : (
                <Tag color="error">未执行：{db.pendingMigrations.join('、')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Redis">
              {s.redis === 'unused' ? (
                '未使用（单进程）'
              ) : s.redis === 'ok' ? (
                <Tag color="success">正常</Tag>
              ) : (
                <Tag color="error">无法连接</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="堆内存">
              {bytesText(s.memory.heapUsedBytes)} / {bytesText(s.memory.heapTotalBytes)}
            </Descriptions.Item>
            <Descriptions.Item label="事件循环延迟">
              {s.eventLoop
                ? `p50 ${s.eventLoop.p50Ms.toFixed(1)} ms，p99 ${s.eventLoop.p99Ms.toFixed(1)} ms，最大 ${s.eventLoop.maxMs.toFixed(1)} ms`
                : '统计中'}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <PayCard title="支付单" kind="attempts" counts={s?.pay.attempts ?? {}} />
        </Col>
        <Col xs={24} md={8}>
          <PayCard title="提现打款" kind="payouts" counts={s?.pay.payouts ?? {}} />
        </Col>
        <Col xs={24} md={8}>
          <PayCard title="原路退款" kind="refunds" counts={s?.pay.refunds ?? {}} />
        </Col>
      </Row>
      <Card size="small" title="定时任务" style={{ marginTop: 16 }}>
        <Table<StatusJob>
          size="small"
          rowKey="name"
          loading={status.isPending}
          columns={JOB_COLUMNS}
          dataSource={s?.jobs ?? []}
          pagination={false}
        />
      </Card>
      <Card size="small" title="近 15 分钟请求" style={{ marginTop: 16 }}>
        <Table<StatusMinute>
          size="small"
          rowKey="at"
          loading={status.isPending}
          columns={MINUTE_COLUMNS}
          dataSource={[...(s?.requests ?? [])].reverse()}
          pagination={false}
        />
      </Card>
    </>
  )
}
