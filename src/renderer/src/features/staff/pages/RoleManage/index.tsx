/**
 * 角色管理 (docs/console.md, "Roles and permissions"): the roles with their member counts, filters,
 * add / edit (permission strings and console menus) / disable / enable / remove. The admin role is
 * never changed, a role with members is disabled rather than removed; the server enforces both and
 * the other rules (unique keys, no self-escalation, the last role editor).
 * Permissions system:role:list (view) and system:role:edit (changes).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Popconfirm, Space, Tooltip } from 'antd'
import type { RoleQuery, StaffRole } from '@shared/api/auth'
import { PERMS } from '@shared/permissions'
import { rolesQuery, useRemoveRole, useRoleStatus } from '@renderer/api/auth'
import { HasPermi } from '@renderer/components/HasPermi'
import { useHasPermi } from '@renderer/components/use-permission'
import { DictTag, DictFilter } from '../../parts/dict'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { FIRST_PAGE } from '../../parts/table'
import { RoleEditor } from './RoleEditor'

interface Filters {
  roleName?: string
  roleKey?: string
  status?: '0' | '1'
}

export default function RoleManagePage() {
  const { query, search, paging } = usePagedQuery<RoleQuery>(FIRST_PAGE)
  const [editing, setEditing] = useState<{ roleId: number | null } | null>(null)
  const roles = useQuery(rolesQuery(query))
  const canEdit = useHasPermi([PERMS.roleEdit])
  const setStatus = useRoleStatus()
  const remove = useRemoveRole()

  return (
    <>
      <FilterForm<Filters>
        onSearch={search}
        extra={
          <HasPermi permissions={[PERMS.roleEdit]}>
            <Button onClick={() => setEditing({ roleId: null })}>新增角色</Button>
          </HasPermi>
        }
      >
        <TextFilter name="roleName" label="角色名称" maxLength={30} />
        <TextFilter name="roleKey" label="权限字符" maxLength={40} />
        <DictFilter dictType="sys_normal_disable" />
      </FilterForm>
      <QueryTable<StaffRole>
        list={roles}
        rowKey="roleId"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'roleId', width: 80 },
          { title: '角色名称', dataIndex: 'roleName' },
          { title: '权限字符', dataIndex: 'roleKey' },
          { title: '显示顺序', dataIndex: 'sort', width: 100 },
          { title: '成员数', dataIndex: 'members', width: 90 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <DictTag dictType="sys_normal_disable" value={v} />,
          },
          { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '-' },
          {
            title: '操作',
            key: 'op',
            width: 220,
            render: (_, r) => (
              <Space size="small">
                <a onClick={() => setEditing({ roleId: r.roleId })}>
                  {canEdit && !r.builtIn ? '编辑' : '查看'}
                </a>
                {r.builtIn ? null : (
                  <HasPermi permissions={[PERMS.roleEdit]}>
                    <Popconfirm
                      title={
                        r.status === '0'
                          ? `停用「${r.roleName}」？其 ${r.members} 名成员将立即失去该角色的权限和菜单。`
                          : `启用「${r.roleName}」？`
                      }
                      onConfirm={() =>
                        setStatus.mutate({ roleId: r.roleId, status: r.status === '0' ? '1' : '0' })
                      }
                    >
                      <a>{r.status === '0' ? '停用' : '启用'}</a>
                    </Popconfirm>
                    {r.members > 0 ? (
                      <Tooltip title="该角色还有成员，不能删除，请改为停用">
                        <span style={{ color: 'var(--ant-color-text-disabled)', cursor: 'not-allowed' }}>
                          删除
                        </span>
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        title={`删除角色「${r.roleName}」？`}
                        onConfirm={() => remove.mutate(r.roleId)}
                      >
                        <a>删除</a>
                      </Popconfirm>
                    )}
                  </HasPermi>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RoleEditor
        open={editing !== null}
        roleId={editing?.roleId ?? null}
        canEdit={canEdit}
        onClose={() => setEditing(null)}
      />
    </>
  )
}
