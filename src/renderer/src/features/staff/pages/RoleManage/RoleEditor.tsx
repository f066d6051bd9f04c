/**
 * The role drawer of 角色管理: name, key, order, status, remark, the permission strings (a tree by
 * module with Chinese labels) and the console menus (the menu tree). Read-only without
 * system:role:edit and for the admin role (which holds everything).
 */
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Space, Spin, Tag, Tree } from 'antd'
import type { DataNode } from 'antd/es/tree'
import {
  ROLE_KEY_PATTERN,
  ROLE_LIMITS,
  type MenuNode,
  type RoleBody,
  type RoleDetail,
  type Status,
} from '@shared/api/auth'
import { permissionGroups } from '@shared/permission-labels'
import { roleDetailQuery, roleMenuTreeQuery, useAddRole, useEditRole } from '@renderer/api/auth'
import { dictOptions, useDict } from '../../parts/dict'

const GROUP = 'group:'

const PERMISSION_TREE: DataNode[] = permissionGroups().map((g) => ({
  key: `${GROUP}${g.module}`,
  title: g.label,
  children: g.permissions.map((p) => ({
    key: p.permission,
    title: (
      <span>
        {p.label} <code style={{ fontSize: 12, opacity: 0.65 }}>{p.permission}</code>
      </span>
    ),
  })),
}))

function menuTree(nodes: readonly MenuNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.menuId,
    title: (
      <span>
        {n.menuName}
        {n.status === '1' ? (
          <Tag color="error" style={{ marginLeft: 6 }}>
            停用
          </Tag>
        ) : null}
      </span>
    ),
    ...(n.children?.length ? { children: menuTree(n.children) } : {}),
  }))
}

/** the pages among `ids` (a checked directory would check all its pages in the tree) */
function leafIds(nodes: readonly MenuNode[], ids: ReadonlySet<number>): number[] {
  return nodes.flatMap((n) =>
    n.children?.length ? leafIds(n.children, ids) : ids.has(n.menuId) ? [n.menuId] : [],
  )
}

interface Fields {
  roleName: string
  roleKey: string
  sort: number
  status: Status
  remark?: string
}

function RoleForm({
  role,
  menus,
  readOnly,
  onDone,
}: {
  role: RoleDetail | null
  menus: readonly MenuNode[]
  readOnly: boolean
  onDone: () => void
}) {
  const [form] = Form.useForm<Fields>()
  const statuses = useDict('sys_normal_disable')
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? [])
  const [menuIds, setMenuIds] = useState<number[]>(() => leafIds(menus, new Set(role?.menuIds ?? [])))
  const add = useAddRole()
  const edit = useEditRole()
  const saving = add.isPending || edit.isPending
  const menuData = useMemo(() => menuTree(menus), [menus])

  const submit = (v: Fields) => {
    const body: RoleBody = {
      roleName: v.roleName.trim(),
      roleKey: v.roleKey.trim(),
      sort: v.sort,
      status: v.status,
      remark: v.remark?.trim() ?? '',
      permissions: permissions.filter((k) => !k.startsWith(GROUP)),
      menuIds,
    }
    if (role) edit.mutate({ roleId: role.roleId, ...body }, { onSuccess: onDone })
    else add.mutate(body, { onSuccess: onDone })
  }

  return (
    <Form<Fields>
      form={form}
      name="role"
      layout="vertical"
      disabled={readOnly}
      initialValues={
        role
          ? {
              roleName: role.roleName,
              roleKey: role.roleKey,
              sort: role.sort,
              status: role.status,
              remark: role.remark,
            }
          : { sort: 10, status: '0' }
      }
      onFinish={submit}
    >
      {role?.builtIn ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="超级管理员拥有全部权限和菜单，不能修改。"
        />
      ) : null}
      <Form.Item
        name="roleName"
        label="角色名称"
        rules={[{ required: true, whitespace: true, message: '请填写角色名称' }]}
      >
        <Input maxLength={ROLE_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="roleKey"
        label="权限字符"
        extra="字母开头，只含字母、数字和下划线，如 auditor；不可与其他角色重复"
        rules={[
          { required: true, message: '请填写权限字符' },
          { pattern: new RegExp(ROLE_KEY_PATTERN), message: '权限字符须以字母开头，只含字母、数字和下划线' },
        ]}
      >
        <Input maxLength={ROLE_LIMITS.key} />
      </Form.Item>
      <Space size="large">
        <Form.Item name="sort" label="显示顺序" rules={[{ required: true, message: '请填写显示顺序' }]}>
          <InputNumber min={0} max={ROLE_LIMITS.sortMax} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={dictOptions(statuses)} />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={ROLE_LIMITS.remark} showCount />
      </Form.Item>
      <Form.Item label="权限" extra="须包含「进入管理后台」，角色才能打开管理后台">
        <Tree
          checkable
          selectable={false}
          disabled={readOnly}
          defaultExpandAll
          treeData={PERMISSION_TREE}
          checkedKeys={permissions}
          onCheck={(keys) => setPermissions((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </Form.Item>
      <Form.Item label="菜单" extra="勾选页面时其所在目录一并授予">
        <Tree
          checkable
          selectable={false}
          disabled={readOnly}
          defaultExpandAll
          treeData={menuData}
          checkedKeys={menuIds}
          onCheck={(keys) =>
            setMenuIds(
              (Array.isArray(keys) ? keys : keys.checked)
                .map(Number)
                .filter((id) => Number.isSafeInteger(id)),
            )
          }
        />
      </Form.Item>
      {readOnly ? null : (
        <Button type="primary" htmlType="submit" loading={saving}>
          保存角色
        </Button>
      )}
    </Form>
  )
}

/** `roleId`: null a new role, a number an existing one; `open` false: closed. */
export function RoleEditor({
  open,
  roleId,
  canEdit,
  onClose,
}: {
  open: boolean
  roleId: number | null
  canEdit: boolean
  onClose: () => void
}) {
  const detail = useQuery({ ...roleDetailQuery(roleId ?? 0), enabled: open && roleId !== null })
  const menus = useQuery({ ...roleMenuTreeQuery(), enabled: open })
  const ready = menus.data && (roleId === null || detail.data)
  const role = roleId === null ? null : (detail.data ?? null)
  return (
    <Drawer
      title={roleId === null ? '新增角色' : canEdit && !role?.builtIn ? '编辑角色' : '角色详情'}
      size={560}
      open={open}
      onClose={onClose}
      destroyOnHidden
    >
      {ready ? (
        <RoleForm
          key={roleId ?? 'new'}
          role={role}
          menus={menus.data ?? []}
          readOnly={!canEdit || Boolean(role?.builtIn)}
          onDone={onClose}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  )
}
