/**
 * Console: 公告与攻略 (docs/console.md) — every notice by type (GUIDE with a game = 游戏攻略 of
 * /walkthrough.html), drafts too, with filters; add / edit (rich text, sanitised by the server),
 * publish, unpublish, delete; the detail drawer shows the notice as the site will. Published notices
 * are on the public list and detail at once. Permissions system:notice:list / system:notice:edit.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Drawer, Input, Select, Skeleton, Space, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  NOTICE_STATUS_LABELS,
  NOTICE_STATUSES,
  type NoticeStaffListQuery,
  type StaffNotice,
} from '@shared/api/notice'
import { PERMS } from '@shared/permissions'
import {
  staffNoticeQuery,
  staffNoticesQuery,
  useDeleteNotice,
  usePublishNotice,
  useUnpublishNotice,
} from '@renderer/api/notice'
import { gamesQuery } from '@renderer/api/game'
import { HasPermi } from '@renderer/components/HasPermi'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { NoticeContent } from '@renderer/components/NoticeContent'
import { dictOptions, DictTag, useDict } from '../../parts/dict'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'
import { NoticeEditor } from './NoticeEditor'

type Row = Omit<StaffNotice, 'content'>

function NoticeDrawer({
  noticeId,
  gameName,
  onClose,
}: {
  noticeId: number | null
  gameName: (id?: number | null) => string | undefined
  onClose: () => void
}) {
  const detail = useQuery({ ...staffNoticeQuery(noticeId ?? 0), enabled: noticeId !== null })
  const n = detail.data
  return (
    <Drawer title="公告详情" size={760} open={noticeId !== null} onClose={onClose} destroyOnHidden>
      <ErrorAlert error={detail.error} fallback="公告加载失败" onRetry={() => void detail.refetch()} />
      {!n ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="编号">{n.noticeId}</Descriptions.Item>
            <Descriptions.Item label="类型">
              <DictTag dictType="notice_type" value={n.noticeType} />
            </Descriptions.Item>
            <Descriptions.Item label="标题" span={2}>
              {n.title}
            </Descriptions.Item>
            <Descriptions.Item label="游戏">{gameName(n.gameId) ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="状态">{NOTICE_STATUS_LABELS[n.status]}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{dateTime(n.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{dateTime(n.updatedAt)}</Descriptions.Item>
          </Descriptions>
          {/* the server's sanitised HTML, shown as the site shows it */}
          <NoticeContent notice={{ content: n.content, contentFormat: 'html' }} className="notice-preview" />
        </>
      )}
    </Drawer>
  )
}

export default function NoticeManagePage() {
  const { query, refine, paging } = usePagedQuery<NoticeStaffListQuery>(FIRST_PAGE)
  const [keyword, setKeyword] = useState('')
  const list = useQuery(staffNoticesQuery(query))
  const types = useDict('notice_type')
  const games = useQuery(gamesQuery())
  const publish = usePublishNotice()
  const unpublish = useUnpublishNotice()
  const remove = useDeleteNotice()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const gameName = (id?: number | null) => games.data?.find((g) => g.gameId === id)?.nameCn

  const columns: ColumnsType<Row> = [
    { title: '编号', dataIndex: 'noticeId', width: 70 },
    {
      title: '标题',
      key: 'title',
      render: (_, n) => (
        <Button
          type="link"
          size="small"
          onClick={() => setViewing(n.noticeId)}
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        >
          {n.title}
        </Button>
      ),
    },
    {
      title: '类型',
      dataIndex: 'noticeType',
      width: 100,
      render: (t: string) => <DictTag dictType="notice_type" value={t} />,
    },
    {
      title: '游戏',
      dataIndex: 'gameId',
      width: 110,
      render: (id: number | null) => (id ? <Tag color="blue">{gameName(id) ?? `#${id}`}</Tag> : '-'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Row['status']) => (
        <Tag color={s === '0' ? 'green' : 'default'}>{NOTICE_STATUS_LABELS[s]}</Tag>
      ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: dateTime },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, n) => (
        <HasPermi permissions={[PERMS.noticeEdit]}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(n.noticeId)}>
              编辑
            </Button>
            {n.status === '1' ? (
              <Button type="link" size="small" onClick={() => publish.mutate(n.noticeId)}>
                发布
              </Button>
            ) : n.fixed ? null : (
              <ConfirmLink
                title="下线后网站上不再显示，确定下线？"
                okText="下线"
                danger={false}
                onConfirm={() => unpublish.mutate(n.noticeId)}
              />
            )}
            {n.fixed ? null : (
              <ConfirmLink
                title="删除后不能恢复，确定删除？"
                okText="删除"
                onConfirm={() => remove.mutate(n.noticeId)}
              />
            )}
          </Space>
        </HasPermi>
      ),
    },
  ]

  return (
    <Card title="公告与攻略">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="标题关键词"
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(keyword) => refine({ keyword })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          placeholder="类型"
          value={query.noticeType}
          options={dictOptions(types)}
          onChange={(noticeType?: NoticeStaffListQuery['noticeType']) => refine({ noticeType })}
          style={{ width: 120 }}
        />
        <Select
          allowClear
          placeholder="状态"
          value={query.status}
          options={NOTICE_STATUSES.map((s) => ({ value: s, label: NOTICE_STATUS_LABELS[s] }))}
          onChange={(status?: NoticeStaffListQuery['status']) => refine({ status })}
          style={{ width: 110 }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="游戏（攻略）"
          value={query.gameId}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
          onChange={(gameId?: number) => refine({ gameId })}
          style={{ width: 150 }}
        />
        <HasPermi permissions={[PERMS.noticeEdit]}>
          <Button type="primary" onClick={() => setEditing('new')}>
            新增公告
          </Button>
        </HasPermi>
      </Space>
      <QueryTable<Row>
        list={list}
        errorTitle="公告加载失败"
        rowKey="noticeId"
        columns={columns}
        paging={paging}
      />
      <NoticeEditor
        noticeId={typeof editing === 'number' ? editing : null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <NoticeDrawer noticeId={viewing} gameName={gameName} onClose={() => setViewing(null)} />
    </Card>
  )
}
