/**
 * The add / edit dialog of 菜单管理. A directory's component follows from where it sits (Layout at the
 * top, ParentView inside a directory); a page picks its component from the console's known pages and
 * its permission string from PERMS. The server checks the same rules (paths unique among siblings…).
 */
import { Form, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect } from 'antd'
import {
  MENU_CHILD_PATH,
  MENU_LIMITS,
  MENU_TOP_PATH,
  type MenuBody,
  type StaffMenu,
} from '@shared/api/system'
import type { Status } from '@shared/api/auth'
import { CONSOLE_PAGE_COMPONENTS } from '@shared/pages/console'
import { permissionLabel } from '@shared/permission-labels'
import { STAFF_PERMISSIONS } from '@shared/permissions'
import { useAddMenu, useEditMenu } from '@renderer/api/auth'
import { dictOptions, useDict } from '../../parts/dict'
import { FormModal } from '../../parts/FormModal'

/** what the dialog edits: a row, or a new row under `parentId` (null: top level) */
export type MenuTarget = { menu: StaffMenu } | { parentId: number | null }

interface Fields {
  parentId: number | null
  menuType: 'M' | 'C'
  menuName: string
  path: string
  component?: string
  icon?: string
  perms?: string
  orderNum: number
  hidden: boolean
  noCache: boolean
  affix: boolean
  activeMenu?: string
  status: Status
}

const TOP = 0

function directories(menus: readonly StaffMenu[], exclude: number | null): object[] {
  return menus
    .filter((m) => m.menuType === 'M' && m.menuId !== exclude)
    .map((m) => ({
      value: m.menuId,
      title: m.menuName,
      children: directories(m.children ?? [], exclude),
    }))
}

const COMPONENT_OPTIONS = CONSOLE_PAGE_COMPONENTS.map((c) => ({ value: c, label: c }))
const PERMISSION_OPTIONS = STAFF_PERMISSIONS.map((p) => ({
  value: p,
  label: `${permissionLabel(p)}（${p}）`,
}))

export function MenuForm({
  target,
  menus,
  onClose,
}: {
  target: MenuTarget | null
  menus: readonly StaffMenu[]
  onClose: () => void
}) {
  const [form] = Form.useForm<Fields>()
  const statuses = useDict('sys_normal_disable')
  const add = useAddMenu()
  const edit = useEditMenu()
  const menuType = Form.useWatch('menuType', form)
  const parentId = Form.useWatch('parentId', form)
  const top = !parentId
  const editing = target && 'menu' in target ? target.menu : null

  const initial: Partial<Fields> = editing
    ? {
        ...editing,
        parentId: editing.parentId ?? TOP,
        perms: editing.perms ?? undefined,
        activeMenu: editing.activeMenu ?? undefined,
      }
    : {
        parentId: target && 'parentId' in target ? (target.parentId ?? TOP) : TOP,
        menuType: 'C',
        orderNum: 1,
        hidden: false,
        noCache: false,
        affix: false,
        status: '0',
      }

  const submit = (v: Fields) => {
    const parent = v.parentId ? v.parentId : undefined
    const body: MenuBody = {
      ...(parent ? { parentId: parent } : {}),
      menuName: v.menuName.trim(),
      menuType: v.menuType,
      path: v.path.trim(),
      component: v.menuType === 'M' ? (parent ? 'ParentView' : 'Layout') : (v.component ?? ''),
      icon: v.icon?.trim() ?? '',
      orderNum: v.orderNum,
      hidden: v.hidden,
      noCache: v.noCache,
      affix: v.affix,
      status: v.status,
      ...(v.menuType === 'C' && v.perms ? { perms: v.perms } : {}),
      ...(v.activeMenu?.trim() ? { activeMenu: v.activeMenu.trim() } : {}),
    }
    if (editing) edit.mutate({ menuId: editing.menuId, ...body }, { onSuccess: onClose })
    else add.mutate(body, { onSuccess: onClose })
  }

  return (
    <FormModal<Fields>
      open={target !== null}
      title={editing ? `编辑菜单「${editing.menuName}」` : '新增菜单'}
      width={640}
      loading={add.isPending || edit.isPending}
      onCancel={onClose}
      form={form}
      name="menu"
      initialValues={initial}
      onFinish={submit}
    >
      <Form.Item name="parentId" label="上级菜单">
        <TreeSelect
          treeDefaultExpandAll
          treeData={[
            {
              value: TOP,
              title: '顶级（/console 下）',
              children: directories(menus, editing?.menuId ?? null),
            },
          ]}
        />
      </Form.Item>
      <Form.Item name="menuType" label="菜单类型">
        <Radio.Group
          options={[
            { value: 'M', label: '目录' },
            { value: 'C', label: '页面' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="menuName"
        label="菜单名称"
        rules={[{ required: true, whitespace: true, message: '请填写菜单名称' }]}
      >
        <Input maxLength={MENU_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="path"
        label="路由地址"
        extra={top ? '顶级菜单写完整地址，如 /console/shop' : '目录下的菜单只写一段，如 goods'}
        rules={[
          { required: true, message: '请填写路由地址' },
          {
            pattern: new RegExp(top ? MENU_TOP_PATH : MENU_CHILD_PATH),
            message: top
              ? '顶级菜单的路由地址须为 /console/ 加一段字母、数字、- 或 _'
              : '路由地址只能是一段字母、数字、- 或 _（以小写字母开头）',
          },
        ]}
      >
        <Input maxLength={MENU_LIMITS.path} />
      </Form.Item>
      {menuType === 'C' ? (
        <>
          <Form.Item name="component" label="组件" rules={[{ required: true, message: '请选择组件' }]}>
            <Select showSearch options={COMPONENT_OPTIONS} />
          </Form.Item>
          <Form.Item name="perms" label="权限字符" rules={[{ required: true, message: '请选择权限字符' }]}>
            <Select showSearch optionFilterProp="label" options={PERMISSION_OPTIONS} />
          </Form.Item>
        </>
      ) : null}
      <Space size="large" wrap>
        <Form.Item name="icon" label="图标">
          <Input maxLength={MENU_LIMITS.icon} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="orderNum" label="显示排序" rules={[{ required: true, message: '请填写显示排序' }]}>
          <InputNumber min={0} max={MENU_LIMITS.orderMax} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={dictOptions(statuses)} />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="hidden" label="隐藏" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="noCache" label="不缓存" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="affix" label="固定标签" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item
        name="activeMenu"
        label="高亮菜单"
        extra="隐藏页面打开时高亮的菜单地址，如 /console/trade/order"
        rules={[{ pattern: /^\/console(\/[A-Za-z0-9_-]+)+$/, message: '高亮菜单须为 /console/ 下的地址' }]}
      >
        <Input maxLength={MENU_LIMITS.activeMenu} />
      </Form.Item>
    </FormModal>
  )
}
