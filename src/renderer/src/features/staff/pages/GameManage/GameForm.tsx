/** The add / edit dialog of a game: names, initial, icon (uploaded through the image module), platforms, hot, sort. */
import { useState } from 'react'
import { Avatar, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Upload } from 'antd'
import { GAME_LIMITS, type GameSaveBody, type StaffGame } from '@shared/api/game'
import { useSaveGame } from '@renderer/api/game'
import { imageSrc, uploadGoodsImage } from '@renderer/api/goods'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { dictOptions, useDict } from '../../parts/dict'

type Values = Omit<GameSaveBody, 'gameId' | 'iconImageId'>

export function GameForm({
  game,
  open,
  onClose,
}: {
  /** null: a new game */
  game: StaffGame | null
  open: boolean
  onClose: () => void
}) {
  const [form] = Form.useForm<Values>()
  const platforms = useDict('platform')
  const save = useSaveGame()
  const [icon, setIcon] = useState<{ imageId: string; url: string } | null>(null)
  const [uploading, setUploading] = useState(false)

  const onIcon = async (file: File) => {
    setUploading(true)
    try {
      const image = await uploadGoodsImage(file)
      setIcon({ imageId: image.imageId, url: image.thumbUrl })
    } catch (err) {
      toastError(err, '图标上传失败')
    } finally {
      setUploading(false)
    }
    return false
  }

  const close = () => {
    setIcon(null)
    onClose()
  }

  return (
    <Modal
      open={open}
      title={game ? `编辑游戏：${game.nameCn}` : '新增游戏'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={close}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          game
            ? {
                nameCn: game.nameCn,
                nameEn: game.nameEn,
                initial: game.initial,
                platforms: game.platforms,
                hot: game.hot,
                sort: game.sort,
                description: game.description,
              }
            : { nameEn: '', platforms: [], hot: false, sort: 100, description: '' }
        }
        onFinish={(values) => {
          if (!game && !icon) {
            toast('error', '请上传游戏图标')
            return
          }
          save.mutate(
            {
              ...values,
              nameCn: values.nameCn.trim(),
              nameEn: (values.nameEn ?? '').trim(),
              initial: values.initial.toUpperCase(),
              description: (values.description ?? '').trim(),
              ...(game ? { gameId: game.gameId } : {}),
              ...(icon ? { iconImageId: icon.imageId } : {}),
            },
            { onSuccess: close },
          )
        }}
      >
        <Form.Item label="图标">
          <Space>
            <Avatar shape="square" size={56} src={imageSrc(icon?.url ?? game?.icon)}>
              {game?.nameCn.slice(0, 1)}
            </Avatar>
            <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={onIcon}>
              <Button loading={uploading}>{game || icon ? '更换图标' : '上传图标'}</Button>
            </Upload>
          </Space>
        </Form.Item>
        <Form.Item
          name="nameCn"
          label="游戏名称"
          rules={[{ required: true, whitespace: true, message: '请填写游戏名称' }]}
        >
          <Input maxLength={GAME_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item name="nameEn" label="英文名 / 拼音">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="initial"
          label="首字母（游戏索引）"
          rules={[{ required: true, pattern: /^[A-Za-z]$/, message: '首字母必须是一个英文字母' }]}
        >
          <Input maxLength={1} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="platforms" label="平台" rules={[{ required: true, message: '请选择平台' }]}>
          <Select mode="tags" options={dictOptions(platforms)} maxCount={GAME_LIMITS.platforms} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="hot" label="热门" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={[{ required: true, message: '请填写排序' }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label="简介">
          <Input.TextArea rows={3} maxLength={GAME_LIMITS.description} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
