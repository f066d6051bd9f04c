/**
 * /account/balanceDetail.html: the ledger — every change of my balance with its type, signed
 * amounts (income green, expense red), the balance after, the order / top-up / withdrawal it belongs
 * to. Type and date range filters and paging live in the URL.
 */
import { useSearchParams } from 'react-router-dom'
import { Button, DatePicker, Select } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useQuery } from '@tanstack/react-query'
import dayjs, { type Dayjs } from 'dayjs'
import { LEDGER_TYPE_LABELS, type LedgerEntry, type LedgerType } from '@shared/api/funds'
import { exportLedger, ledgerQuery } from '@renderer/api/funds'
import { CentreLayout, FUNDS_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { ExportButton } from '@renderer/components/ExportButton'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { Pagination } from '@renderer/components/Pagination'
import { formatYuan, formatYuanChange } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { pagingOf, setPaging } from '@renderer/utils/url-params'
import './funds.css'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

function isLedgerType(value: string | null): value is LedgerType {
  return value !== null && Object.hasOwn(LEDGER_TYPE_LABELS, value)
}

export function SignedAmount({ fen }: { fen: number }) {
  if (!fen) return <span>—</span>
  return <span className={fen > 0 ? 'amount-in' : 'amount-out'}>{formatYuanChange(fen)}</span>
}

const DAY = 'YYYY-MM-DD'

export default function BalanceDetailPage() {
  const [params, setParams] = useSearchParams()
  const typeParam = params.get('type')
  const type = isLedgerType(typeParam) ? typeParam : undefined
  const begin = params.get('begin')
  const end = params.get('end')
  const beginDay = begin && dayjs(begin, DAY, true).isValid() ? dayjs(begin, DAY) : null
  const endDay = end && dayjs(end, DAY, true).isValid() ? dayjs(end, DAY) : null
  const { page, limit } = pagingOf(params)
  const filters = {
    ...(type ? { type } : {}),
    ...(beginDay ? { beginTime: beginDay.startOf('day').valueOf() } : {}),
    ...(endDay ? { endTime: endDay.endOf('day').valueOf() } : {}),
  }
  const ledger = useQuery(ledgerQuery({ ...filters, pageNum: page, pageSize: limit }))
  const go = (next: {
    type?: LedgerType
    begin?: string | null
    end?: string | null
    page?: number
    limit?: number
  }) => {
    const search = new URLSearchParams()
    if (next.type) search.set('type', next.type)
    if (next.begin) search.set('begin', next.begin)
    if (next.end) search.set('end', next.end)
    setPaging(search, next)
    setParams(search)
  }
  const columns: ColumnsType<LedgerEntry> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: number) => formatTradeTime(v) },
    { title: '类型', dataIndex: 'type', width: 100, render: (v: LedgerType) => LEDGER_TYPE_LABELS[v] ?? v },
    {
      title: '可用余额变动',
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => <SignedAmount fen={v} />,
    },
    {
      title: '冻结变动',
      dataIndex: 'frozenAmount',
      align: 'right',
      render: (v: number) => <SignedAmount fen={v} />,
    },
    { title: '可用余额', dataIndex: 'availableAfter', align: 'right', render: (v: number) => formatYuan(v) },
    {
      title: '关联单号',
      key: 'ref',
      render: (_: unknown, row) => row.orderNo ?? row.topupNo ?? row.withdrawNo ?? '—',
    },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
  ]
  return (
    <CentreLayout centre={FUNDS_CENTRE} title="收支明细">
      <div className="ledger-filters">
        <Select
          aria-label="类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 160 }}
          value={type}
          options={Object.entries(LEDGER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(value?: LedgerType) => go({ type: value, begin, end, limit })}
        />
        <DatePicker.RangePicker
          aria-label="日期范围"
          allowEmpty={[true, true]}
          value={[beginDay, endDay]}
          onChange={(range) => {
            const [from, to] = (range ?? [null, null]) as [Dayjs | null, Dayjs | null]
            go({ type, begin: from ? from.format(DAY) : null, end: to ? to.format(DAY) : null, limit })
          }}
        />
        {type || begin || end ? <Button onClick={() => go({})}>清除筛选</Button> : null}
        <ExportButton label="导出明细" unit="条明细" run={() => exportLedger(filters)} />
      </div>
      {ledger.error ? (
        <ErrorAlert
          error={ledger.error}
          fallback="明细加载失败"
          onRetry={() => void ledger.refetch()}
          retryIcon={false}
        />
      ) : (
        <ResponsiveTable<LedgerEntry>
          card={{ title: 'type', label: (e) => `收支 ${e.ledgerId}` }}
          rowKey="ledgerId"
          size="middle"
          loading={ledger.isPending || ledger.isPlaceholderData}
          columns={columns}
          dataSource={ledger.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 860 }}
          locale={{ emptyText: '暂无收支记录' }}
        />
      )}
      <Pagination
        total={ledger.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ type, begin, end, page: p, limit: l })}
      />
    </CentreLayout>
  )
}
