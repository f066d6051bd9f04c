/**
 * 对账差错: lines of a provider's daily bill that disagree with our books (docs/payments.md,
 * "Reconciliation") — missing on our side, missing in the bill, a different amount, or a payment the
 * provider took while our attempt was closed. Staff look into each (the provider's console, the
 * user's records) and resolve it with a note, which the operation log keeps.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Select, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import {
  PAY_CHANNEL_LABELS,
  PAY_PROVIDER_CHANNELS,
  type PayMismatchKind,
  type PayMismatchQuery,
  type PayMismatchView,
} from '@shared/api/pay'
import { PERMS } from '@shared/permissions'
import { fenToYuan } from '@shared/money'
import { payMismatchesQuery, useResolvePayMismatch } from '@renderer/api/pay'
import { HasPermi } from '@renderer/components/HasPermi'
import { TextPromptModal } from '@renderer/components/TextPromptModal'
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

type Filters = { channel?: PayMismatchQuery['channel']; state?: PayMismatchQuery['state']; day?: Dayjs }

export default function PayMismatchesPage() {
  const { query, search, paging } = usePagedQuery<PayMismatchQuery>({ ...FIRST_PAGE, state: 'OPEN' })
  const list = useQuery(payMismatchesQuery(query))
  const resolve = useResolvePayMismatch()
  const [resolving, setResolving] = useState<PayMismatchView | null>(null)
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
