/**
 * Console: 代售审核 (docs/agency-sale.md) — the agency applications by state and game; 受理 takes one
 * into 验号; the drawer records the checklist, shows the credentials (logged), publishes it as 官方代售,
 * rejects it with a reason the owner reads, and delivers a sold one. Permissions agency:apply:list,
 * :verify, :publish, :deliver; every button behind HasPermi, the server checks again.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Select, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  AGENCY_STATUS_DICT,
  type AgencyListQuery,
  type AgencyStatus,
  type StaffAgencyApplication,
} from '@shared/api/agency'
import { PERMS } from '@shared/permissions'
import { gamesQuery } from '@renderer/api/game'
import { staffAgencyQuery, useTakeAgency } from '@renderer/api/agency'
import { HasPermi } from '@renderer/components/HasPermi'
import { toast } from '@renderer/utils/toast'
import { DictTag, dictOptions, useDict } from '../../parts/dict'
import { usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'
import { AgencyDrawer } from './AgencyDrawer'

export default function AgencyAuditPage() {
  const { query, refine, paging } = usePagedQuery<AgencyListQuery>({ ...FIRST_PAGE, status: 'PENDING' })
  const list = useQuery(staffAgencyQuery(query))
  const games = useQuery(gamesQuery())
  const statuses = useDict(AGENCY_STATUS_DICT)
  const take = useTakeAgency()
  const [openId, setOpenId] = useState<number | null>(null)

  const columns: ColumnsType<StaffAgencyApplication> = [
    { title: '编号', dataIndex: 'applicationId', width: 70 },
    { title: '游戏', dataIndex: 'gameName', width: 110 },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '用户', dataIndex: 'userName', width: 120 },
    { title: '期望售价', dataIndex: 'askingPrice', width: 110, render: yuanText },
    {
      title: '最低价',
      key: 'floor',
      width: 110,
      render: (_, a) => (a.negotiable && a.floorPrice !== null ? yuanText(a.floorPrice) : '不议价'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: AgencyStatus) => <DictTag dictType={AGENCY_STATUS_DICT} value={s} />,
    },
    {
      title: '订单',
      key: 'order',
      width: 120,
      render: (_, a) => (a.order ? a.order.status : '-'),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 160, render: dateTime },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <Space>
          <Button type="link" size="small" onClick={() => setOpenId(a.applicationId)}>
            详情
          </Button>
          {a.status === 'PENDING' ? (
            <HasPermi permissions={[PERMS.agencyVerify]}>
              <Button
                type="link"
                size="small"
                loading={take.isPending}
                onClick={() =>
                  take.mutate(a.applicationId, {
                    onSuccess: () => {
                      toast('success', '已受理，请验号')
                      setOpenId(a.applicationId)
                    },
                  })
                }
              >
                受理
              </Button>
            </HasPermi>
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <Card title="代售审核">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          value={query.status}
          onChange={(status?: AgencyStatus) => refine({ status })}
          options={dictOptions(statuses)}
          style={{ width: 120 }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="游戏"
          aria-label="游戏"
          value={query.gameId}
          onChange={(gameId?: number) => refine({ gameId })}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
          style={{ width: 160 }}
        />
      </Space>
      <QueryTable<StaffAgencyApplication>
        list={list}
        errorTitle="代售申请加载失败"
        rowKey="applicationId"
        columns={columns}
        scroll={{ x: 1100 }}
        paging={paging}
      />
      <AgencyDrawer applicationId={openId} onClose={() => setOpenId(null)} />
    </Card>
  )
}
