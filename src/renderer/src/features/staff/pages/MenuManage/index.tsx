/**
 * 菜单管理 (docs/console.md): the console's menu tree as a tree table; add (a page or directory,
 * at the top or inside a directory), edit, hide, disable and remove rows. A row with children is not
 * removed, and this page's own row is never disabled or removed (the server refuses both).
 * Permissions system:menu:list (view) and system:menu:edit (changes).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd'
import type { StaffMenu } from '@shared/api/system'
import { permissionLabel } from '@shared/permission-labels'
import { PERMS } from '@shared/permissions'
import { consoleMenusQuery, useRemoveMenu } from '@renderer/api/auth'
import { HasPermi } from '@renderer/components/HasPermi'
import { DictTag } from '../../parts/dict'
import { QueryTable } from '../../parts/QueryTable'
import { MenuForm, type MenuTarget } from './MenuForm'

export default function MenuManagePage() {
  const menus = useQuery(consoleMenusQuery())
  const [target, setTarget] = useState<MenuTarget | null>(null)
  const remove = useRemoveMenu()

  return (
    <>
      <div className="console-toolbar">
        <HasPermi permissions={[PERMS.menuEdit]}>
          <Button type="primary" onClick={() => setTarget({ parentId: null })}>
            新增菜单
          </Button>
        </HasPermi>
      </div>
      <QueryTable<StaffMenu>
        list={menus}
        rowKey="menuId"
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={menus.data ? 'loaded' : 'loading'}
        columns={[
          { title: '菜单名称', dataIndex: 'menuName', width: 200 },
          { title: '图标', dataIndex: 'icon', width: 100 },
          { title: '排序', dataIndex: 'orderNum', width: 70 },
          {
            title: '类型',
            dataIndex: 'menuType',
            width: 80,
            render: (v: string) => (v === 'M' ? <Tag color="blue">目录</Tag> : <Tag>页面</Tag>),
          },
          { title: '路由地址', dataIndex: 'path' },
          { title: '组件', dataIndex: 'component' },
          {
            title: '权限',
            dataIndex: 'perms',
            render: (v: string | null) => (v ? <Tooltip title={v}>{permissionLabel(v)}</Tooltip> : '-'),
          },
          {
            title: '显示',
            dataIndex: 'hidden',
            width: 80,
            render: (hidden: boolean) => (hidden ? <Tag>隐藏</Tag> : <Tag color="success">显示</Tag>),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: string) => <DictTag dictType="sys_normal_disable" value={v} />,
          },
          {
            title: '操作',
            key: 'op',
            width: 180,
            render: (_, m) => (
              <HasPermi permissions={[PERMS.menuEdit]}>
                <Space size="small">
                  <a onClick={() => setTarget({ menu: m })}>编辑</a>
                  {m.menuType === 'M' ? <a onClick={() => setTarget({ parentId: m.menuId })}>新增</a> : null}
                  {m.children?.length ? (
                    <Tooltip title="请先删除子菜单">
                      <span style={{ color: 'var(--ant-color-text-disabled)', cursor: 'not-allowed' }}>
                        删除
                      </span>
                    </Tooltip>
                  ) : (
                    <Popconfirm
                      title={`删除菜单「${m.menuName}」？持有它的角色将不再看到它。`}
                      onConfirm={() => remove.mutate(m.menuId)}
                    >
                      <a>删除</a>
                    </Popconfirm>
                  )}
                </Space>
              </HasPermi>
            ),
          },
        ]}
      />
      <MenuForm target={target} menus={menus.data ?? []} onClose={() => setTarget(null)} />
    </>
  )
}
