/** My withdrawals; for staff, every user's pending requests with approve / reject (with a reason). */
import { useState } from 'react'
import { Button, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import { WITHDRAW_STATUS_LABELS, type Withdrawal } from '@shared/api/funds'
import { PAYEE_KIND_LABELS } from '@shared/rules/payee-account'
import { useDecideWithdrawal, withdrawalsQuery } from '@renderer/api/funds'
import { Pagination } from '@renderer/components/Pagination'
import { usePagerState } from '@renderer/components/use-pager-state'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { RejectModal } from './RejectModal'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

const STATUS_COLOR: Record<Withdrawal['status'], string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  PAYING: 'blue',
  PAID: 'green',
  FAILED: 'red',
  REJECTED: 'default',
}

export function Withdrawals({ staff }: { staff: boolean }) {
  const { page, limit, props: paging } = usePagerState(10, { autoScroll: false })
  const list = useQuery(
    withdrawalsQuery({
      pageNum: page,
      pageSize: limit,
      ...(staff ? { status: 'PENDING' as const, all: true } : {}),
    }),
  )
  // a refusal to approve is a toast of the request layer; the lists and the wallet refresh themselves
  const approval = useDecideWithdrawal()
  const busy = approval.isPending ? approval.variables.withdrawNo : null
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null)
  const approve = (row: Withdrawal) =>
    approval.mutate(
      { withdrawNo: row.withdrawNo, approve: true },
      { onSuccess: () => toast('success', '已通过提现') },
    )
  const columns: ColumnsType<Withdrawal> = [
    { title: '提现单号', dataIndex: 'withdrawNo' },
    ...(staff ? [{ title: '用户', dataIndex: 'userName' }] : []),
    { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
    {
      title: '收款账户',
      dataIndex: 'account',
      // the user sees it masked; staff, who pay it out, in full
      render: (_: unknown, row) => `${PAYEE_KIND_LABELS[row.accountKind]} ${row.fullAccount ?? row.account}`,
    },
    { title: '申请时间', dataIndex: 'createdAt', render: (v: number) => formatTradeTime(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: Withdrawal['status'], row) => (
        <>
          <Tag color={STATUS_COLOR[v]}>{WITHDRAW_STATUS_LABELS[v]}</Tag>
          {v === 'REJECTED' && row.rejectReason ? (
            <div className="withdraw-reason">驳回原因：{row.rejectReason}</div>
          ) : null}
          {v === 'FAILED' && row.failReason ? (
            <div className="withdraw-reason">失败原因：{row.failReason}（金额已退回余额）</div>
          ) : null}
        </>
      ),
    },
    ...(staff
      ? [
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, row: Withdrawal) =>
              row.status === 'PENDING' ? (
                <span style={{ display: 'inline-flex', gap: 8 }}>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === row.withdrawNo}
                    onClick={() => approve(row)}
                  >
                    通过
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={busy === row.withdrawNo}
                    onClick={() => setRejecting(row)}
                  >
                    驳回
                  </Button>
                </span>
              ) : null,
          },
        ]
      : []),
  ]
  return (
    <section aria-labelledby={`withdraw-${staff}`} style={{ marginTop: 24 }}>
      <h2 className="panel__title" id={`withdraw-${staff}`}>
        {staff ? '提现审核（平台）' : '我的提现'}
      </h2>
      {list.error ? (
        <ErrorAlert error={list.error} fallback="提现记录加载失败" />
      ) : (
        <ResponsiveTable<Withdrawal>
          card={{ title: 'amount', actions: 'op', label: (w) => `提现 ${w.withdrawNo}` }}
          rowKey="withdrawNo"
          size="small"
          loading={list.isPending || list.isPlaceholderData}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: staff ? '没有待审核的提现' : '暂无提现记录' }}
        />
      )}
      <Pagination total={list.data?.total ?? 0} {...paging} />
      {rejecting ? <RejectModal row={rejecting} onClose={() => setRejecting(null)} /> : null}
    </section>
  )
}
