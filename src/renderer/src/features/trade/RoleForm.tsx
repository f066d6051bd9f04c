/** Add or edit a receiving role (game, server, role name, role id) in a modal. */
import { Checkbox, Form, Input, Modal, Select } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { ReceivingRole, SaveRoleBody } from '@shared/api/trade'
import { gameServersQuery, gamesQuery } from '@renderer/api/game'
import { useSaveRole } from '@renderer/api/trade'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'

interface Values {
  gameId: number
  serverId?: number
  roleName: string
  gameRoleId: string
  isDefault?: boolean
}

export function RoleFormModal({
  role,
  gameId,
  onClose,
  onSaved,
}: {
  role?: ReceivingRole | null
  /** fixed game (ordering a listing of this game) */
  gameId?: number
  onClose: () => void
  onSaved: (role: ReceivingRole) => void
}) {
  const [form] = Form.useForm<Values>()
  const selectedGame = Form.useWatch('gameId', form) ?? role?.gameId ?? gameId
  const games = useQuery(gamesQuery())
  const servers = useQuery({ ...gameServersQuery(selectedGame ?? 0), enabled: Boolean(selectedGame) })
  const save = useSaveRole()
  const serverOptions = (servers.data ?? [])
    .filter((s) => s.parentId !== null)
    .map((s) => ({ value: s.serverId, label: s.name }))

  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const body: SaveRoleBody = {
      ...(role ? { roleId: role.roleId } : {}),
      gameId: values.gameId,
      ...(values.serverId ? { serverId: values.serverId } : {}),
      roleName: values.roleName.trim(),
      gameRoleId: values.gameRoleId.trim(),
      isDefault: Boolean(values.isDefault),
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        toast('success', '收货角色已保存')
        onSaved(saved)
      },
    })
  }

  return (
    <Modal
      open
      title={role ? '编辑收货角色' : '新增收货角色'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          gameId: role?.gameId ?? gameId,
          serverId: role?.serverId ?? undefined,
          roleName: role?.roleName ?? '',
          gameRoleId: role?.gameRoleId ?? '',
          isDefault: role?.isDefault ?? false,
        }}
      >
        <Form.Item name="gameId" label="游戏" rules={[{ required: true, message: '请选择游戏' }]}>
          <Select
            aria-label="游戏"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={Boolean(gameId)}
            loading={games.isPending}
            placeholder="选择游戏"
            options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
            onChange={() => form.setFieldValue('serverId', undefined)}
          />
        </Form.Item>
        {serverOptions.length > 0 ? (
          <Form.Item name="serverId" label="服务器">
            <Select aria-label="服务器" allowClear placeholder="选择服务器" options={serverOptions} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="roleName"
          label="角色名"
          rules={[{ required: true, whitespace: true, message: '请输入角色名' }, { max: 40 }]}
        >
          <Input aria-label="角色名" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="gameRoleId"
          label="角色 ID"
          rules={[{ required: true, whitespace: true, message: '请输入游戏内角色 ID' }, { max: 40 }]}
        >
          <Input aria-label="角色 ID" maxLength={40} />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>设为该游戏的默认收货角色</Checkbox>
        </Form.Item>
      </Form>
      <ErrorAlert error={save.error} fallback="保存失败" />
    </Modal>
  )
}
