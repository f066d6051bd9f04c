/**
 * The desktop settings dialog (app menu / tray 设置): server address (validated; a change needs a
 * restart), notification preferences per kind, download folder, ask where to save, start
 * minimised to the tray. Desktop shell only (platform.desktopSettings).
 */
import { useEffect, useState } from 'react'
import { Button, Checkbox, Form, Input, Modal, Space, Switch, Typography } from 'antd'
import { FolderOpenOutlined } from '@ant-design/icons'
import { apiOriginProblem, type DesktopSettings } from '@shared/desktop'
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@shared/live-events'
import { withFeedback } from '@renderer/app/feedback'
import type { DesktopSettingsApi } from '@renderer/platform/platform'
import { validated } from '@renderer/utils/form'

interface FormValues {
  apiOrigin: string
  notifications: NotificationKind[]
  downloadDir: string
  askWhereToSave: boolean
  startMinimized: boolean
}

function toForm(settings: DesktopSettings): FormValues {
  return {
    apiOrigin: settings.apiOrigin,
    notifications: NOTIFICATION_KINDS.filter((kind) => settings.notifications[kind]),
    downloadDir: settings.downloadDir,
    askWhereToSave: settings.askWhereToSave,
    startMinimized: settings.startMinimized,
  }
}

/** the message of an error that crossed IPC ("Error invoking remote method 'x': Error: 服务器…") */
export function ipcErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/^Error invoking remote method '[^']+': (?:\w*Error: )?/, '') || '保存失败'
}

export interface DesktopSettingsDialogProps {
  api: DesktopSettingsApi
  open: boolean
  onClose: () => void
}

export function DesktopSettingsDialog({ api, open, onClose }: DesktopSettingsDialogProps) {
  const [form] = Form.useForm<FormValues>()
  const [loaded, setLoaded] = useState<DesktopSettings | null>(null)
  const [version, setVersion] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    let alive = true
    Promise.all([api.get(), api.version().catch(() => '')])
      .then(([settings, v]) => {
        if (!alive) return
        setLoaded(settings)
        setVersion(v)
        form.setFieldsValue(toForm(settings))
      })
      .catch(() => withFeedback(({ message }) => message.error('读取设置失败')))
    return () => {
      alive = false
    }
  }, [open, api, form])

  const chooseDir = async () => {
    const dir = await api.chooseDownloadDir().catch(() => null)
    if (dir) form.setFieldValue('downloadDir', dir)
  }

  const save = async () => {
    const values = await validated(form)
    if (!values) return // the form shows what is wrong
    setSaving(true)
    try {
      const result = await api.save({
        ...(loaded?.apiOriginFromEnvironment ? {} : { apiOrigin: values.apiOrigin.trim() }),
        notifications: Object.fromEntries(
          NOTIFICATION_KINDS.map((kind) => [kind, values.notifications.includes(kind)]),
        ),
        downloadDir: values.downloadDir,
        askWhereToSave: values.askWhereToSave,
        startMinimized: values.startMinimized,
      })
      setLoaded(result.settings)
      onClose()
      if (result.restartRequired) {
        withFeedback(({ modal }) =>
          modal.confirm({
            title: '需要重启客户端',
            content: '服务器地址已保存，重启客户端后生效。现在重启吗？',
            okText: '立即重启',
            cancelText: '稍后',
            onOk: () => api.relaunch(),
          }),
        )
      } else {
        withFeedback(({ message }) => message.success('设置已保存'))
      }
    } catch (error) {
      withFeedback(({ message }) => message.error(ipcErrorMessage(error)))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      title="设置"
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark={false} aria-label="客户端设置">
        <Form.Item
          name="apiOrigin"
          label="服务器地址"
          extra={
            loaded?.apiOriginFromEnvironment
              ? '由环境变量 MARKET_API_ORIGIN 指定，此处不能修改'
              : '修改后需要重启客户端'
          }
          rules={[
            {
              validator: (_, value: string) => {
                const problem = apiOriginProblem(value ?? '')
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input placeholder="http://localhost:8080" disabled={loaded?.apiOriginFromEnvironment} />
        </Form.Item>
        <Form.Item name="notifications" label="桌面通知">
          <Checkbox.Group
            options={NOTIFICATION_KINDS.map((kind) => ({
              value: kind,
              label: NOTIFICATION_KIND_LABELS[kind],
            }))}
            style={{ display: 'grid', gap: 6 }}
          />
        </Form.Item>
        <Form.Item label="下载目录" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="downloadDir" noStyle rules={[{ required: true, message: '请选择下载目录' }]}>
              <Input readOnly aria-label="下载目录" />
            </Form.Item>
            <Button icon={<FolderOpenOutlined />} onClick={() => void chooseDir()}>
              选择…
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="askWhereToSave" label="每次下载前询问保存位置" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="startMinimized" label="启动时最小化到系统托盘" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {version ? <Typography.Text type="secondary">客户端版本 {version}</Typography.Text> : null}
    </Modal>
  )
}
