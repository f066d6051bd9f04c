/**
 * Console: 游戏管理 (docs/console.md) — every game (hidden ones too) with filters; add / edit a game,
 * disable / enable it; the detail drawer edits its areas and servers, its goods types with their
 * attributes (getGameConfig) and its delivery fields (getGameTransferCollectConfig). Changes reach
 * the site at once (the server drops its caches). A disabled game disappears for buyers and takes no
 * new listings; its listings and orders stay. Permissions game:game:list / game:game:edit.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Button, Card, Drawer, Input, Select, Skeleton, Space, Tabs, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { GameStaffListQuery, StaffGame } from '@shared/api/game'
import { PERMS } from '@shared/permissions'
import { staffGameQuery, staffGamesQuery, useSetGameStatus } from '@renderer/api/game'
import { imageSrc } from '@renderer/api/goods'
import { HasPermi } from '@renderer/components/HasPermi'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { dictOptions, DictTag, useDict } from '../../parts/dict'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { FIRST_PAGE } from '../../parts/table'
import { AreasEditor } from './AreasEditor'
import { ConfigEditor } from './ConfigEditor'
import { GameForm } from './GameForm'
import { TransferEditor } from './TransferEditor'

function GameDrawer({ gameId, onClose }: { gameId: number | null; onClose: () => void }) {
  const detail = useQuery({ ...staffGameQuery(gameId ?? 0), enabled: gameId !== null })
  const game = detail.data
  const [tab, setTab] = useState('areas')
  return (
    <Drawer
      title={game ? `游戏配置：${game.nameCn}` : '游戏配置'}
      size={960}
      open={gameId !== null}
      onClose={onClose}
      destroyOnHidden
    >
      <ErrorAlert error={detail.error} fallback="游戏加载失败" onRetry={() => void detail.refetch()} />
      {!game ? (
        <Skeleton active />
      ) : (
        // keyed by the data's version: a saved change reopens the editors with what the server kept
        <Tabs
          key={detail.dataUpdatedAt}
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'areas',
              label: '大区 / 区服',
              children: <AreasEditor gameId={game.gameId} areas={game.areas} />,
            },
            { key: 'config', label: '商品类型与属性', children: <ConfigEditor config={game.config} /> },
            { key: 'transfer', label: '交接字段', children: <TransferEditor transfer={game.transfer} /> },
          ]}
        />
      )}
    </Drawer>
  )
}

export default function GameManagePage() {
  const { query, refine, paging } = usePagedQuery<GameStaffListQuery>(FIRST_PAGE)
  const [keyword, setKeyword] = useState('')
  const list = useQuery(staffGamesQuery(query))
  const statuses = useDict('sys_normal_disable')
  const setStatus = useSetGameStatus()
  const [editing, setEditing] = useState<StaffGame | 'new' | null>(null)
  const [configuring, setConfiguring] = useState<number | null>(null)

  const columns: ColumnsType<StaffGame> = [
    { title: '编号', dataIndex: 'gameId', width: 70 },
    {
      title: '游戏',
      key: 'name',
      render: (_, g) => (
        <Space>
          <Avatar shape="square" src={imageSrc(g.icon)}>
            {g.nameCn.slice(0, 1)}
          </Avatar>
          <span>
            {g.nameCn}
            {g.hot ? (
              <Tag color="red" style={{ marginLeft: 6 }}>
                热门
              </Tag>
            ) : null}
            <div style={{ color: 'var(--ant-color-text-tertiary)', fontSize: 12 }}>{g.nameEn}</div>
          </span>
        </Space>
      ),
    },
    { title: '首字母', dataIndex: 'initial', width: 70 },
    { title: '平台', dataIndex: 'platforms', render: (p: string[]) => p.join(' / ') },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <DictTag dictType="sys_normal_disable" value={s} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setConfiguring(g.gameId)}>
            区服与配置
          </Button>
          <HasPermi permissions={[PERMS.gameEdit]}>
            <Button type="link" size="small" onClick={() => setEditing(g)}>
              编辑
            </Button>
            <ConfirmLink
              title={
                g.status === '0'
                  ? '停用后买家看不到该游戏，也不能再发布商品；已有商品和订单不受影响。确定停用？'
                  : '确定启用该游戏？'
              }
              okText="确定"
              danger={g.status === '0'}
              onConfirm={() => setStatus.mutate({ gameId: g.gameId, status: g.status === '0' ? '1' : '0' })}
            >
              {g.status === '0' ? '停用' : '启用'}
            </ConfirmLink>
          </HasPermi>
        </Space>
      ),
    },
  ]

  return (
    <Card title="游戏管理">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="游戏名称 / 英文名"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(keyword) => refine({ keyword })}
          style={{ width: 220 }}
          maxLength={30}
        />
        <Select
          allowClear
          placeholder="状态"
          value={query.status}
          options={dictOptions(statuses)}
          onChange={(status?: '0' | '1') => refine({ status })}
          style={{ width: 110 }}
        />
        <HasPermi permissions={[PERMS.gameEdit]}>
          <Button type="primary" onClick={() => setEditing('new')}>
            新增游戏
          </Button>
        </HasPermi>
      </Space>
      <QueryTable<StaffGame>
        list={list}
        errorTitle="游戏加载失败"
        rowKey="gameId"
        columns={columns}
        paging={paging}
      />
      <GameForm
        game={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <GameDrawer gameId={configuring} onClose={() => setConfiguring(null)} />
    </Card>
  )
}
