/**
 * 对账差错: lines of a provider's daily bill that disagree with our books (docs/payments.md,
 * "Reconciliation") — missing on our side, missing in the bill, a different amount, or a payment the
 * provider took while our attempt was closed. Staff look into each (the provider's console, the
 * user's records) and resolve it with a note, which the operation log keeps. 重新对账 matches a day's
 * bills again now (a provider that fixed its bill, a day the job missed; logged too).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Form, Select, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import {
  PAY_CHANNEL_LABELS,
  PAY_PROVIDER_CHANNELS,
  type PayMismatchKind,
  type PayMismatchQuery,
  type PayMismatchView,
  type PayReconcileRunView,
} from '@shared/api/pay'
import { PERMS } from '@shared/permissions'
import { fenToYuan } from '@shared/money'
import { payMismatchesQuery, useReconcilePayDay, useResolvePayMismatch } from '@renderer/api/pay'
import { HasPermi } from '@renderer/components/HasPermi'
import { TextPromptModal } from '@renderer/components/TextPromptModal'
import { toast } from '@renderer/utils/toast'
import { FormModal } from '../../parts/FormModal'
import { FilterForm, usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const CHANNELS: Record<string, string> = PAY_CHANNEL_LABELS
const KINDS: Record<PayMismatchKind, { label: string; color: string }> = {
  MISSING_OURS: { label: '我方缺失', color: 'red' },
  MISSING_THEIRS: { label: '渠道缺失', color: 'orange' },
  AMOUNT_DIFFERS: { label: '金额不符', color: 'red' },
  STATE_DIFFERS: { label: '状态不符', color: 'purple' },
}
const LINE_KINDS: Record<string, string> = { PAYMENT: '支付', REFUND: '退款', PAYOUT: '打款' }
const STATES = [
  { value: 'OPEN', label: '待处理' },
  { value: 'RESOLVED', label: '已处理' },
]
const money = (fen: number | null) => (fen === null ? '-' : `¥${fenToYuan(fen, { grouping: true })}`)

/** What a re-run found, one line per channel (a bill not to be had yet says so). */
const runText = (r: PayReconcileRunView) =>
  r.outcome === 'UNAVAILABLE'
    ? `${CHANNELS[r.channel]} ${r.day}：账单暂时无法获取，请稍后再试`
    : `${CHANNELS[r.channel]} ${r.day}：账单 ${r.billLines} 笔，我方 ${r.ourLines} 笔，差错 ${r.mismatches} 条`

/** 重新对账: pick a day (yesterday by default), its bills are matched again now. */
function ReconcileDayModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const reconcile = useReconcilePayDay()
  const done = (runs: PayReconcileRunView[]) => {
    if (runs.length === 0) toast('warning', '未配置支付渠道，没有可对的账单')
    else
      toast(
        runs.some((r) => r.outcome === 'UNAVAILABLE') ? 'warning' : 'success',
        runs.map(runText).join('；'),
        6,
      )
    onClose()
  }
  return (
    <FormModal<{ day: Dayjs }>
      open={open}
      title="重新对账"
      okText="开始对账"
      // its own field ids: the filter form above has a 账单日期 too
      name="reconcile"
      loading={reconcile.isPending}
      onCancel={onClose}
      initialValues={{ day: dayjs().subtract(1, 'day') }}
      onFinish={({ day }) => reconcile.mutate(day.format('YYYY-MM-DD'), { onSuccess: done })}
    >
      <p>重新下载该日各渠道的账单并与我方记录核对；已发现的差错保持原状，新的差错加入列表。</p>
      <Form.Item name="day" label="账单日期" rules={[{ required: true, message: '请选择账单日期' }]}>
        <DatePicker />
      </Form.Item>
    </FormModal>
  )
}

type Filters = { channel?: PayMismatchQuery['channel']; state?: PayMismatchQuery['state']; day?: Dayjs }

export default function PayMismatchesPage() {
  const { query, search, paging } = usePagedQuery<PayMismatchQuery>({ ...FIRST_PAGE, state: 'OPEN' })
  const list = useQuery(payMismatchesQuery(query))
  const resolve = useResolvePayMismatch()
  const [resolving, setResolving] = useState<PayMismatchView | null>(null)
  const [rerunning, setRerunning] = useState(false)
  return (
    <>
      <FilterForm<Filters>
        onSearch={({ day, ...rest }) => search({ ...rest, day: day?.format('YYYY-MM-DD') })}
        initialValues={{ state: 'OPEN' }}
      >
        <Form.Item name="channel" label="渠道">
          <Select
            allowClear
            style={{ width: 120 }}
            options={PAY_PROVIDER_CHANNELS.map((c) => ({ value: c, label: CHANNELS[c] }))}
          />
        </Form.Item>
        <Form.Item name="day" label="账单日期">
          <DatePicker />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select allowClear style={{ width: 110 }} options={STATES} />
        </Form.Item>
      </FilterForm>
      <div className="console-toolbar">
        <HasPermi permissions={[PERMS.payMismatchResolve]}>
          <Button onClick={() => setRerunning(true)}>重新对账</Button>
        </HasPermi>
      </div>
      <ReconcileDayModal open={rerunning} onClose={() => setRerunning(false)} />
      <QueryTable<PayMismatchView>
        list={list}
        rowKey="id"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '渠道', dataIndex: 'channel', render: (c: string) => CHANNELS[c] ?? c },
          { title: '账单日期', dataIndex: 'day' },
          {
            title: '差错',
            dataIndex: 'kind',
            render: (k: PayMismatchKind) => <Tag color={KINDS[k]?.color}>{KINDS[k]?.label ?? k}</Tag>,
          },
          { title: '类型', dataIndex: 'lineKind', render: (k: string) => LINE_KINDS[k] ?? k },
          { title: '我方单号', dataIndex: 'ourNo' },
          { title: '我方金额', dataIndex: 'ourAmount', render: money },
          { title: '账单金额', dataIndex: 'theirAmount', render: money },
          { title: '我方状态', dataIndex: 'ourState', render: (s: string | null) => s ?? '-' },
          { title: '渠道流水号', dataIndex: 'providerNo', render: (s: string | null) => s ?? '-' },
          {
            title: '处理',
            key: 'state',
            render: (_, m) =>
              m.state === 'OPEN' ? (
                <Tag color="orange">待处理</Tag>
              ) : (
                <span title={dateTime(m.resolvedAt)}>已处理：{m.note}</span>
              ),
          },
          { title: '发现时间', dataIndex: 'createdAt', render: dateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, m) =>
              m.state === 'OPEN' ? (
                <HasPermi permissions={[PERMS.payMismatchResolve]}>
                  <a onClick={() => setResolving(m)}>处理</a>
                </HasPermi>
              ) : null,
          },
        ]}
      />
      <TextPromptModal
        open={resolving !== null}
        title="处理对账差错"
        okText="标记已处理"
        label="处理说明（记入操作日志）"
        requiredMessage="请填写处理说明"
        maxLength={500}
        loading={resolve.isPending}
        onCancel={() => setResolving(null)}
        onSubmit={(note) =>
          resolving && resolve.mutate({ id: resolving.id, note }, { onSuccess: () => setResolving(null) })
        }
      >
        {resolving ? (
          <p>
            {CHANNELS[resolving.channel]} {resolving.day} {LINE_KINDS[resolving.lineKind]} {resolving.ourNo}：
            {KINDS[resolving.kind].label}（我方 {money(resolving.ourAmount)}，账单{' '}
            {money(resolving.theirAmount)}）
          </p>
        ) : null}
      </TextPromptModal>
    </>
  )
}
