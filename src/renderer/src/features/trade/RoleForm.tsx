/** Add or edit a receiving role (game, server, role name, role id) in a modal. */
import { useState } from 'react'
import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd'
import type { ReceivingRole, SaveRoleBody } from '@shared/api/trade'
import { getGames, getGameServers } from '@renderer/api/game'
import { saveRole } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'

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
  const games = useQuery(['games'], getGames)
  const servers = useQuery(['servers', selectedGame], () =>
    selectedGame ? getGameServers(selectedGame) : Promise.resolve([]),
  )
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const serverOptions = (servers.data ?? [])
    .filter((s) => s.parentId !== null)
    .map((s) => ({ value: s.serverId, label: s.name }))

  const save = async () => {
    const values = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      const body: SaveRoleBody = {
        ...(role ? { roleId: role.roleId } : {}),
        gameId: values.gameId,
        ...(values.serverId ? { serverId: values.serverId } : {}),
        roleName: values.roleName.trim(),
        gameRoleId: values.gameRoleId.trim(),
        isDefault: Boolean(values.isDefault),
      }
      const saved = await saveRole(body)
      toast('success', '收货角色已保存')
      onSaved(saved)
    } catch (err) {
      setError(apiErrorText(err, '保存失败'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={role ? '编辑收货角色' : '新增收货角色'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
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
            loading={games.loading}
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
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}
