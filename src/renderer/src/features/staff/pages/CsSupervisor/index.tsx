/**
 * Console: 客服数据与快捷回复 (docs/customer-service.md) — the supervisor's live figures (waiting,
 * longest wait, first-response time, ratings, handled per agent), the agents (shown name, team,
 * maximum load) and the canned replies of each team. Permission cs:conversation:supervise; every
 * change is in the operation log.
 */
import { useQuery } from '@tanstack/react-query'
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import {
  CS_LIMITS,
  CS_TEAM_LABELS,
  CS_TEAMS,
  type CsAgent,
  type CsCannedReply,
  type CsFigures,
  type CsTeam,
} from '@shared/api/cs'
import {
  csCannedQuery,
  csFiguresQuery,
  useAutoAssign,
  useCannedAdd,
  useCannedEdit,
  useCannedRemove,
  useEditAgent,
} from '@renderer/api/cs-agent'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { parseTime } from '@renderer/utils/time'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { FormModal } from '../../parts/FormModal'
import { secondsText } from '../Dashboard'

const teamOptions = CS_TEAMS.map((t) => ({ value: t, label: CS_TEAM_LABELS[t] }))
type AgentRow = CsFigures['agents'][number]

function AgentDialog({ agent, onClose }: { agent: CsAgent | null; onClose: () => void }) {
  const edit = useEditAgent()
  return (
    <FormModal<{ staffName: string; team: CsTeam; maxLoad: number }>
      open={agent !== null}
      title={`编辑客服 ${agent?.staffNo ?? ''}`}
      loading={edit.isPending}
      onCancel={onClose}
      initialValues={agent ?? undefined}
      onFinish={(v) =>
        agent &&
        edit.mutate(
          { userId: agent.userId, staffName: v.staffName.trim(), team: v.team, maxLoad: v.maxLoad },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item
        name="staffName"
        label="对外名称"
        rules={[{ required: true, whitespace: true, message: '请填写对外名称' }]}
      >
        <Input maxLength={CS_LIMITS.staffName} />
      </Form.Item>
      <Form.Item name="team" label="小组" rules={[{ required: true }]}>
        <Select options={teamOptions} />
      </Form.Item>
      <Form.Item name="maxLoad" label="最大同时接待" rules={[{ required: true }]}>
        <InputNumber min={1} max={CS_LIMITS.maxLoad} precision={0} />
      </Form.Item>
    </FormModal>
  )
}

function Figures() {
  const figures = useQuery(csFiguresQuery())
  const assign = useAutoAssign()
  const [editing, setEditing] = useState<CsAgent | null>(null)
  if (figures.error)
    return (
      <ErrorAlert error={figures.error} fallback="客服数据加载失败" onRetry={() => void figures.refetch()} />
    )
  const f = figures.data
  const columns: ColumnsType<AgentRow> = [
    { title: '工号', dataIndex: 'staffNo', width: 100 },
    { title: '对外名称', dataIndex: 'staffName' },
    { title: '小组', dataIndex: 'team', width: 90, render: (t: CsTeam) => CS_TEAM_LABELS[t] },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, a) =>
        a.available ? (
          <Tag color="green">在线</Tag>
        ) : a.status === 'ONLINE' ? (
          <Tag color="orange">离开</Tag>
        ) : (
          <Tag>离线</Tag>
        ),
    },
    { title: '接待中', key: 'load', width: 90, render: (_, a) => `${a.load}/${a.maxLoad}` },
    { title: '今日结束', dataIndex: 'handledToday', width: 90 },
    {
      title: '首次响应（中位）',
      key: 'fr',
      width: 140,
      render: (_, a) => secondsText(a.firstResponseMedianSeconds),
    },
    {
      title: '评分',
      key: 'rating',
      width: 110,
      render: (_, a) => (a.ratingAverage === null ? '—' : `${a.ratingAverage}（${a.ratingCount}）`),
    },
    {
      title: '最近在线',
      dataIndex: 'lastSeenAt',
      width: 120,
      render: (t: number | null) => (t ? parseTime(t, 'HH:mm:ss') : '—'),
    },
    { title: '操作', key: 'op', width: 70, render: (_, a) => <a onClick={() => setEditing(a)}>编辑</a> },
  ]
  return (
    <>
      <Row gutter={[12, 12]}>
        {[
          { title: '排队中', value: f?.waiting },
          { title: '接待中', value: f?.active },
          { title: '最长等待', value: f ? secondsText(f.longestWaitSeconds) : undefined },
          { title: '在线客服', value: f?.onlineAgents },
          { title: '今日会话', value: f?.today.opened },
          {
            title: '今日首次响应（中位）',
            value: f ? secondsText(f.today.firstResponseMedianSeconds) : undefined,
          },
          {
            title: '今日首次响应（P90）',
            value: f ? secondsText(f.today.firstResponseP90Seconds) : undefined,
          },
          {
            title: '今日评分',
            value: f
              ? f.today.ratingAverage === null
                ? '—'
                : `${f.today.ratingAverage}（${f.today.ratingCount} 条）`
              : undefined,
          },
        ].map((s) => (
          <Col key={s.title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={s.title} value={s.value ?? '—'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Space style={{ margin: '12px 0' }}>
        <span>评分分布（1-5 分）：{f ? f.today.ratingDistribution.join(' / ') : '—'}</span>
        <Button size="small" loading={assign.isPending} onClick={() => assign.mutate(undefined)}>
          立即自动分配
        </Button>
      </Space>
      <Table<AgentRow>
        size="small"
        rowKey="userId"
        columns={columns}
        dataSource={f?.agents ?? []}
        loading={figures.isLoading}
        pagination={false}
      />
      <AgentDialog agent={editing} onClose={() => setEditing(null)} />
    </>
  )
}

function Canned() {
  const [team, setTeam] = useState<CsTeam>('GENERAL')
  const list = useQuery(csCannedQuery(team))
  const add = useCannedAdd()
  const edit = useCannedEdit()
  const remove = useCannedRemove()
  const [dialog, setDialog] = useState<{ open: boolean; reply: CsCannedReply | null }>({
    open: false,
    reply: null,
  })
  const close = () => setDialog({ open: false, reply: null })
  const columns: ColumnsType<CsCannedReply> = [
    { title: '标题', dataIndex: 'title', width: 180 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space>
          <a onClick={() => setDialog({ open: true, reply: r })}>编辑</a>
          <ConfirmLink
            title="确定删除这条快捷回复？"
            okText="删除"
            onConfirm={() => remove.mutate(r.cannedId)}
          />
        </Space>
      ),
    },
  ]
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select value={team} onChange={setTeam} options={teamOptions} style={{ width: 120 }} />
        <Button type="primary" onClick={() => setDialog({ open: true, reply: null })}>
          添加快捷回复
        </Button>
      </Space>
      {list.error ? <ErrorAlert error={list.error} fallback="快捷回复加载失败" /> : null}
      <Table<CsCannedReply>
        size="small"
        rowKey="cannedId"
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
      />
      <FormModal<{ team: CsTeam; title: string; content: string; sort?: number }>
        open={dialog.open}
        title={dialog.reply ? '编辑快捷回复' : '添加快捷回复'}
        loading={add.isPending || edit.isPending}
        onCancel={close}
        initialValues={dialog.reply ?? { team, sort: 0 }}
        onFinish={(v) =>
          dialog.reply
            ? edit.mutate({ cannedId: dialog.reply.cannedId, ...v }, { onSuccess: close })
            : add.mutate(v, { onSuccess: close })
        }
      >
        <Form.Item name="team" label="小组" rules={[{ required: true }]}>
          <Select options={teamOptions} />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
        >
          <Input maxLength={CS_LIMITS.canned.title} />
        </Form.Item>
        <Form.Item
          name="content"
          label="回复内容"
          rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}
        >
          <Input.TextArea rows={4} maxLength={CS_LIMITS.canned.content} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
    </>
  )
}

export default function CsSupervisorPage() {
  return (
    <Card title="客服数据与快捷回复">
      <Tabs
        items={[
          { key: 'figures', label: '实时数据', children: <Figures /> },
          { key: 'canned', label: '快捷回复', children: <Canned /> },
        ]}
      />
    </Card>
  )
}
