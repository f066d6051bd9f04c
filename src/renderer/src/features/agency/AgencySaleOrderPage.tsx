/**
 * /agencySale/agencySaleOrder.html 我的代售订单 (docs/agency-sale.md): the orders of the caller's
 * 官方代售 listings with the amount, the commission, the net and the settlement state; CSV export.
 */
import './agency.css'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Segmented, Tag } from 'antd'
import {
  AGENCY_SETTLEMENT_LABELS,
  AGENCY_SETTLEMENT_STATES,
  type AgencyOrder,
  type AgencySettlementState,
} from '@shared/api/agency'
import { agencyOrdersQuery, exportAgencyOrders } from '@renderer/api/agency'
import { CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { ExportButton } from '@renderer/components/ExportButton'
import { Pagination } from '@renderer/components/Pagination'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { AGENCY_CENTRE } from './centre'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

const SETTLEMENT_COLORS: Record<AgencySettlementState, string> = {
  PENDING: 'gold',
  SETTLED: 'green',
  REFUNDED: 'default',
}

export default function AgencySaleOrderPage() {
  const [settlement, setSettlement] = useState<AgencySettlementState | 'ALL'>('ALL')
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 })
  const filter = settlement === 'ALL' ? undefined : settlement
  const orders = useQuery(agencyOrdersQuery({ ...page, ...(filter ? { settlement: filter } : {}) }))
  return (
    <CentreLayout
      centre={AGENCY_CENTRE}
      title="我的代售订单"
      extra={<ExportButton label="导出订单" unit="笔订单" run={() => exportAgencyOrders(filter)} />}
    >
      <Segmented
        aria-label="结算状态"
        value={settlement}
        onChange={(v) => {
          setSettlement(v as AgencySettlementState | 'ALL')
          setPage((p) => ({ ...p, pageNum: 1 }))
        }}
        options={[
          { value: 'ALL', label: '全部' },
          ...AGENCY_SETTLEMENT_STATES.map((s) => ({ value: s, label: AGENCY_SETTLEMENT_LABELS[s] })),
        ]}
      />
      <ResponsiveTable<AgencyOrder>
        card={{ title: 'goodsTitle', label: (o) => `代售订单 ${o.orderNo}` }}
        className="agency-orders"
        rowKey="orderNo"
        loading={orders.isPending}
        dataSource={orders.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '还没有售出的代售账号' }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 200 },
          { title: '商品', dataIndex: 'goodsTitle', ellipsis: true },
          { title: '游戏', dataIndex: 'gameName', width: 110 },
          { title: '成交金额', dataIndex: 'amount', width: 110, render: (v: number) => formatYuan(v) },
          { title: '佣金', dataIndex: 'commission', width: 100, render: (v: number) => formatYuan(v) },
          {
            title: '到账金额',
            dataIndex: 'net',
            width: 110,
            render: (v: number) => <strong>{formatYuan(v)}</strong>,
          },
          {
            title: '结算状态',
            dataIndex: 'settlement',
            width: 100,
            render: (v: AgencySettlementState) => (
              <Tag color={SETTLEMENT_COLORS[v]}>{AGENCY_SETTLEMENT_LABELS[v]}</Tag>
            ),
          },
          { title: '下单时间', dataIndex: 'createdAt', width: 170, render: (v: number) => parseTime(v) },
          {
            title: '结算时间',
            dataIndex: 'settledAt',
            width: 170,
            render: (v: number | null) => (v ? parseTime(v) : '—'),
          },
        ]}
      />
      <Pagination
        total={orders.data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </CentreLayout>
  )
}
