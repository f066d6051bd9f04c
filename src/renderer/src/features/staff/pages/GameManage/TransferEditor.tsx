/** The fields a seller hands over on delivery (what getGameTransferCollectConfig serves). */
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd'
import type { GameTransferCollectConfig, TransferField } from '@shared/api/game'
import { GAME_LIMITS, TRANSFER_KIND_LABELS, TRANSFER_KINDS } from '@shared/api/game'
import { PERMS } from '@shared/permissions'
import { useSaveGameTransfer } from '@renderer/api/game'
import { HasPermi } from '@renderer/components/HasPermi'
import { useHasPermi } from '@renderer/components/use-permission'
import { fieldBase } from './field-base'

function clean(f: TransferField): TransferField {
  const out: TransferField = { ...fieldBase(f), secret: Boolean(f.secret) }
  if (f.maxLength) out.maxLength = f.maxLength
  if (f.placeholder?.trim()) out.placeholder = f.placeholder.trim()
  return out
}

export function TransferEditor({ transfer }: { transfer: GameTransferCollectConfig }) {
  const [form] = Form.useForm<{ fields: TransferField[] }>()
  const save = useSaveGameTransfer()
  const canEdit = useHasPermi([PERMS.gameEdit])
  return (
    <Form
      form={form}
      disabled={!canEdit}
      initialValues={{ fields: transfer.fields }}
      onFinish={(values) =>
        save.mutate({ gameId: transfer.gameId, fields: (values.fields ?? []).map(clean) })
      }
    >
      <Form.List name="fields">
        {(fields, { add, remove, move }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field, i) => (
              <Space key={field.key} wrap>
                <Form.Item
                  name={[field.name, 'key']}
                  rules={[{ required: true, whitespace: true, message: '字段标识' }]}
                  noStyle
                >
                  <Input placeholder="字段标识" maxLength={30} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'label']} noStyle>
                  <Input placeholder="字段名称" maxLength={30} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} noStyle>
                  <Select
                    style={{ width: 110 }}
                    options={TRANSFER_KINDS.map((k) => ({ value: k, label: TRANSFER_KIND_LABELS[k] }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'maxLength']} noStyle>
                  <InputNumber
                    placeholder="最大长度"
                    min={1}
                    max={500}
                    precision={0}
                    style={{ width: 100 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'placeholder']} noStyle>
                  <Input placeholder="输入提示" maxLength={50} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} valuePropName="checked" noStyle>
                  <Checkbox>必填</Checkbox>
                </Form.Item>
                <Form.Item name={[field.name, 'secret']} valuePropName="checked" noStyle>
                  <Checkbox>保密</Checkbox>
                </Form.Item>
                <HasPermi permissions={[PERMS.gameEdit]}>
                  <Button type="link" size="small" onClick={() => move(i, i - 1)} disabled={i === 0}>
                    上移
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(field.name)}>
                    删除
                  </Button>
                </HasPermi>
              </Space>
            ))}
            <HasPermi permissions={[PERMS.gameEdit]}>
              <Space>
                <Button
                  type="dashed"
                  disabled={fields.length >= GAME_LIMITS.transferFields}
                  onClick={() => add({ key: '', label: '', kind: 'text', required: true, secret: false })}
                >
                  + 字段
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存交接字段
                </Button>
              </Space>
            </HasPermi>
          </Space>
        )}
      </Form.List>
    </Form>
  )
}
