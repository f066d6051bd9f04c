/** The guilds of one activity, ranked as on the board: add, edit (logo through the image module), remove. */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Button, Empty, Form, Input, Select, Space, Upload } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { LOVE_LIMITS, type LoveGuild } from '@shared/api/love'
import { PERMS } from '@shared/permissions'
import { useAddLoveGuild, useEditLoveGuild, useRemoveLoveGuild, loveGuildsQuery } from '@renderer/api/love'
import { gamesQuery } from '@renderer/api/game'
import { uploadGoodsImage } from '@renderer/api/goods'
import { toastError } from '@renderer/utils/api-error'
import { HasPermi } from '@renderer/components/HasPermi'
import { toast } from '@renderer/utils/toast'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { FormModal } from '../../parts/FormModal'
import { QueryTable } from '../../parts/QueryTable'
import { ActivitySelect } from './ActivitySelect'

interface GuildForm {
  name: string
  gameId: number
  serverName: string
}

function GuildDialog({
  activityId,
  guild,
  onClose,
}: {
  activityId: number
  guild: LoveGuild | null | undefined
  onClose: () => void
}) {
  const games = useQuery(gamesQuery())
  const add = useAddLoveGuild()
  const edit = useEditLoveGuild()
  const [logo, setLogo] = useState<{ imageId: string; url: string } | null>(null)
  const [uploading, setUploading] = useState(false)
  const shownLogo =
    logo ?? (guild?.logoImageId ? { imageId: guild.logoImageId, url: guild.logoUrl ?? '' } : null)
  const close = () => {
    setLogo(null)
    onClose()
  }
  const save = (v: GuildForm) => {
    const body = {
      activityId,
      name: v.name.trim(),
      gameId: v.gameId,
      serverName: v.serverName.trim(),
      ...(shownLogo ? { logoImageId: shownLogo.imageId } : {}),
    }
    const done = { onSuccess: () => (toast('success', '已保存'), close()) }
    if (guild) edit.mutate({ ...body, guildId: guild.guildId }, done)
    else add.mutate(body, done)
  }
  return (
    <FormModal<GuildForm>
      open={guild !== undefined}
      title={guild ? '编辑公会' : '添加公会'}
      loading={add.isPending || edit.isPending}
      okDisabled={uploading}
      onCancel={close}
      onFinish={save}
      initialValues={
        guild ? { name: guild.name, gameId: guild.gameId, serverName: guild.serverName } : undefined
      }
    >
      <Form.Item
        name="name"
        label="公会名称"
        rules={[{ required: true, whitespace: true, message: '请填写公会名称' }]}
      >
        <Input maxLength={LOVE_LIMITS.guildName} />
      </Form.Item>
      <Form.Item name="gameId" label="游戏" rules={[{ required: true, message: '请选择游戏' }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={games.isPending}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
        />
      </Form.Item>
      <Form.Item
        name="serverName"
        label="区服"
        rules={[{ required: true, whitespace: true, message: '请填写区服' }]}
      >
        <Input maxLength={LOVE_LIMITS.serverName} />
      </Form.Item>
      <Form.Item label="公会徽标（可选，JPG/PNG/WebP）">
        <Space>
          <Avatar shape="square" size={64} src={shownLogo?.url || undefined}>
            徽标
          </Avatar>
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            customRequest={({ file }) => {
              setUploading(true)
              uploadGoodsImage(file as File)
                .then((img) => setLogo({ imageId: img.imageId, url: img.thumbUrl }))
                .catch((err: unknown) => toastError(err, '徽标上传失败'))
                .finally(() => setUploading(false))
            }}
          >
            <Button loading={uploading}>上传徽标</Button>
          </Upload>
        </Space>
      </Form.Item>
    </FormModal>
  )
}

export function Guilds({
  activityId,
  onActivity,
}: {
  activityId: number | null
  onActivity: (id: number | null) => void
}) {
  const list = useQuery(loveGuildsQuery(activityId))
  const remove = useRemoveLoveGuild()
  const [editing, setEditing] = useState<LoveGuild | null | undefined>(undefined)
  const columns: ColumnsType<LoveGuild> = [
    { title: '名次', dataIndex: 'rank', width: 60 },
    {
      title: '徽标',
      dataIndex: 'logoUrl',
      width: 70,
      render: (url: string | null, g) => (
        <Avatar shape="square" src={url ?? undefined}>
          {g.name.slice(0, 1)}
        </Avatar>
      ),
    },
    { title: '公会名称', dataIndex: 'name' },
    { title: '游戏', dataIndex: 'gameName', width: 120 },
    { title: '区服', dataIndex: 'serverName', width: 120 },
    { title: '有效助力', dataIndex: 'supports', width: 90 },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, g) => (
        <HasPermi permissions={[PERMS.loveEdit]}>
          <Button type="link" size="small" onClick={() => setEditing(g)}>
            编辑
          </Button>
          <ConfirmLink
            title="确定删除该公会？已有助力的公会不能删除。"
            okText="删除"
            onConfirm={() => remove.mutate(g.guildId, { onSuccess: () => toast('success', '已删除') })}
          />
        </HasPermi>
      ),
    },
  ]
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <ActivitySelect value={activityId} onChange={onActivity} />
        {activityId ? (
          <HasPermi permissions={[PERMS.loveEdit]}>
            <Button type="primary" onClick={() => setEditing(null)}>
              添加公会
            </Button>
          </HasPermi>
        ) : null}
      </Space>
      {activityId === null ? (
        <Empty description="请先选择活动" />
      ) : (
        <>
          <QueryTable<LoveGuild>
            list={list}
            errorTitle="公会加载失败"
            rowKey="guildId"
            columns={columns}
            pagination={false}
          />
          <GuildDialog activityId={activityId} guild={editing} onClose={() => setEditing(undefined)} />
        </>
      )}
    </>
  )
}
