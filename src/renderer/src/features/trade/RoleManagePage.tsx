/** /buyer/roleManage.html: my receiving roles (game, server, role name, role id) — add, edit, remove. */
import './trade.css'
import { useState } from 'react'
import { Button, Popconfirm, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import type { ReceivingRole } from '@shared/api/trade'
import { rolesQuery, useRemoveRole } from '@renderer/api/trade'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { toast } from '@renderer/utils/toast'
import { RoleFormModal } from './RoleForm'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

export default function RoleManagePage() {
  const roles = useQuery(rolesQuery())
  const removal = useRemoveRole()
  const [editing, setEditing] = useState<ReceivingRole | 'new' | null>(null)
  // a refusal is a toast of the request layer; the list refreshes itself
  const remove = (role: ReceivingRole) =>
    removal
      .mutateAsync(role.roleId, { onSuccess: () => toast('success', '已删除收货角色') })
      .catch(() => undefined)
  const columns: ColumnsType<ReceivingRole> = [
    { title: '游戏', dataIndex: 'gameName' },
    { title: '服务器', dataIndex: 'serverName', render: (v: string | null) => v || '—' },
    {
      title: '角色名',
      dataIndex: 'roleName',
      render: (v: string, row) => (
        <>
          {v} {row.isDefault ? <Tag color="blue">默认</Tag> : null}
        </>
      ),
    },
    { title: '角色 ID', dataIndex: 'gameRoleId' },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_: unknown, row) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button size="small" onClick={() => setEditing(row)}>
            编辑
          </Button>
          <Popconfirm
            title="删除这个收货角色？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove(row)}
          >
            <Button size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ]
  return (
    <CentreLayout
      centre={BUYER_CENTRE}
      title="收货角色管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增收货角色
        </Button>
      }
    >
      <p className="order-card__sub">购买游戏币、道具、代充时，卖家会把商品交付到您选择的收货角色。</p>
      {roles.error ? (
        <ErrorAlert error={roles.error} fallback="收货角色加载失败" />
      ) : (
        <ResponsiveTable<ReceivingRole>
          card={{ title: 'roleName', actions: 'op', label: (r) => `角色 ${r.roleName}` }}
          rowKey="roleId"
          loading={roles.isPending}
          columns={columns}
          dataSource={roles.data ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: '还没有收货角色' }}
        />
      )}
      {editing ? (
        <RoleFormModal
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </CentreLayout>
  )
}
