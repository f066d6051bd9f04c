/** /buyer/roleManage.html: my receiving roles (game, server, role name, role id) — add, edit, remove. */
import './trade.css'
import { useState } from 'react'
import { Alert, Button, Popconfirm, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined } from '@ant-design/icons'
import type { ReceivingRole } from '@shared/api/trade'
import { listRoles, removeRole } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { RoleFormModal } from './RoleForm'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'

export default function RoleManagePage() {
  const roles = useQuery(['roles'], () => listRoles())
  const [editing, setEditing] = useState<ReceivingRole | 'new' | null>(null)
  const remove = async (role: ReceivingRole) => {
    try {
      await removeRole(role.roleId)
      toast('success', '已删除收货角色')
      roles.reload()
    } catch (err) {
      toast('error', apiErrorText(err, '删除失败'))
    }
  }
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
        <Alert type="error" showIcon title={apiErrorText(roles.error, '收货角色加载失败')} />
      ) : (
        <Table<ReceivingRole>
          rowKey="roleId"
          loading={roles.loading}
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
          onSaved={() => {
            setEditing(null)
            roles.reload()
          }}
        />
      ) : null}
    </CentreLayout>
  )
}
