/**
 * /buyer/savedSearch.html (订阅搜索): the user's saved searches — name, conditions in words, new
 * matches since last opened, last alert — with open (the list page with the query; clears the new
 * count), rename, pause/resume alerts and delete (docs/saved-searches.md).
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Input, Modal, Popconfirm, Switch, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { BellOutlined } from '@ant-design/icons'
import { SAVED_SEARCH_LIMITS, type SavedSearch } from '@shared/api/saved-search'
import { BUYER_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import {
  savedSearchListQuery,
  usePauseSavedSearch,
  useRemoveSavedSearch,
  useRenameSavedSearch,
  useSeenSavedSearch,
} from '@renderer/api/saved-search'
import { QueryListTable } from '@renderer/components/QueryListTable'
import { errorToShow } from '@renderer/utils/api-error'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import './saved-search.css'

const HINT =
  '在商品列表点「保存搜索/订阅」即可订阅当前的筛选条件。符合条件的商品新上架或降价时，我们会通过站内信、桌面通知和微信（已绑定时）提醒您，同一订阅最多每 10 分钟提醒一次。'

function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const [name, setName] = useState(search?.name ?? '')
  const [error, setError] = useState('')
  const rename = useRenameSavedSearch()
  const save = () =>
    rename.mutate(
      { savedSearchId: search!.savedSearchId, name: name.trim() },
      {
        onSuccess: () => {
          toast('success', '已重命名')
          onClose()
        },
        onError: (err) => setError(errorToShow(err) ?? ''),
      },
    )
  return (
    <Modal
      title="重命名订阅"
      open={search !== null}
      okText="保存"
      cancelText="取消"
      onOk={save}
      okButtonProps={{ disabled: name.trim() === '', loading: rename.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        value={name}
        maxLength={SAVED_SEARCH_LIMITS.name}
        showCount
        aria-label="订阅名称"
        onChange={(e) => setName(e.target.value)}
        onPressEnter={save}
      />
      {error ? <p className="saved-search__error">{error}</p> : null}
    </Modal>
  )
}

export default function SavedSearchPage() {
  const navigate = useNavigate()
  const list = useQuery(savedSearchListQuery())
  const pause = usePauseSavedSearch()
  const remove = useRemoveSavedSearch()
  const seen = useSeenSavedSearch()
  const [renaming, setRenaming] = useState<SavedSearch | null>(null)

  const open = (s: SavedSearch) => {
    if (s.newCount > 0) seen.mutate(s.savedSearchId)
    void navigate(s.query ? `/list.html?${s.query}` : '/list.html')
  }

  const columns: ColumnsType<SavedSearch> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 180,
      render: (_: unknown, s) => (
        <Badge count={s.newCount} size="small" offset={[8, 0]} title={`${s.newCount} 件新商品`}>
          <button type="button" className="saved-search__name" onClick={() => open(s)}>
            {s.name}
          </button>
        </Badge>
      ),
    },
    { title: '搜索条件', dataIndex: 'conditions' },
    {
      title: '新商品',
      dataIndex: 'newCount',
      width: 90,
      render: (n: number) =>
        n > 0 ? <Tag color="red">{n} 件</Tag> : <span className="saved-search__muted">—</span>,
    },
    {
      title: '上次提醒',
      dataIndex: 'lastAlertAt',
      width: 170,
      render: (at: number | null) => (at ? parseTime(at) : <span className="saved-search__muted">暂无</span>),
    },
    {
      title: '提醒',
      dataIndex: 'paused',
      width: 110,
      render: (_: unknown, s) => (
        <Switch
          checked={!s.paused}
          checkedChildren="提醒中"
          unCheckedChildren="已暂停"
          aria-label={`${s.name}的提醒`}
          loading={pause.isPending && pause.variables?.savedSearchId === s.savedSearchId}
          onChange={(on) =>
            pause.mutate(
              { savedSearchId: s.savedSearchId, paused: !on },
              { onSuccess: () => toast('success', on ? '已恢复提醒' : '已暂停提醒') },
            )
          }
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, s) => (
        <div className="saved-search__actions">
          <Button type="link" size="small" onClick={() => open(s)}>
            打开
          </Button>
          <Button type="link" size="small" onClick={() => setRenaming(s)}>
            重命名
          </Button>
          <Popconfirm
            title="删除这个订阅？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove.mutate(s.savedSearchId, { onSuccess: () => toast('success', '已删除') })}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ]

  return (
    <CentreLayout
      centre={BUYER_CENTRE}
      title="订阅搜索"
      extra={list.data ? `${list.data.rows.length} / ${list.data.limit}` : null}
    >
      <p className="saved-search__hint">
        <BellOutlined /> {HINT}
      </p>
      <QueryListTable<SavedSearch>
        card={{ title: 'name', actions: 'actions', label: (s) => s.name }}
        list={list}
        errorTitle="订阅列表加载失败"
        rowKey="savedSearchId"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{ description: '还没有订阅的搜索', action: { to: '/list.html', label: '去商品列表' } }}
      />
      <RenameDialog key={renaming?.savedSearchId ?? 0} search={renaming} onClose={() => setRenaming(null)} />
    </CentreLayout>
  )
}
