/**
 * The supports with filters (activity, guild, user name, IP, voided); void the selected ones, or all
 * of one user or one address in the activity, with a required reason. Voided supports leave the board.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  LOVE_DICTS,
  LOVE_SUPPORT_STATES,
  type LoveSupport,
  type LoveSupportListQuery,
  type LoveVoidBody,
} from '@shared/api/love'
import { PERMS } from '@shared/permissions'
import { loveGuildsQuery, loveSupportsQuery, useVoidLoveSupports } from '@renderer/api/love'
import { HasPermi } from '@renderer/components/HasPermi'
import { toast } from '@renderer/utils/toast'
import { DictTag, dictOptions, useDict } from '../../parts/dict'
import { QueryTable } from '../../parts/QueryTable'
import { ReasonModal } from '../../parts/ReasonModal'
import { dateTime, FIRST_PAGE, pagination } from '../../parts/table'
import { ActivitySelect } from './ActivitySelect'

type Filters = Omit<LoveSupportListQuery, 'pageNum' | 'pageSize' | 'activityId'>
type VoidTarget = { title: string; body: Omit<LoveVoidBody, 'reason'> }

export function Supports({
  activityId,
  onActivity,
}: {
  activityId: number | null
  onActivity: (id: number | null) => void
}) {
  const [filters, setFilters] = useState<Filters>({})
  const [page, setPage] = useState(FIRST_PAGE)
  const query = { ...page, ...filters, ...(activityId ? { activityId } : {}) }
  const list = useQuery(loveSupportsQuery(query))
  const guilds = useQuery(loveGuildsQuery(activityId))
  const voiding = useVoidLoveSupports()
  const states = useDict(LOVE_DICTS.supportState)
  const [selected, setSelected] = useState<number[]>([])
  const [target, setTarget] = useState<VoidTarget | null>(null)

  const columns: ColumnsType<LoveSupport> = [
    { title: '编号', dataIndex: 'supportId', width: 80 },
    { title: '公会', dataIndex: 'guildName' },
    { title: '用户', dataIndex: 'userName', width: 120 },
    { title: 'IP', dataIndex: 'ip', width: 140 },
    { title: '助力时间', dataIndex: 'createdAt', width: 170, render: dateTime },
    {
      title: '状态',
      key: 'voided',
      width: 200,
      render: (_, s) => (
        <>
          <DictTag
            dictType={LOVE_DICTS.supportState}
            value={s.voided ? LOVE_SUPPORT_STATES.voided : LOVE_SUPPORT_STATES.valid}
          />
          {s.voided ? s.voidReason : null}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, s) => (
        <HasPermi permissions={[PERMS.loveVoid]}>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              setTarget({
                title: `作废用户 ${s.userName} 在本活动的全部助力`,
                body: { activityId: s.activityId, userId: s.userId },
              })
            }
          >
            按用户作废
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              setTarget({
                title: `作废 IP ${s.ip} 在本活动的全部助力`,
                body: { activityId: s.activityId, ip: s.ip },
              })
            }
          >
            按 IP 作废
          </Button>
        </HasPermi>
      ),
    },
  ]

  return (
    <>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { guildId?: number; userName?: string; ip?: string; voided?: string }) => {
          setPage(FIRST_PAGE)
          setSelected([])
          setFilters({
            ...(v.guildId ? { guildId: v.guildId } : {}),
            ...(v.userName?.trim() ? { userName: v.userName.trim() } : {}),
            ...(v.ip?.trim() ? { ip: v.ip.trim() } : {}),
            ...(v.voided ? { voided: v.voided === LOVE_SUPPORT_STATES.voided } : {}),
          })
        }}
      >
        <Form.Item>
          <ActivitySelect value={activityId} onChange={onActivity} allowClear />
        </Form.Item>
        <Form.Item name="guildId">
          <Select
            allowClear
            placeholder="公会"
            style={{ width: 150 }}
            disabled={!activityId}
            options={(guilds.data ?? []).map((g) => ({ value: g.guildId, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="userName">
          <Input allowClear placeholder="用户名" maxLength={30} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="ip">
          <Input allowClear placeholder="IP 地址" maxLength={45} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="voided">
          <Select allowClear placeholder="状态" style={{ width: 100 }} options={dictOptions(states)} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      <HasPermi permissions={[PERMS.loveVoid]}>
        <Space style={{ marginBottom: 12 }}>
          <Button
            danger
            disabled={selected.length === 0}
            onClick={() =>
              setTarget({ title: `作废选中的 ${selected.length} 条助力`, body: { supportIds: selected } })
            }
          >
            作废选中
          </Button>
        </Space>
      </HasPermi>
      <QueryTable<LoveSupport>
        list={list}
        errorTitle="助力记录加载失败"
        rowKey="supportId"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (s) => ({ disabled: s.voided }),
        }}
        paging={(total) => pagination(query, total, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
      />
      <ReasonModal
        open={target !== null}
        title={target?.title ?? ''}
        label="作废原因"
        loading={voiding.isPending}
        onCancel={() => setTarget(null)}
        onOk={(reason) =>
          target &&
          voiding.mutate(
            { ...target.body, reason },
            {
              onSuccess: (r) => {
                toast('success', `已作废 ${r.voided} 条助力`)
                setTarget(null)
                setSelected([])
              },
            },
          )
        }
      />
    </>
  )
}
